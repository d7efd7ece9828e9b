import type { QuestionKind } from '../../engine/definition/types.ts';
import { ScaleWidget } from './ScaleWidget.tsx';
import { TextWidget } from './TextWidget.tsx';
import type { Widget } from './types.ts';

/** The widget of every question kind; exhaustive by type, so a new kind needs its widget here. */
export const widgets: { [K in QuestionKind]: Widget<K> } = {
  scale: ScaleWidget,
  text: TextWidget,
};
