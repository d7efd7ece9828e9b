import type { ComponentType } from 'react';
import type { AnswerValue, QuestionnaireDefinition } from '../../engine/definition/types.ts';
import type { Question, QuestionKind } from '../../engine/definition/questionTypes.ts';

/** Props of the widget of one question kind: a controlled component, no state of its own, no I/O. */
export interface WidgetProps<K extends QuestionKind> {
  /** The question drawn. */
  question: Extract<Question, { kind: K }>;
  /** The definition, for shared scales. */
  definition: QuestionnaireDefinition;
  /** Number shown before the text. */
  number: number;
  /** The held answer, if any. */
  value: AnswerValue | undefined;
  /** Message of the question's error, when the page was refused. */
  error: string | undefined;
  /** Option values other questions already hold (exclusive groups); left out of the choices. */
  taken: ReadonlySet<number>;
  /** Reports a new answer (undefined clears it). */
  onChange: (value: AnswerValue | undefined) => void;
}

/** A widget drawing one question kind. */
export type Widget<K extends QuestionKind> = ComponentType<WidgetProps<K>>;
