import { measureText } from '../../../apps/server/src/reports/fonts.ts';

/**
 * The texts of a chart as ECharts draws them into SVG on the server, each with the box it covers on
 * the page, measured with Roboto's advance widths (the font the PDF embeds and the app serves), and
 * which of them overlap. A box is the text's advance width by its font size (the glyphs of a line sit
 * within it), placed by `text-anchor` and `dominant-baseline` and turned by the element's transform.
 */

/** A drawn text and the four corners of its box, in SVG pixels. */
export interface TextBox {
  text: string;
  corners: [number, number][];
}

type Matrix = [number, number, number, number, number, number];

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** The transform attribute's matrix (`translate(x y)`, `matrix(a b c d e f)`, `rotate(deg)`, in sequence). */
function matrixOf(transform: string | undefined): Matrix {
  let result = IDENTITY;
  for (const match of (transform ?? '').matchAll(/(translate|matrix|rotate|scale)\(([^)]*)\)/g)) {
    const values = match[2]!.split(/[\s,]+/).filter(Boolean).map(Number);
    let next: Matrix;
    if (match[1] === 'translate') next = [1, 0, 0, 1, values[0] ?? 0, values[1] ?? 0];
    else if (match[1] === 'matrix') next = values as Matrix;
    else if (match[1] === 'scale') next = [values[0] ?? 1, 0, 0, values[1] ?? values[0] ?? 1, 0, 0];
    else {
      const angle = ((values[0] ?? 0) * Math.PI) / 180;
      next = [Math.cos(angle), Math.sin(angle), -Math.sin(angle), Math.cos(angle), 0, 0];
    }
    const [a, b, c, d, e, f] = result;
    const [a2, b2, c2, d2, e2, f2] = next;
    result = [a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2, a * e2 + c * f2 + e, b * e2 + d * f2 + f];
  }
  return result;
}

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);

/** Every non-empty text of an SVG document with its box. */
export function textBoxes(svg: string): TextBox[] {
  const boxes: TextBox[] = [];
  for (const match of svg.matchAll(/<text(\s[^>]*)>([^<]*)<\/text>/g)) {
    const tag = match[1]!;
    const text = decode(match[2]!);
    if (text.trim() === '') continue;
    const style = attribute(tag, 'style') ?? '';
    const size = Number(/font-size:\s*([\d.]+)px/.exec(style)?.[1] ?? 12);
    const weight = /font-weight:\s*(bold|[5-9]00)/.exec(style)?.[1];
    const width = measureText(text, `${weight ? 'bold ' : ''}${size}px Roboto`).width;
    const x = Number(attribute(tag, 'x') ?? 0);
    const y = Number(attribute(tag, 'y') ?? 0);
    const anchor = attribute(tag, 'text-anchor') ?? 'start';
    const left = anchor === 'middle' ? x - width / 2 : anchor === 'end' ? x - width : x;
    const baseline = attribute(tag, 'dominant-baseline') ?? 'alphabetic';
    const top = baseline === 'central' || baseline === 'middle' ? y - size / 2 : baseline === 'hanging' || baseline === 'text-before-edge' ? y : baseline === 'text-after-edge' || baseline === 'ideographic' ? y - size : y - size * 0.8;
    const [a, b, c, d, e, f] = matrixOf(attribute(tag, 'transform'));
    const corners = (
      [
        [left, top],
        [left + width, top],
        [left + width, top + size],
        [left, top + size],
      ] as const
    ).map(([px, py]): [number, number] => [a * px + c * py + e, b * px + d * py + f]);
    boxes.push({ text, corners });
  }
  return boxes;
}

/** The box shrunk towards its centre by `by` pixels on every side (glyphs rarely fill their box's edges). */
function shrink(box: TextBox, by: number): [number, number][] {
  const [p0, p1, , p3] = box.corners as [[number, number], [number, number], [number, number], [number, number]];
  const along = [p1[0] - p0[0], p1[1] - p0[1]];
  const across = [p3[0] - p0[0], p3[1] - p0[1]];
  const unit = (v: number[]) => {
    const length = Math.hypot(v[0]!, v[1]!) || 1;
    return [v[0]! / length, v[1]! / length];
  };
  const [ux, uy] = unit(along) as [number, number];
  const [vx, vy] = unit(across) as [number, number];
  const width = Math.max(Math.hypot(along[0]!, along[1]!) - 2 * by, 0);
  const height = Math.max(Math.hypot(across[0]!, across[1]!) - 2 * by, 0);
  const origin = [p0[0] + by * (ux + vx), p0[1] + by * (uy + vy)] as [number, number];
  return [origin, [origin[0] + ux * width, origin[1] + uy * width], [origin[0] + ux * width + vx * height, origin[1] + uy * width + vy * height], [origin[0] + vx * height, origin[1] + vy * height]];
}

