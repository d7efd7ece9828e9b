import type { DashboardDefinition } from './dashboard.ts';
import type { DefinitionError } from './errors.ts';
import type { LayoutNode } from './layout.ts';
import { format, messages } from '../messages.ts';

/*
 * The colours the dashboards share, named by what they mean. A definition names a colour of the
 * palette ("favourable") wherever it gives a colour: a series' colour, a band's, a legend item's, and
 * the values of a `map` into a colour field (`as` "color" or ending in "Color", as a `band` transform
 * makes). A colour of the view's own, used nowhere else, may still be written #rrggbb; one the palette
 * has must be named. Names are replaced by their #rrggbb when the dashboard is resolved
 * (`dashboardSource.ts`): rows, charts and PDFs carry the hex colours as before.
 */

/** The palette: each colour by what it means. */
export const PALETTE = {
  /** Good news: agreeing with a direct statement, 'Excelente', a strength. */
  favourable: '#2e7d32',
  /** Rather good: 'Muito Bom', 'Favorável'. */
  fairlyFavourable: '#7cb342',
  /** Halfway: 'Bom' of the 360 scale, a moderate risk or stress. */
  middling: '#f9a825',
  /** Rather bad: 'Desfavorável', 'Mediano' of the 360 strengths. */
  fairlyUnfavourable: '#ef6c00',
  /** Bad news: a high risk, 'Muito desfavorável', 'Ruim'. */
  unfavourable: '#c62828',
  /** Off the scale: neutral answers, 'Não sei avaliar', the self-evaluation beside the evaluators. */
  neutral: '#9e9e9e',
  /** The main series: the evaluators, the team, the alpha leader. */
  primary: '#1565c0',
  /** A pale background saying 'good' (a signature strength, every test answered). */
  favourableTint: '#c8e6c9',
  /** A pale background asking for attention (the least used strengths). */
  cautionTint: '#ffe0b2',
} as const;

/** A colour's name in the palette. */
export type ColourName = keyof typeof PALETTE;

const text = messages.definitionCheck;
const HEX = /^#[0-9a-fA-F]{6}$/;
const NAMES = Object.keys(PALETTE) as ColourName[];
const BY_HEX = new Map<string, ColourName>(NAMES.map((name) => [PALETTE[name], name]));

/** Whether a field holds colours by its name: "color", or a name ending in "Color" ("rowColor", a band's "strengthColor"). */
export const isColourField = (field: string) => field === 'color' || field.endsWith('Color');

/** A colour as written, resolved: the hex of a palette name, a hex of the view's own, or an error. */
function resolveColour(value: string, pointer: string, errors: DefinitionError[]): string {
  if (HEX.test(value)) {
    const name = BY_HEX.get(value.toLowerCase());
    if (name) errors.push({ pointer, message: format(text.colourNamed, { hex: value, name }) });
    return value;
  }
  if (!Object.hasOwn(PALETTE, value)) {
    errors.push({ pointer, message: format(text.colourUnknown, { name: value, names: NAMES.join(', ') }) });
    return value;
  }
  return PALETTE[value as ColourName];
}

/** Resolves the colour strings of a record in place (a map's values, a bar's series colours). */
function resolveRecord(record: Record<string, unknown>, at: string, errors: DefinitionError[]): void {
  for (const [key, value] of Object.entries(record)) {
    if (typeof value === 'string') record[key] = resolveColour(value, `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, errors);
  }
}

/** Resolves the `color` of each item of a list in place (bands, legend items). */
function resolveItems(items: { color: string }[] | undefined, at: string, errors: DefinitionError[]): void {
  items?.forEach((item, index) => {
    item.color = resolveColour(item.color, `${at}/${index}/color`, errors);
  });
}

function resolveLayout(nodes: LayoutNode[], at: string, errors: DefinitionError[]): void {
  nodes.forEach((node, index) => {
    const pointer = `${at}/${index}`;
    switch (node.kind) {
      case 'tabs':
        node.tabs.forEach((tab, tabIndex) => resolveLayout(tab.content, `${pointer}/tabs/${tabIndex}/content`, errors));
        return;
      case 'toggle':
        node.options.forEach((option, optionIndex) => resolveLayout(option.content, `${pointer}/options/${optionIndex}/content`, errors));
        return;
      case 'section':
      case 'repeat':
        resolveLayout(node.content, `${pointer}/content`, errors);
        return;
      case 'bar':
        if (node.seriesColors) resolveRecord(node.seriesColors, `${pointer}/seriesColors`, errors);
        return;
      case 'line':
        if (node.seriesColors) resolveRecord(node.seriesColors, `${pointer}/seriesColors`, errors);
        resolveItems(node.bands, `${pointer}/bands`, errors);
        return;
      case 'gauge':
        resolveItems(node.bands, `${pointer}/bands`, errors);
        return;
      case 'legend':
        resolveItems(node.items, `${pointer}/items`, errors);
        return;
      default:
        return;
    }
  });
}

/**
 * Replaces every palette name of an expanded dashboard by its #rrggbb, in place (the dashboard is the
 * resolver's own copy), and gives the mistakes: a name the palette lacks, a hex the palette names.
 */
export function resolveColours(dashboard: DashboardDefinition): DefinitionError[] {
  const errors: DefinitionError[] = [];
  for (const [name, dataset] of Object.entries(dashboard.datasets)) {
    dataset.transforms?.forEach((transform, index) => {
      const at = `/datasets/${name.replace(/~/g, '~0').replace(/\//g, '~1')}/transforms/${index}`;
      if (transform.op === 'map' && isColourField(transform.as)) {
        resolveRecord(transform.values, `${at}/values`, errors);
        if (typeof transform.otherwise === 'string') transform.otherwise = resolveColour(transform.otherwise, `${at}/otherwise`, errors);
      }
      if (transform.op === 'band' && transform.bands !== 'classification') resolveItems(transform.bands, `${at}/bands`, errors);
    });
  }
  resolveLayout(dashboard.layout, '/layout', errors);
  if (dashboard.report?.layout) resolveLayout(dashboard.report.layout, '/report/layout', errors);
  dashboard.exports?.forEach((file, index) => resolveLayout(file.layout, `/exports/${index}/layout`, errors));
  return errors;
}
