import { lazy } from 'react';
import type { QuestionKind } from '../../engine/definition/types.ts';
import { allQuestions } from '../../engine/definition/questions.ts';
import type { QuestionnaireDefinition } from '../../engine/definition/types.ts';
import type { Widget } from './types.ts';

type WidgetModule<K extends QuestionKind> = () => Promise<{ default: Widget<K> }>;

/** Where each kind's widget lives; exhaustive by type, so a new kind needs its widget here. */
const widgetModules: { [K in QuestionKind]: WidgetModule<K> } = {
  scale: () => import('./ScaleWidget.tsx'),
  text: () => import('./TextWidget.tsx'),
};

/** The widget of every question kind, loaded on first use: a form downloads only the kinds it has. */
export const widgets = Object.fromEntries(
  Object.entries(widgetModules).map(([kind, load]) => [kind, lazy(load as WidgetModule<QuestionKind>)]),
) as unknown as { [K in QuestionKind]: Widget<K> };

/** Starts loading the widgets a definition uses, so they arrive together with it. */
export function preloadWidgets(definition: QuestionnaireDefinition): Promise<unknown> {
  const kinds = new Set(allQuestions(definition).map(({ question }) => question.kind));
  return Promise.all([...kinds].map((kind) => widgetModules[kind]()));
}