/** Whether two convex polygons overlap (separating axis theorem: no axis of their edges separates them). */
function polygonsOverlap(first: [number, number][], second: [number, number][]): boolean {
  for (const polygon of [first, second]) {
    for (let index = 0; index < polygon.length; index += 1) {
      const [x1, y1] = polygon[index]!;
      const [x2, y2] = polygon[(index + 1) % polygon.length]!;
      const normal = [y1 - y2, x2 - x1] as const;
      if (normal[0] === 0 && normal[1] === 0) continue;
      const project = (points: [number, number][]) => points.map(([x, y]) => x * normal[0] + y * normal[1]);
      const a = project(first);
      const b = project(second);
      if (Math.max(...a) <= Math.min(...b) || Math.max(...b) <= Math.min(...a)) return false;
    }
  }
  return true;
}

/**
 * The pairs of texts whose boxes overlap by more than `tolerance` pixels on every side (1 by default: a
 * text touching another is not read as one).
 */
export function overlappingTexts(boxes: TextBox[], tolerance = 1): [string, string][] {
  const shrunk = boxes.map((box) => shrink(box, tolerance));
  const pairs: [string, string][] = [];
  for (let i = 0; i < boxes.length; i += 1) {
    for (let j = i + 1; j < boxes.length; j += 1) {
      if (polygonsOverlap(shrunk[i]!, shrunk[j]!)) pairs.push([boxes[i]!.text, boxes[j]!.text]);
    }
  }
  return pairs;
}

/** The texts drawn partly outside the chart's `width` × `height` (cut off on the page). */
export function textsOutside(boxes: TextBox[], width: number, height: number, tolerance = 1): string[] {
  return boxes.filter((box) => box.corners.some(([x, y]) => x < -tolerance || y < -tolerance || x > width + tolerance || y > height + tolerance)).map((box) => box.text);
}

/** A straight piece of a drawn line, from one point to the next. */
export type Segment = [[number, number], [number, number]];

/**
 * The segments of the lines of a line chart's series as ECharts draws them into SVG: unfilled paths of
 * straight strokes (`M x y L x y …`), 2 pixels wide, with a line join and no transform (the axis and
 * split lines have no width of their own; the legend's sample lines are moved by a transform).
 */
export function lineSegments(svg: string): Segment[] {
  const segments: Segment[] = [];
  for (const match of svg.matchAll(/<path(\s[^>]*)>/g)) {
    const tag = match[1]!;
    if (attribute(tag, 'fill') !== 'none' || attribute(tag, 'stroke-width') !== '2' || attribute(tag, 'stroke-linejoin') === undefined || attribute(tag, 'transform') !== undefined) continue;
    const d = attribute(tag, 'd') ?? '';
    if (!/^M[\d\s.,LM-]+$/.test(d)) continue;
    const points = [...d.matchAll(/([ML])\s*(-?[\d.]+)[\s,]+(-?[\d.]+)/g)].map((point) => ({ move: point[1] === 'M', at: [Number(point[2]), Number(point[3])] as [number, number] }));
    for (let index = 1; index < points.length; index += 1) if (!points[index]!.move) segments.push([points[index - 1]!.at, points[index]!.at]);
  }
  return segments;
}

/** The texts whose box a line segment crosses by more than `tolerance` pixels (1 by default). */
export function textsOnLines(boxes: TextBox[], segments: Segment[], tolerance = 1): string[] {
  return boxes.filter((box) => {
    const shrunk = shrink(box, tolerance);
    return segments.some((segment) => polygonsOverlap(shrunk, segment));
  }).map((box) => box.text);
}

/**
 * The pairs of upright texts on one line (their heights overlapping by half or more) less than `gap`
 * pixels apart side by side: read as one ('4,04,0', '10,010,0'), even where their boxes do not overlap.
 */
export function runTogether(boxes: TextBox[], gap = 2): [string, string][] {
  const upright = boxes.flatMap((box) => {
    const [p0, p1, p2] = box.corners as [[number, number], [number, number], [number, number]];
    if (Math.abs(p1[1] - p0[1]) > 0.01) return [];
    return [{ text: box.text, left: Math.min(p0[0], p1[0]), right: Math.max(p0[0], p1[0]), top: Math.min(p0[1], p2[1]), bottom: Math.max(p0[1], p2[1]) }];
  });
  const pairs: [string, string][] = [];
  for (let i = 0; i < upright.length; i += 1) {
    for (let j = i + 1; j < upright.length; j += 1) {
      const [a, b] = [upright[i]!, upright[j]!];
      const shared = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (shared < Math.min(a.bottom - a.top, b.bottom - b.top) / 2) continue;
      const apart = Math.max(a.left, b.left) - Math.min(a.right, b.right);
      if (apart < gap && apart > -1) pairs.push([a.text, b.text]);
    }
  }
  return pairs;
}
