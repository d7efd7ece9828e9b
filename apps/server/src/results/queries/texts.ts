import type { Row } from '../../../../../engine/definition/dashboard.ts';
import { allQuestions } from '../../../../../engine/definition/questions.ts';
import { format, messages } from '../../../../../engine/messages.ts';
import { textAnswers } from '../../repositories/results/datasetRows.ts';
import type { Query } from './context.ts';

/** `texts`: the free-text answers, in text order (never submission order). */
export const textsQuery: Query<'texts'> = async (context, dataset, scope) => {
  const found = await textAnswers(context.db, scope, dataset.questions);
  const order = new Map<string, { order: number; text: string; heading: string; number: number; page: number; pageTitle: string }>();
  for (const type of dataset.types) {
    const definition = context.questionnaires.get(type);
    if (!definition) continue;
    const texts = new Map(allQuestions(definition).map(({ question }) => [question.id, question.text]));
    allQuestions(definition).forEach(({ question, pageIndex, number }, index) => {
      // A follow-up ("O que justifica sua resposta?") is headed by the statement it follows.
      const parent = question.when ? texts.get(question.when.question) : undefined;
      const heading = parent ? `${parent} — ${question.text}` : question.text;
      const pageTitle = definition.pages[pageIndex]?.title ?? '';
      if (!order.has(`${type}/${question.id}`)) order.set(`${type}/${question.id}`, { order: index, text: question.text, heading, number, page: pageIndex, pageTitle });
    });
  }
  const rows = found.map((row): Row => {
    const question = order.get(`${row.type}/${row.question}`);
    return {
      type: Number(row.type),
      self: row.self,
      question: row.question,
      questionText: question?.text ?? row.question,
      heading: question?.heading ?? row.question,
      questionOrder: question?.order ?? 0,
      number: question?.number ?? 0,
      page: question?.page ?? 0,
      pageTitle: question?.pageTitle ?? '',
      // "3. Gestão de Tempo": the block a staff form's answer belongs to, as the form titles it.
      block: question ? (question.pageTitle === '' ? question.heading : format(messages.dashboard.block, { number: question.number, title: question.pageTitle })) : row.question,
      text: row.response,
      ...(dataset.perPerson ? { name: row.name, person: Number(row.person), evaluation: String(row.evaluation) } : {}),
    };
  });
  // Question order, then the texts alphabetically in Portuguese (the same on every database's collation).
  return rows.sort((a, b) => Number(a.questionOrder) - Number(b.questionOrder) || String(a.text).localeCompare(String(b.text), 'pt-BR'));
};
