import type { LayoutNode, PersonFilter, SummaryLine, Widget, WidgetHelp } from './dashboard.ts';
import { conditionReads, strings, type Checker, type Read, type Start } from './datasetSemantics.ts';
import { format, messages } from '../messages.ts';

/*
 * The checks of a dashboard's layout (`dashboardSemantics.ts`): every widget reads a dataset the view
 * sends and fields its rows carry, its `help` explains what it shows, and the summary lines of the
 * report read what exists.
 */

const text = messages.definitionCheck;

/** The optional fields of a widget, as reads. */
const optional = (entries: [string, string | undefined][]): Read[] => entries.flatMap(([at, field]): Read[] => (field === undefined ? [] : [[at, field]]));

/** The `{field}` placeholders of a text. */
const placeholders = (value: string | undefined): string[] => [...(value ?? '').matchAll(/\{([^{}]+)\}/g)].map((match) => match[1]!);

/** The fields a widget's encoding reads, with their JSON paths in it. */
function widgetFields(widget: Widget): Read[] {
  switch (widget.kind) {
    case 'bar':
      return optional([['/category', widget.category], ['/value', widget.value], ['/series', widget.series], ['/color', widget.color], ['/detail', widget.detail], ['/reference/field', widget.reference?.field]]);
    case 'line':
      return optional([['/category', widget.category], ['/value', widget.value], ['/series', widget.series], ['/color', widget.color], ['/reference/field', widget.reference?.field]]);
    case 'scatter':
      return [['/x', widget.x], ['/y', widget.y], ['/label', widget.label]];
    case 'pie':
      return optional([['/category', widget.category], ['/value', widget.value], ['/color', widget.color]]);
    case 'gauge':
      return optional([['/value', widget.value], ['/label', widget.label]]);
    case 'ring':
      return optional([['/category', widget.category], ['/value', widget.value], ['/color', widget.color]]);
    case 'wordCloud':
      return [['/word', widget.word], ['/value', widget.value]];
    case 'heatmap':
      return optional([['/row', widget.row], ['/column', widget.column], ['/value', widget.value], ['/count', widget.count], ['/color', widget.color], ['/withheld', widget.withheld]]);
    case 'table':
      return [
        ...widget.columns.flatMap((column, index) => optional([[`/columns/${index}/field`, column.field], [`/columns/${index}/color`, column.color]])),
        // A link's placeholders are fields of the row.
        ...widget.columns.flatMap((column, index): Read[] =>
          (['href', 'label'] as const).flatMap((key) => placeholders(column.link?.[key]).map((field): Read => [`/columns/${index}/link/${key}`, field])),
        ),
        ...optional([['/rowColor', widget.rowColor]]),
      ];
    case 'columns':
      return [['/item', widget.item], ['/by', widget.by]];
    case 'quadrants':
      return optional([['/category', widget.category], ['/value', widget.value], ['/color', widget.color]]);
    case 'texts':
      return optional([['/text', widget.text], ['/group', widget.group], ['/by', widget.by]]);
    case 'stat':
      return [['/value', widget.value]];
    case 'names':
      return [['/name', widget.name]];
    case 'legend':
      return [];
  }
}

/** The colour fields of a widget (a band colour makes it band-coloured). */
function colorFields(widget: Widget): string[] {
  switch (widget.kind) {
    case 'bar':
    case 'pie':
    case 'ring':
    case 'quadrants':
    case 'heatmap':
      return widget.color === undefined ? [] : [widget.color];
    case 'table':
      return [...widget.columns.flatMap((column) => (column.color === undefined ? [] : [column.color])), ...(widget.rowColor === undefined ? [] : [widget.rowColor])];
    default:
      return [];
  }
}

/**
 * The names a widget shows that each need a meaning (the cells of a quadrants widget, the letters of a
 * scatter's quadrants, the bands of a gauge or a line, the bands of a band colour), and every name a
 * meaning may be given for (all of these and, but for a legend and a quadrants widget, whatever text its rows may carry).
 */
function helpNames(widget: Widget, rows: Pick<Start, 'labels' | 'bandColors'> | undefined): { required: string[]; allowed: Set<string> } {
  const bandColored = colorFields(widget).flatMap((field) => rows?.bandColors.get(field) ?? []);
  if (widget.kind === 'legend') return { required: [], allowed: new Set(widget.items.map((item) => item.label)) };
  if (widget.kind === 'quadrants') return { required: widget.cells, allowed: new Set(widget.cells) };
  const own = widget.kind === 'scatter' ? widget.quadrants : widget.kind === 'gauge' || widget.kind === 'line' ? (widget.bands ?? []).map((band) => band.label) : [];
  const required = [...new Set([...own, ...bandColored])];
  const { help: _help, ...shown } = widget;
  return { required, allowed: new Set([...required, ...strings(shown), ...(rows?.labels ?? [])]) };
}

