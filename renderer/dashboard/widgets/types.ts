import type { Row, Widget, WidgetKind } from '../../../engine/definition/dashboard';

/** What the component drawing a widget of kind K receives. */
export interface WidgetProps<K extends WidgetKind> {
  widget: Extract<Widget, { kind: K }>;
  /** The dataset's rows kept by the widget's `where` (never empty: the card shows the empty text instead). */
  rows: Row[];
  /** The widget's name for tables, images and screen readers: its title, or the view's. */
  name: string;
  /** The heading level of the widget's own sub-headings. */
  level: number;
}
