/**
 * The arithmetic of results.md, written again from the text of the specification (sections 2, 5 and
 * 9) and the scoring keys' shapes in the definitions, for the reference: nothing is imported from
 * `engine/` or `apps/server`.
 */
import { optionsOf, questionsOf, type RefOption, type RefQuestion, type RefQuestionnaire, type RefScore } from './definitions.ts';

/** A respondent's counted answers: question id → chosen option values (a choice holds one). */
export type Chosen = Map<string, number[]>;

/**
 * The options an answer holds, from its stored rows: the options whose stored response is among them;
 * an option that stands alone ('Não sei avaliar', `exclusive`) counts alone, the statements stored
 * beside it before it stood alone are not counted (issue 22, defect 1's rule for old answers).
 */
export function chosenOptions(definition: RefQuestionnaire, question: RefQuestion, stored: string[]): RefOption[] {
  const options = optionsOf(definition, question);
  const prefix = question.wire === 'qualified' ? `${question.id}.` : '';
  const chosen = options.filter((option) => stored.includes(`${prefix}${option.value}`));
  const alone = chosen.find((option) => option.exclusive);
  return alone ? [alone] : chosen;
}

/** Every counted answer of an evaluation, by question. */
export function chosenOf(definition: RefQuestionnaire, stored: Map<string, string[]>): Chosen {
  const chosen: Chosen = new Map();
  for (const question of questionsOf(definition)) {
    if (question.kind !== 'choice' && question.kind !== 'checkboxes') continue;
    const options = chosenOptions(definition, question, stored.get(question.id) ?? []);
    if (options.length > 0) chosen.set(question.id, options.map((option) => option.value));
  }
  return chosen;
}

/** The scored values of a question's options (unscored 'não sei' options left out). */
function scoredValues(definition: RefQuestionnaire, question: RefQuestion): number[] {
  return optionsOf(definition, question)
    .filter((option) => option.scored !== false)
    .map((option) => option.value);
}

/** What an answer scores: its value, or for a reverse item the highest plus the lowest value minus it. */
export function itemScore(definition: RefQuestionnaire, question: RefQuestion, value: number): number {
  if (!question.reverse) return value;
  const values = scoredValues(definition, question);
  return Math.max(...values) + Math.min(...values) - value;
}

function questionsOfScore(definition: RefQuestionnaire, selector: RefScore['questions']): RefQuestion[] {
  const all = questionsOf(definition).filter((question) => question.kind === 'choice' || question.kind === 'checkboxes');
  return selector === undefined || selector === 'all' ? all : all.filter((question) => selector.includes(question.id));
}

/**
 * One score of one respondent over some questions, as the definition's scoring shape says: the sum,
 * mean or percent of the highest possible of the answered scored items (reverse items flipped); or the
 * count of chosen options carrying the tag, or that count as a share of the tagged options or of the
 * answered questions.
 */
export function scoreOver(definition: RefQuestionnaire, score: RefScore, questions: RefQuestion[], chosen: Chosen): number {
  if (score.aggregate === 'count' || score.aggregate === 'share') {
    const tag = score.tag ?? score.id;
    // Oriented: a reverse question's answer counts the tags of the option at its mirrored place (highest + lowest scored − chosen).
    const counted = (value: number, question: RefQuestion) => {
      if (!score.oriented || !question.reverse || question.kind !== 'choice') return value;
      const values = scoredValues(definition, question);
      return Math.max(...values) + Math.min(...values) - value;
    };
    const tagged = (value: number, question: RefQuestion) => optionsOf(definition, question).find((option) => option.value === counted(value, question))?.tags?.includes(tag) ?? false;
    let count = 0;
    for (const question of questions) for (const value of chosen.get(question.id) ?? []) if (tagged(value, question)) count += 1;
    if (score.aggregate === 'count') return count;
    const of =
      score.shareOf === 'answered'
        ? questions.filter((question) => (chosen.get(question.id) ?? []).length > 0).length
        : questions.reduce((total, question) => total + optionsOf(definition, question).filter((option) => option.tags?.includes(tag)).length, 0);
    return of === 0 ? 0 : (100 * count) / of;
  }
  const items: { score: number; highest: number }[] = [];
  for (const question of questions) {
    if (question.kind !== 'choice') continue;
    const value = chosen.get(question.id)?.[0];
    const option = optionsOf(definition, question).find((candidate) => candidate.value === value);
    if (value === undefined || !option || option.scored === false) continue;
    items.push({ score: itemScore(definition, question, value), highest: Math.max(...scoredValues(definition, question)) });
  }
  const sum = items.reduce((total, item) => total + item.score, 0);
  if (score.aggregate === 'sum') return sum;
  if (score.aggregate === 'mean') return items.length === 0 ? 0 : sum / items.length;
  const highest = items.reduce((total, item) => total + item.highest, 0);
  return highest === 0 ? 0 : (100 * sum) / highest;
}

