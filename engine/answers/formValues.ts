import { shownQuestions } from '../definition/questions.ts';
import { readGrade } from './grade.ts';
import type { AnswerValue, Answers, QuestionnaireDefinition } from '../definition/types.ts';
import type { Question, QuestionKind } from '../definition/questionTypes.ts';

/** Name of a question's form fields (radio group, check boxes, drop-down, text, grade), `q-{id}`. */
export function fieldName(questionId: string): string {
  return `q-${questionId}`;
}

type Reader<K extends QuestionKind> = (question: Extract<Question, { kind: K }>, values: string[]) => AnswerValue | undefined;

function number(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** How each kind's answer reads from its fields' values; exhaustive by kind. */
const readers: { [K in QuestionKind]: Reader<K> } = {
  choice: (_question, values) => number(values[0]),
  checkboxes: (_question, values) => {
    const ticks = values.map(number).filter((value): value is number => value !== undefined);
    return ticks.length > 0 ? ticks : undefined;
  },
  text: (_question, values) => (values[0] ? values[0] : undefined),
  // Typed with a comma ('7,5'); what is not a number yet stays unanswered.
  grade: (_question, values) => (values[0] === undefined ? undefined : readGrade(values[0])),
  // The editor runs only with the script; a field of that name, if any, holds its HTML.
  richText: (_question, values) => (values[0] ? values[0] : undefined),
  // A ticked checkbox sends its value ('true'); an unticked one sends nothing.
  boolean: (_question, values) => (values.includes('true') ? true : undefined),
};

/**
 * The answers a page's native fields hold, for the questions shown there: what a respondent chose on
 * the server-rendered form before its script ran. `read(name)` gives a field's values (FormData.getAll).
 */
export function answersFromFields(definition: QuestionnaireDefinition, pageIndex: number, answers: Answers, read: (name: string) => string[]): Answers {
  const found: Answers = {};
  for (const { question } of shownQuestions(definition, answers, pageIndex)) {
    const value = (readers[question.kind] as Reader<QuestionKind>)(question, read(fieldName(question.id)));
    if (value !== undefined) found[question.id] = value;
  }
  return found;
}