/** Checks a widget's `help`: no empty text, a meaning only for a name the widget can show, one for each name it must explain. */
function checkHelp(widget: Widget, at: string, rows: Pick<Start, 'labels' | 'bandColors'> | undefined, check: Checker): void {
  const help: WidgetHelp | undefined = widget.help;
  const { required, allowed } = helpNames(widget, rows);
  if (help?.text !== undefined && help.text.trim() === '') check.add(`${at}/help/text`, text.helpEmpty);
  if (help && help.text === undefined && Object.keys(help.meanings ?? {}).length === 0) check.add(`${at}/help`, text.helpNothing);
  for (const [name, meaning] of Object.entries(help?.meanings ?? {})) {
    const pointer = `${at}/help/meanings/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    if (meaning.trim() === '') check.add(pointer, format(text.helpEmptyMeaning, { name }));
    if (!allowed.has(name)) check.add(pointer, format(text.helpUnknownName, { name, names: required.length > 0 ? required.join(', ') : [...allowed].slice(0, 12).join(', ') }));
  }
  const missing = required.filter((name) => help?.meanings?.[name] === undefined);
  if (missing.length > 0) check.add(help ? `${at}/help` : at, format(text.helpMissing, { names: missing.join(', ') }));
}

/** Every section's `subject` in the nodes, at its JSON pointer. */
export function sectionSubjects(nodes: LayoutNode[], pointer: string): [string, PersonFilter][] {
  return nodes.flatMap((node, index): [string, PersonFilter][] => {
    const at = `${pointer}/${index}`;
    if (node.kind === 'tabs') return node.tabs.flatMap((tab, tabIndex) => sectionSubjects(tab.content, `${at}/tabs/${tabIndex}/content`));
    if (node.kind === 'toggle') return node.options.flatMap((option, optionIndex) => sectionSubjects(option.content, `${at}/options/${optionIndex}/content`));
    if (node.kind === 'repeat') return sectionSubjects(node.content, `${at}/content`);
    if (node.kind === 'section') return [...(node.subject === undefined ? [] : [[`${at}/subject`, node.subject] as [string, PersonFilter]]), ...sectionSubjects(node.content, `${at}/content`)];
    return [];
  });
}

export function checkLayout(nodes: LayoutNode[], pointer: string, fields: Map<string, Set<string>>, check: Checker, keys: string[] = [], shown: Map<string, Start> = new Map()): void {
  nodes.forEach((node, index) => {
    const at = `${pointer}/${index}`;
    if (node.kind === 'tabs') node.tabs.forEach((tab, tabIndex) => checkLayout(tab.content, `${at}/tabs/${tabIndex}/content`, fields, check, keys, shown));
    else if (node.kind === 'toggle') {
      if (node.style === 'cycle' && !node.label) check.add(at, text.cycleLabel);
      node.options.forEach((option, optionIndex) => checkLayout(option.content, `${at}/options/${optionIndex}/content`, fields, check, keys, shown));
    } else if (node.kind === 'section') checkLayout(node.content, `${at}/content`, fields, check, keys, shown);
    else if (node.kind === 'repeat') {
      const known = fields.get(node.dataset);
      if (!known) check.add(`${at}/dataset`, format(text.noDataset, { name: node.dataset }));
      else if (!known.has('*')) {
        for (const [path, field] of [['/key', node.key], ['/title', node.title]] as const) {
          if (!known.has(field)) check.add(`${at}${path}`, format(text.unknownFieldIn, { field, dataset: node.dataset, fields: [...known].join(', ') }));
        }
      }
      checkLayout(node.content, `${at}/content`, fields, check, [...keys, node.key], shown);
    } else {
      checkHelp(node, at, node.kind === 'legend' ? undefined : shown.get(node.dataset), check);
      if (node.kind === 'legend') return;
      const known = fields.get(node.dataset);
      if (!known) {
        check.add(`${at}/dataset`, format(text.noDataset, { name: node.dataset }));
        return;
      }
      if (known.has('*')) return;
      const have = [...known].join(', ');
      for (const [path, field] of [...widgetFields(node), ...conditionReads('/where', node.where)]) {
        if (!known.has(field)) check.add(`${at}${path}`, format(text.unknownFieldIn, { field, dataset: node.dataset, fields: have }));
      }
      // Inside a repeat, every widget's rows are narrowed by the repeat's key: they must carry it.
      for (const field of keys) if (!known.has(field)) check.add(`${at}/dataset`, format(text.repeatKeyMissing, { field, dataset: node.dataset }));
    }
  });
}

/** A report summary's line reads a dataset the view has, and fields its rows carry. */
export function checkSummaryLine(line: SummaryLine, at: string, fields: Map<string, Set<string>>, check: Checker): void {
  const known = fields.get(line.dataset);
  if (!known) {
    check.add(`${at}/dataset`, format(text.noDataset, { name: line.dataset }));
    return;
  }
  if (known.has('*')) return;
  for (const [path, field] of [['/name', line.name], ['/value', line.value], ...conditionReads('/where', line.where)] as const) {
    if (!known.has(field)) check.add(`${at}${path}`, format(text.unknownFieldIn, { field, dataset: line.dataset, fields: [...known].join(', ') }));
  }
}