/** Every score of a respondent, keyed by score id (per-question scores as "{id}.{question}"). */
export function scoresOf(definition: RefQuestionnaire, chosen: Chosen): Record<string, number> {
  const scores: Record<string, number> = {};
  for (const score of definition.scoring?.scores ?? []) {
    const questions = questionsOfScore(definition, score.questions);
    if (score.perQuestion) for (const question of questions) scores[`${score.id}.${question.id}`] = scoreOver(definition, score, [question], chosen);
    else scores[score.id] = scoreOver(definition, score, questions, chosen);
  }
  return scores;
}

/** The mean of some numbers (0 for none). */
export const mean = (values: number[]): number => (values.length === 0 ? 0 : values.reduce((total, value) => total + value, 0) / values.length);

/** A percentage truncated to an integer, as the charts show it (results.md 5), after removing floating noise. */
export const truncPercent = (part: number, whole: number): number => (whole === 0 ? 0 : Math.trunc(Math.round(((100 * part) / whole) * 1e9) / 1e9));

/**
 * The 360 percent rule (results.md 5): a statement's percent is its count over the respondents minus
 * the neutral answers (at least 1); the neutral percent is over all respondents; the overall positive
 * or negative percent of a question is over 6 × (respondents − neutrals) (at least 6). Truncated.
 */
export const percent360 = {
  statement: (count: number, respondents: number, neutrals: number) => truncPercent(count, Math.max(1, respondents - neutrals)),
  neutral: (neutrals: number, respondents: number) => truncPercent(neutrals, respondents),
  overall: (count: number, respondents: number, neutrals: number) => truncPercent(count, 6 * Math.max(1, respondents - neutrals)),
};

/** The 360 reading bands of a strength (positive percent, results.md 9). */
export function strengthBand(percent: number): string {
  if (percent <= 20) return 'Ruim';
  if (percent <= 40) return 'Mediano';
  if (percent <= 60) return 'Bom';
  if (percent <= 80) return 'Muito Bom';
  return 'Excelente';
}

/** The 360 reading bands of a development point (negative percent, results.md 9). */
export function developmentBand(percent: number): string {
  if (percent <= 15) return 'Excelente';
  if (percent <= 30) return 'Bom';
  if (percent <= 50) return 'Mediano';
  if (percent <= 70) return 'Ruim';
  return 'Muito Ruim';
}

const settled = (value: number) => Math.round(value * 1e9) / 1e9;

/** PSS-14 band index (results.md 9: totals below 13 low, below 27 moderate, below 40 high, else very high). */
export function stressBand(total: number): number {
  const value = settled(total);
  return value < 13 ? 0 : value < 27 ? 1 : value < 40 ? 2 : 3;
}

/** Psychological safety band index (results.md 9: low 1.0–2.9, moderate 3.0–3.9, high 4.0–5.0). */
export function safetyBand(meanScore: number): number {
  const value = settled(meanScore);
  return value < 3 ? 0 : value < 4 ? 1 : 2;
}

/**
 * Change-readiness band index, in the order critical, serious, moderate, low (results.md 9: above 75%
 * low risk, 60–74 moderate, 45–59 serious, below 45 critical; a 75 reads as low risk, the edge's
 * "above" taken as the band's start as the spec's examples 80, 70, 50 allow).
 */
export function changeBand(percent: number): number {
  const value = settled(percent);
  return value < 45 ? 0 : value < 60 ? 1 : value < 75 ? 2 : 3;
}

/**
 * The places of a profile's styles (issue 22, defect 3, as documented in the README's tie rule): the
 * styles with the highest score share the first place, those with the next score the second, and so
 * on; a score of 0 takes no place (no answer, no profile).
 */
export function places(scores: { label: string; value: number }[]): { first: string[]; second: string[] } {
  const values = [...new Set(scores.map((score) => settled(score.value)).filter((value) => value > 0))].sort((a, b) => b - a);
  const at = (value: number | undefined) => (value === undefined ? [] : scores.filter((score) => settled(score.value) === value).map((score) => score.label));
  return { first: at(values[0]), second: at(values[1]) };
}

/** What a place shows: its one style, 'Empate: {styles}' when several share it (issue 22), null when empty. */
export function placeLabel(labels: string[]): string | null {
  return labels.length === 0 ? null : labels.length === 1 ? labels[0]! : `Empate: ${labels.join(', ')}`;
}
