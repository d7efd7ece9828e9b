import { selectionBounds } from '../../engine/definition/kinds.ts';
import { allQuestions, optionsOf, takenOptions } from '../../engine/definition/questions.ts';
import type { AnswerValue, Answers, QuestionnaireDefinition } from '../../engine/definition/types.ts';
import type { Question, QuestionKind } from '../../engine/definition/questionTypes.ts';

type Generator<K extends QuestionKind> = (question: Extract<Question, { kind: K }>, definition: QuestionnaireDefinition, seed: number, answers: Answers) => AnswerValue;

/** A plausible answer per question kind; exhaustive, so a new kind must say how it is answered here. */
const generators: { [K in QuestionKind]: Generator<K> } = {
  choice: (question, definition, seed, answers) => {
    const taken = takenOptions(definition, question, answers);
    const options = optionsOf(definition, question).filter((option) => !taken.has(option.value));
    return options[seed % options.length]!.value;
  },
  checkboxes: (question, definition, seed) => {
    const options = optionsOf(definition, question);
    const { min, max } = selectionBounds(question.select, options.length);
    const count = Math.max(min, Math.min(max, 3));
    const ticks = Array.from({ length: count }, (_, index) => options[(seed + index) % options.length]!).filter((option, index, all) => all.indexOf(option) === index);
    // An option that stands alone ('Não sei avaliar') is ticked alone.
    const alone = ticks.find((option) => option.exclusive);
    return (alone && min <= 1 ? [alone] : ticks.filter((option) => !option.exclusive)).map((option) => option.value);
  },
  text: (question, _definition, seed) => `Resposta ${seed} para ${question.id}`,
  grade: (question, _definition, seed) => Math.min(question.max ?? 10, (question.min ?? 0) + (seed % 10)),
  richText: (question, _definition, seed) => `<p>Resposta <strong>${seed}</strong> para ${question.id}</p>`,
  boolean: (question) => question.required === true || question.id.length % 2 === 0,
};

/** Plausible answers to every question of a definition (exclusive groups and options, tick limits respected). */
export function generateAnswers(definition: QuestionnaireDefinition): Answers {
  const answers: Answers = {};
  allQuestions(definition).forEach(({ question }, index) => {
    const generate = generators[question.kind] as Generator<QuestionKind>;
    answers[question.id] = generate(question as never, definition, index * 7 + 3, answers);
  });
  return answers;
}

