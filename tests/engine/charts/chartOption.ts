import type { EChartsOption } from 'echarts';

/** A loosely typed view of an option's parts, for assertions. */
export type Part = Record<string, unknown> & {
  data?: unknown[];
  label?: Part;
  itemStyle?: Part;
};

/** The option's series, as plain objects. */
export function seriesOf(option: EChartsOption): Part[] {
  return option.series as unknown as Part[];
}

/** The first series. */
export function firstSeries(option: EChartsOption): Part {
  const series = seriesOf(option)[0];
  if (!series) throw new Error('no series');
  return series;
}

/** A series' data items. */
export function itemsOf(series: Part): Part[] {
  return (series.data ?? []) as Part[];
}

/** Every object under a key that holds a text style, anywhere in the option, with its path. */
export function textStyles(node: unknown, path = ''): { path: string; style: Part }[] {
  const keys = /(^|\.)(label|axisLabel|endLabel|nameTextStyle|detail|title|textStyle)$/;
  if (Array.isArray(node)) return node.flatMap((item, index) => textStyles(item, `${path}[${index}]`));
  if (typeof node !== 'object' || node === null) return [];
  const own = keys.test(path) ? [{ path, style: node as Part }] : [];
  return [...own, ...Object.entries(node).flatMap(([key, value]) => textStyles(value, path === '' ? key : `${path}.${key}`))];
}

/** Paths of every function or undefined anywhere in a value (an option must be plain JSON). */
export function notJson(node: unknown, path = ''): string[] {
  if (typeof node === 'function' || node === undefined) return [path];
  if (Array.isArray(node)) return node.flatMap((item, index) => notJson(item, `${path}[${index}]`));
  if (typeof node === 'object' && node !== null) return Object.entries(node).flatMap(([key, value]) => notJson(value, `${path}.${key}`));
  return [];
}

/** Paths of every key named `name` anywhere in a value. */
export function keysNamed(node: unknown, name: string, path = ''): string[] {
  if (Array.isArray(node)) return node.flatMap((item, index) => keysNamed(item, name, `${path}[${index}]`));
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) => [...(key === name ? [`${path}.${key}`] : []), ...keysNamed(value, name, `${path}.${key}`)]);
}
