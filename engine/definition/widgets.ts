import type { Cell } from './rows.ts';
import type { Condition } from './transforms.ts';

/*
 * The widgets of the dashboard grammar (`dashboard.ts`): a chart or table kind with an encoding of
 * its dataset's fields, drawn by the builders of `engine/charts` and the renderer's registry.
 */

/**
 * How a field's numbers are written: plain, with a percent sign, with one decimal (pt-BR comma), or as
 * a change with its sign and arrow ('+0,4 ▲', '-1,2 ▼', '0,0 =').
 */
export type NumberFormat = 'integer' | 'percent' | 'decimal' | 'change';

/** A band drawn behind a chart (an area of the value axis) or listed in a legend. */
export interface AxisBand {
  label: string;
  from: number;
  to: number;
  color: string;
}

/**
 * How to read a widget and what each thing it shows means, in the consultant's words: behind a 'Como
 * ler' button on screen, and under the widget in the PDF. Empty texts are refused.
 */
export interface WidgetHelp {
  /** How to read the widget (what the bars, lines, points or colours say), in a sentence or two. Default none. */
  text?: string;
  /**
   * What each band, profile, quadrant or style the widget can show means, by its name exactly as shown
   * ('Estresse alto', 'Convergente', a quadrant's letter), listed in this order. Required for every cell of a
   * quadrants widget, every quadrant letter of a scatter, every band of a gauge or line and every band a
   * band-coloured widget can show. Default none.
   */
  meanings?: Record<string, string>;
}

/** Fields every widget shares. */
interface WidgetBase {
  /** Heading shown above the widget. Default none. */
  title?: string;
  /** How to read the widget and what its bands, profiles or quadrants mean. Default none. */
  help?: WidgetHelp;
  /** The dataset drawn. */
  dataset: string;
  /** Keep only the dataset's rows matching these conditions (a tab's questions). Default all rows. */
  where?: Condition[];
  /** Text shown when no row remains. Default the view's `empty`. */
  empty?: string;
  /** Height in pixels of a chart. Default 320. */
  height?: number;
  /**
   * How wide the widget is on a PDF page: 'half' (side by side with the next half, or with its numbers
   * beside it) or 'full'. Default: half for a small chart (a pie, ring or gauge, vertical bars of at most
   * 12 bars, a line of at most 6 points) and a narrow table (at most 3 short columns), full otherwise.
   */
  printWidth?: 'half' | 'full';
}

/**
 * A dashed line across a chart at a value read from its rows (the participation's target), named in
 * the chart and given as a line under its table; none while the field holds no number.
 */
export interface ChartReference {
  /** The field holding the value (of the first row that has a number). */
  field: string;
  /** Its name ('Meta'); the chart writes '{label}: {value}'. */
  label: string;
}

/** Bars: one bar per `category` value, one series per `series` value (or one series), optionally stacked. */
export interface BarWidget extends WidgetBase {
  kind: 'bar';
  category: string;
  value: string;
  /** Field naming each row's series (team versus leadership); its values in first-seen order. */
  series?: string;
  /** Field holding a row's bar colour (a band colour). Default the palette. */
  color?: string;
  /** Colours per series value. Default the palette. */
  seriesColors?: Record<string, string>;
  /**
   * Field whose text follows each value in brackets, in the tooltip and in the table ('67% (Concordo
   * Totalmente)'): what lies behind a segment when the series say what it means (the answer behind a level).
   */
  detail?: string;
  stack?: boolean;
  /** Categories on the vertical axis (long statements). Default false. */
  horizontal?: boolean;
  format?: NumberFormat;
  /** Value labels below this are not drawn (still in the table). Default 0. */
  labelMin?: number;
  /** Value axis range. Default from the data. */
  min?: number;
  max?: number;
  /** A reference line at a value of the rows (the target). Default none. */
  reference?: ChartReference;
}

/** Lines over `category`, one per `series` value, with optional bands behind (Insuficiente … Excelente). */
export interface LineWidget extends WidgetBase {
  kind: 'line';
  category: string;
  value: string;
  series?: string;
  seriesColors?: Record<string, string>;
  /** Field holding each line's colour (its first row's, e.g. a score's own colour); `seriesColors` wins. Default the palette's. */
  color?: string;
  bands?: AxisBand[];
  format?: NumberFormat;
  min?: number;
  max?: number;
  /** A reference line at a value of the rows (the target). Default none. */
  reference?: ChartReference;
}

/**
 * A grid of groups × scores (sectors × dimensions): one line per `row` value and one column per
 * `column` value (each in first-seen order), each cell the `value` of the row holding both, coloured
 * by its `color` field (a band colour) or else on a scale from light to dark blue between `min` and
 * `max`, with its `count` under the number ('n = 12'). A cell whose `withheld` field holds a text is
 * hidden: grey, '—', the text in its tooltip and in the table (the anonymity of `byGroup`).
 */
export interface HeatmapWidget extends WidgetBase {
  kind: 'heatmap';
  /** Field naming each line (the group). */
  row: string;
  /** The lines' column in the heatmap's table ('Data' for rounds). Default 'Grupo'. */
  rowName?: string;
  /** Field naming each column (the score's label). */
  column: string;
  value: string;
  /** Field holding a cell's respondents, written 'n = 12' under its number. Default none. */
  count?: string;
  /** Field holding a cell's colour (a band colour). Default a blue scale from `min` to `max`. */
  color?: string;
  /** Field holding why a cell is hidden (`withheld` of a `byGroup` summary). Default none. */
  withheld?: string;
  format?: NumberFormat;
  /** The scale's ends (without `color`). Default the data's least and greatest value. */
  min?: number;
  max?: number;
}

