import { takenOptions, type LocatedQuestion } from '../engine/definition/questions.ts';
import type { AnswerValue, Answers, QuestionnaireDefinition } from '../engine/definition/types.ts';
import type { QuestionKind } from '../engine/definition/questionTypes.ts';
import { widgets } from './widgets/registry.ts';
import type { Widget } from './widgets/types.ts';

/** Draws one question with the widget registered for its kind. */
export function QuestionView({
  located,
  definition,
  answers,
  error,
  onChange,
}: {
  located: LocatedQuestion;
  definition: QuestionnaireDefinition;
  answers: Answers;
  error: string | undefined;
  onChange: (questionId: string, value: AnswerValue | undefined) => void;
}) {
  // The registry is exhaustive by kind; TypeScript cannot correlate the lookup with the question's type.
  const Component = widgets[located.question.kind] as Widget<QuestionKind>;
  return (
    <Component
      question={located.question as never}
      definition={definition}
      number={located.number}
      value={answers[located.question.id]}
      taken={takenOptions(definition, located.question, answers)}
      error={error}
      onChange={(next) => onChange(located.question.id, next)}
    />
  );
}
