/**
 * The charts' size as pdfmake reads and rewrites it (`apps/server/src/reports/svgSize.ts`): read from
 * the SVG's opening tag, it is what pdfmake's own parsing of the whole document gives, and the rewritten
 * SVG is the same document with the drawn size.
 */
import { XmlDocument } from 'xmldoc';
import { describe, expect, it } from 'vitest';
import SVGMeasureModule from 'pdfmake/js/SVGMeasure.js';
import '../../apps/server/src/reports/svgSize.ts';
import { chartSvg } from '../../apps/server/src/reports/charts.ts';

const SVGMeasure = ((SVGMeasureModule as unknown as { default?: unknown }).default ?? SVGMeasureModule) as new () => {
  measureSVG(svg: string): { width: number; height: number };
  writeDimensions(svg: string, size: { width: number; height: number }): string;
};

describe("a chart's SVG size in the PDF", () => {
  const svg = chartSvg({ xAxis: { type: 'category', data: ['Clareza', 'Conflitos'] }, yAxis: {}, series: [{ type: 'bar', data: [4, 2] }] }, 342, 320);

  it('is read from the opening tag as a full parse reads it', () => {
    const parsed = new XmlDocument(svg);
    expect(new SVGMeasure().measureSVG(svg)).toEqual({ width: Number(parsed.attr.width), height: Number(parsed.attr.height) });
  });

  it('is rewritten to the drawn size, the rest of the document unchanged', () => {
    const written = new SVGMeasure().writeDimensions(svg, { width: 251.5, height: 235.3 });
    const [before, after] = [new XmlDocument(svg), new XmlDocument(written)];
    expect(after.attr).toEqual({ ...before.attr, width: '251.5', height: '235.3' });
    expect(after.toString()).toBe(new XmlDocument(svg.replace(/^<svg\b[^>]*>/, (tag) => tag.replace('width="342"', 'width="251.5"').replace('height="320"', 'height="235.3"'))).toString());
  });

  it('goes through pdfmake’s own parsing for an SVG without a size on its tag', () => {
    const bare = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 20"><rect width="10" height="20"/></svg>';
    expect(new SVGMeasure().measureSVG(bare)).toEqual({ width: 10, height: 20 });
  });
});
