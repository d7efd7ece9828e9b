/** The SVG drawn inside `container` as a standalone SVG file, or null when nothing is drawn yet. */
export function chartSvgBlob(container: HTMLElement | null): Blob | null {
  const svg = container?.querySelector('svg');
  if (!svg) return null;
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  // A white background: the page's colour does not travel with the file.
  copy.setAttribute('style', `${copy.getAttribute('style') ?? ''};background:#fff`);
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}`;
  return new Blob([text], { type: 'image/svg+xml' });
}
