import { createElement, lazy } from 'react';
import { allQuestions } from '../../engine/definition/questions.ts';
import type { QuestionKind, QuestionnaireDefinition } from '../../engine/definition/types.ts';
import type { Widget, WidgetProps } from './types.ts';

type WidgetModule<K extends QuestionKind> = { default: Widget<K> };

/** Where each kind's widget lives; exhaustive by type, so a new kind needs its widget here. */
const widgetModules: { [K in QuestionKind]: () => Promise<WidgetModule<K>> } = {
  choice: () => import('./ChoiceWidget.tsx'),
  checkboxes: () => import('./CheckboxesWidget.tsx'),
  text: () => import('./TextWidget.tsx'),
};

const loading = new Map<QuestionKind, Promise<WidgetModule<QuestionKind>>>();
const loaded = new Map<QuestionKind, WidgetModule<QuestionKind>>();

function load(kind: QuestionKind): Promise<WidgetModule<QuestionKind>> {
  let promise = loading.get(kind);
  if (!promise) {
    promise = (widgetModules[kind] as () => Promise<WidgetModule<QuestionKind>>)().then((module) => {
      loaded.set(kind, module);
      return module;
    });
    loading.set(kind, promise);
  }
  return promise;
}

/** A widget that loads its kind's module on first use (suspending), and draws at once when preloaded. */
function deferred<K extends QuestionKind>(kind: K): Widget<K> {
  const Lazy = lazy(() => load(kind)) as unknown as Widget<K>;
  function DeferredWidget(props: WidgetProps<K>) {
    const module = loaded.get(kind) as unknown as WidgetModule<K> | undefined;
    return createElement(module ? module.default : Lazy, props);
  }
  DeferredWidget.displayName = `Widget(${kind})`;
  return DeferredWidget;
}

/** The widget of every question kind: a form downloads only the kinds it has. */
export const widgets = Object.fromEntries(
  (Object.keys(widgetModules) as QuestionKind[]).map((kind) => [kind, deferred(kind)]),
) as unknown as { [K in QuestionKind]: Widget<K> };

/** Loads the widgets a definition uses; once it resolves, the form draws without a loading state. */
export function preloadWidgets(definition: QuestionnaireDefinition): Promise<unknown> {
  const kinds = new Set(allQuestions(definition).map(({ question }) => question.kind));
  return Promise.all([...kinds].map(load));
}
