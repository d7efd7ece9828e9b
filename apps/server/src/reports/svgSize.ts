import SVGMeasureModule from 'pdfmake/js/SVGMeasure.js';

/*
 * pdfmake reads an SVG's size by parsing the whole document with xmldoc, then parses it again to
 * write the drawn size and serialises it, before svg-to-pdfkit parses it a third time: for the
 * consolidated scanner's 200 charts, a tenth of the rendering. The charts' SVG (ECharts' server
 * renderer) always opens with `<svg width=".." height=".." … viewBox="..">`: its size is read and
 * rewritten on that opening tag alone. Anything else goes through pdfmake's own code.
 */

interface Measure {
  measureSVG(svg: unknown): { width?: number; height?: number };
  writeDimensions(svg: unknown, dimensions: { width: number; height: number }): unknown;
}

const OPENING = /^<svg\b[^>]*>/;
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** The opening tag of an SVG string with a numeric width and height and a viewBox, else undefined. */
function sized(svg: unknown): { tag: string; width: number; height: number } | undefined {
  if (typeof svg !== 'string') return undefined;
  const tag = OPENING.exec(svg)?.[0];
  if (!tag || attribute(tag, 'viewBox') === undefined) return undefined;
  const [width, height] = [Number(attribute(tag, 'width')), Number(attribute(tag, 'height'))];
  return Number.isFinite(width) && Number.isFinite(height) ? { tag, width, height } : undefined;
}

const prototype = ((SVGMeasureModule as unknown as { default?: unknown }).default ?? SVGMeasureModule) as { prototype: Measure };
const { measureSVG, writeDimensions } = prototype.prototype;

prototype.prototype.measureSVG = function (svg) {
  const known = sized(svg);
  return known ? { width: known.width, height: known.height } : measureSVG.call(this, svg);
};

prototype.prototype.writeDimensions = function (svg, dimensions) {
  const known = sized(svg);
  if (!known) return writeDimensions.call(this, svg, dimensions);
  const tag = known.tag.replace(/\swidth="[^"]*"/, ` width="${dimensions.width}"`).replace(/\sheight="[^"]*"/, ` height="${dimensions.height}"`);
  return tag + (svg as string).slice(known.tag.length);
};
