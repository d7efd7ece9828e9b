import type { Row } from '../../../../../engine/definition/dashboard.ts';
import { allQuestions, hasOptions, optionsOf } from '../../../../../engine/definition/questions.ts';
import { itemScore } from '../../../../../engine/scoring/score.ts';
import { exclusiveAnswers, wireOf } from '../../../../../engine/scoring/scoringKey.ts';
import { answerCounts, respondentsByRole } from '../../repositories/results/datasetRows.ts';
import type { Query } from './context.ts';

/** `optionCounts`: answers per question and option, with every option listed (zero included). */
export const optionCountsQuery: Query<'optionCounts'> = async (context, dataset, scope) => {
  const bySelf = dataset.bySelf === true;
  const respondents = await respondentsByRole(context.db, scope, bySelf);
  // An answer holding an exclusive option ('Não sei avaliar') counts as that option alone.
  const exclusive = dataset.types.flatMap((type) => {
    const definition = context.questionnaires.get(type);
    return definition ? exclusiveAnswers(definition).map((item) => ({ type, ...item })) : [];
  });
  const counted = await answerCounts(context.db, scope, { questions: dataset.questions, bySelf, exclusive });
  const counts = new Map(counted.map((row) => [`${row.type}/${row.self}/${row.question}/${row.response}`, Number(row.n)]));
  const rows: Row[] = [];
  for (const [group, total] of respondents) {
    const [typeText, selfText] = group.split('/');
    const type = Number(typeText);
    const definition = context.questionnaires.get(type);
    if (!definition) continue;
    allQuestions(definition).forEach(({ question, pageIndex }, questionOrder) => {
      if (!hasOptions(question) || (dataset.questions && !dataset.questions.includes(question.id))) return;
      optionsOf(definition, question).forEach((option, optionOrder) => {
        rows.push({
          type,
          ...(bySelf ? { self: selfText === 'true' } : {}),
          question: question.id,
          questionText: question.text,
          questionOrder,
          page: pageIndex,
          pageTitle: definition.pages[pageIndex]?.title ?? '',
          option: option.value,
          optionLabel: option.label,
          optionOrder,
          scoreValue: question.kind === 'choice' && option.scored !== false ? itemScore(definition, question, option.value) : null,
          tag: option.tags?.[0] ?? '',
          count: counts.get(`${type}/${selfText}/${question.id}/${wireOf(question, option)}`) ?? 0,
          respondents: total,
        });
      });
    });
  }
  return rows;
};
