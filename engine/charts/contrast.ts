/** Dark text for light backgrounds: near-black, so its contrast is what it seems. */
const DARK_TEXT = '#111111';

/** The sRGB channels (0–1) of a `#rgb` or `#rrggbb` colour, or null. */
function channels(color: string): [number, number, number] | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())?.[1];
  if (!hex) return null;
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  return [0, 2, 4].map((start) => parseInt(full.slice(start, start + 2), 16) / 255) as [number, number, number];
}

/** WCAG 2 relative luminance. */
function luminance([r, g, b]: [number, number, number]): number {
  const linear = (value: number) => (value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio of two luminances. */
function ratio(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/**
 * The text colour on a coloured background (band colours): white or near-black, whichever contrasts
 * more (WCAG AA wants 4.5:1 for small text). A colour that is not a hex colour gets the dark text.
 */
export function textColorOn(background: string): string {
  const rgb = channels(background);
  if (!rgb) return DARK_TEXT;
  const own = luminance(rgb);
  return ratio(own, 1) >= ratio(own, luminance(channels(DARK_TEXT)!)) ? '#ffffff' : DARK_TEXT;
}
