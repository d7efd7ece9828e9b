import type { PersonFilter } from './filters.ts';
import type { Widget } from './widgets.ts';

/*
 * The layout of the dashboard grammar (`dashboard.ts`): tabs, toggles, sections and per-row blocks
 * holding widgets, as the renderer and the PDF draw them (after `template.ts` expanded the repeats).
 */

/** Tabs; switching tab resets the toggles inside. */
export interface TabsNode {
  kind: 'tabs';
  tabs: { label: string; content: LayoutNode[] }[];
}

/**
 * Alternative contents: "cycle" is one button that moves to the next ('Mudar Gráfico'); "buttons"
 * shows one pressed button per option (values / needs).
 */
export interface ToggleNode {
  kind: 'toggle';
  style: 'cycle' | 'buttons';
  /** The cycle button's text. */
  label?: string;
  options: { label: string; content: LayoutNode[] }[];
}

/** A titled group laid out in up to `columns` columns on wide screens. */
export interface SectionNode {
  kind: 'section';
  title?: string;
  /**
   * The person filter this section is about: its chosen person is named after the title ('Resultado
   * do colaborador: Ana Souza'), on screen and in the PDF. One of the view's filters. Default none.
   */
  subject?: PersonFilter;
  columns?: number;
  /** In the PDF report, the section starts a new page. Default false (the screen ignores it). */
  pageBreak?: boolean;
  content: LayoutNode[];
}

/**
 * The content repeated once per distinct `key` value of a dataset's rows (a block per person of the
 * consolidated scanner): inside, every widget's rows are narrowed to that value of `key`, and the
 * block is titled by the `title` field of its first row.
 */
export interface RepeatNode {
  kind: 'repeat';
  dataset: string;
  key: string;
  title: string;
  content: LayoutNode[];
}

/** A node of the layout tree. */
export type LayoutNode = TabsNode | ToggleNode | SectionNode | RepeatNode | Widget;