/** Points at (`x`, `y`) named by `label`, split in four lettered quadrants at `split`. */
export interface ScatterWidget extends WidgetBase {
  kind: 'scatter';
  x: string;
  y: string;
  label: string;
  xName: string;
  yName: string;
  min: number;
  max: number;
  /** Where the quadrants split, on both axes. */
  split: number;
  /** Quadrant letters: top-left, top-right, bottom-left, bottom-right. */
  quadrants: [string, string, string, string];
}

/** A pie of `value` per `category`. */
export interface PieWidget extends WidgetBase {
  kind: 'pie';
  category: string;
  value: string;
  color?: string;
  format?: NumberFormat;
}

/** A speedometer of the first row's `value`, over the range, coloured by bands. */
export interface GaugeWidget extends WidgetBase {
  kind: 'gauge';
  value: string;
  /** The row's band label shown under the value. Default none. */
  label?: string;
  min: number;
  max: number;
  bands: AxisBand[];
  format?: NumberFormat;
}

/** One ring (circular percentage) per row: `value` of 0–100, `category` under it, `color` from a field. */
export interface RingWidget extends WidgetBase {
  kind: 'ring';
  category: string;
  value: string;
  color?: string;
}

/** Words placed once by the server (a seeded spiral), sized by `value` between the font sizes. */
export interface WordCloudWidget extends WidgetBase {
  kind: 'wordCloud';
  word: string;
  value: string;
  minFont: number;
  maxFont: number;
}

/** One table column: a field, its header, and how numbers (or dates) are written. */
export interface TableColumn {
  field: string;
  label: string;
  /** A number format, or "date": an instant written as its day, dd/mm/aaaa, in the app's time zone (the viewer's on screen). */
  format?: NumberFormat | 'date';
  /** What a cell says whose row has the field but no value (a test sent and not answered: 'Pendente'). A row without the field stays blank. Default blank. */
  missing?: string;
  /** Field holding this cell's background colour (band colours). */
  color?: string;
  /**
   * The cell is a button opening a page of the app instead of the field's text (the interview's
   * 'Avaliar'); screen only, left out of the PDF and the spreadsheet. Default none.
   */
  link?: TableLink;
  /**
   * The account types (`type_account`) that see this column (administrators: [1]). Default every
   * account that sees the view.
   * @minItems 1
   */
  accounts?: number[];
}

/** A table cell's button: the page it opens, with fields of its row in braces ('/interview360/{evaluation}'). */
export interface TableLink {
  /** The app path opened, with `{field}` placeholders filled from the row. */
  href: string;
  /** The button's text ('Avaliar'). */
  text: string;
  /** What a screen reader announces, with `{field}` placeholders ('Avaliar: entrevista de {name} (abre em nova aba)'). Default the text. */
  label?: string;
  /** Opens in a new tab. Default false. */
  newTab?: boolean;
}

/** A table with one row per dataset row. */
export interface TableWidget extends WidgetBase {
  kind: 'table';
  columns: TableColumn[];
  /** Field holding each row's colour (the scanner's green and yellow). Default none. */
  rowColor?: string;
}

/**
 * Items in columns by a field's value (values and needs: only the participant, shared, only the
 * company): one column per entry of `columns`, listing the `item` of rows whose `by` equals its value.
 */
export interface ColumnsWidget extends WidgetBase {
  kind: 'columns';
  item: string;
  by: string;
  columns: { value: Cell; label: string }[];
  /** What a column without items says, on screen and in the PDF (e.g. 'Nenhum valor nesta coluna.'). Default 'Nenhum item nesta coluna.' */
  emptyColumn?: string;
}

/** Free-text answers grouped under their question (suggestions, considerations, 360 open questions). */
export interface TextsWidget extends WidgetBase {
  kind: 'texts';
  text: string;
  group: string;
  /** Field telling who wrote it, shown as a sub-heading per value (self, evaluators). Default none. */
  by?: string;
  byLabels?: Record<string, string>;
}

/**
 * Four styles in a 2 × 2 grid (the objections' quadrants), each cell with its value; `best` is
 * highlighted (convergente). `cells` gives the categories top-left, top-right, bottom-left, bottom-right.
 */
export interface QuadrantsWidget extends WidgetBase {
  kind: 'quadrants';
  category: string;
  value: string;
  color?: string;
  cells: [string, string, string, string];
  best?: string;
  format?: NumberFormat;
}

/** One number from the first row (the count of answers). */
export interface StatWidget extends WidgetBase {
  kind: 'stat';
  value: string;
  label: string;
  format?: NumberFormat;
}

/**
 * The 'N respostas' of the area maps: the number of rows as a button that lists the `name` of each
 * (the respondents); `label` holds "{n}".
 */
export interface NamesWidget extends WidgetBase {
  kind: 'names';
  name: string;
  label: string;
}

/** A fixed legend of bands (the reading criteria, the analysis criteria). */
export interface LegendWidget {
  kind: 'legend';
  title?: string;
  /** How to read the legend; `meanings` keys are item labels. Default none. */
  help?: WidgetHelp;
  items: { label: string; text: string; color: string }[];
}

/** Every widget kind, discriminated on `kind`. */
export type Widget =
  | BarWidget
  | LineWidget
  | ScatterWidget
  | PieWidget
  | GaugeWidget
  | RingWidget
  | WordCloudWidget
  | HeatmapWidget
  | TableWidget
  | ColumnsWidget
  | QuadrantsWidget
  | TextsWidget
  | StatWidget
  | NamesWidget
  | LegendWidget;

/** The widget kinds. */
export type WidgetKind = Widget['kind'];

/** Widgets that draw a dataset (all but the legend). */
export type DataWidget = Exclude<Widget, LegendWidget>;
