import type { Row } from '../definition/dashboard.ts';
import type { Answers, QuestionnaireDefinition } from '../definition/types.ts';
import { placeLabel, rankingPlaces, scoreAnswers } from './score.ts';

/**
 * A respondent's rankings as the cells of a dataset row, ranked as `scoreAnswers` ranks them. From
 * answers: `{id}.{n}` is the n-th label chosen. From scores (`rankingPlaces`): `{id}.{n}` is the n-th
 * place's label ('Empate: …' when shared, null when there is no such place: nothing chosen), and with
 * ties "group" (the default) `{id}.{n}.tie` says whether it is shared. `answers` is read only when a
 * ranking is of answers.
 */
export function rankingCells(definition: QuestionnaireDefinition, scores: Record<string, number>, answers: () => Answers): Row {
  const out: Row = {};
  let ofAnswers: Record<string, string[]> | undefined;
  for (const ranking of definition.scoring?.rankings ?? []) {
    if (ranking.from === 'answers') {
      ofAnswers ??= scoreAnswers(definition, answers()).rankings;
      (ofAnswers[ranking.id] ?? []).forEach((label, index) => {
        out[`${ranking.id}.${index + 1}`] = label;
      });
      continue;
    }
    const places = rankingPlaces(definition, ranking, scores);
    for (let index = 0; index < (ranking.take ?? ranking.scores?.length ?? 0); index += 1) {
      const place = places[index];
      out[`${ranking.id}.${index + 1}`] = place ? placeLabel(place) : null;
      if (ranking.ties !== 'order') out[`${ranking.id}.${index + 1}.tie`] = place ? place.length > 1 : null;
    }
  }
  return out;
}
