import { allQuestions } from '../../engine/definition/questions.ts';
import type { QuestionnaireDefinition } from '../../engine/definition/types.ts';
import type { QuestionKind } from '../../engine/definition/questionTypes.ts';
import { preloadable, type Preloadable } from '../preloadable.ts';
import type { Widget, WidgetProps } from './types.ts';

/** Where each kind's widget lives; exhaustive by type, so a new kind needs its widget here. */
const modules: { [K in QuestionKind]: Preloadable<WidgetProps<K>> } = {
  choice: preloadable(() => import('./ChoiceWidget.tsx'), 'Widget(choice)'),
  checkboxes: preloadable(() => import('./CheckboxesWidget.tsx'), 'Widget(checkboxes)'),
  text: preloadable(() => import('./TextWidget.tsx'), 'Widget(text)'),
  grade: preloadable(() => import('./GradeWidget.tsx'), 'Widget(grade)'),
  // TipTap comes with this module only: forms without rich text never download it.
  richText: preloadable(() => import('./RichTextWidget.tsx'), 'Widget(richText)'),
  boolean: preloadable(() => import('./BooleanWidget.tsx'), 'Widget(boolean)'),
};

/** The source file of each kind's widget (repository path), for the server's preload hints. */
const sources: { [K in QuestionKind]: string } = {
  choice: 'renderer/widgets/ChoiceWidget.tsx',
  checkboxes: 'renderer/widgets/CheckboxesWidget.tsx',
  text: 'renderer/widgets/TextWidget.tsx',
  grade: 'renderer/widgets/GradeWidget.tsx',
  richText: 'renderer/widgets/RichTextWidget.tsx',
  boolean: 'renderer/widgets/BooleanWidget.tsx',
};

const kindsOf = (definition: QuestionnaireDefinition) => [...new Set(allQuestions(definition).map(({ question }) => question.kind))];

/** The widget of every question kind: a form downloads only the kinds it has. */
export const widgets = Object.fromEntries(
  (Object.keys(modules) as QuestionKind[]).map((kind) => [kind, modules[kind].Component]),
) as unknown as { [K in QuestionKind]: Widget<K> };

/** Loads the widgets a definition uses; once it resolves, the form draws without a loading state. */
export function preloadWidgets(definition: QuestionnaireDefinition): Promise<unknown> {
  return Promise.all(kindsOf(definition).map((kind) => modules[kind].preload()));
}

/** The source files of the widgets a definition uses. */
export function widgetSources(definition: QuestionnaireDefinition): string[] {
  return kindsOf(definition).map((kind) => sources[kind]);
}
