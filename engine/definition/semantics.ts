import type { DefinitionError } from './parse.ts';
import { selectionBounds } from './kinds.ts';
import { hasOptions, optionsOf } from './questions.ts';
import type { ChoiceOption, QuestionnaireDefinition, Scoring } from './types.ts';

/** Repeated option values of a list. */
function repeatedValues(options: ChoiceOption[]): boolean {
  return new Set(options.map((option) => option.value)).size !== options.length;
}

/** Checks the questions: unique ids, option sources, conditions, exclusive groups, selection rules. */
function questionErrors(definition: QuestionnaireDefinition): DefinitionError[] {
  const errors: DefinitionError[] = [];
  const seen = new Map<string, string>();
  const groups = new Map<string, string>();
  definition.pages.forEach((page, pageIndex) => {
    page.questions.forEach((question, questionIndex) => {
      const pointer = `/pages/${pageIndex}/questions/${questionIndex}`;
      const add = (field: string, message: string) => errors.push({ pointer: `${pointer}${field}`, message });
      if (seen.has(question.id)) add('/id', `duplicate question id "${question.id}"`);
      if (question.when) {
        const target = seen.get(question.when.question);
        if (!target) add('/when/question', `"${question.when.question}" is not an earlier question`);
        else if (target !== 'choice') add('/when/question', `"${question.when.question}" is not a choice question`);
        if (question.when.gt === undefined && question.when.lt === undefined && question.when.in === undefined) add('/when', 'needs gt, lt or in');
      }
      if (hasOptions(question)) {
        if ((question.scale === undefined) === (question.options === undefined)) add('', 'give either "scale" or "options"');
        else if (question.scale !== undefined && !definition.scales[question.scale]) add('/scale', `unknown scale "${question.scale}"`);
        const options = optionsOf(definition, question);
        if (options.length < 2) add('', 'needs at least two options');
        if (question.options && repeatedValues(question.options)) add('/options', 'repeated option value');
        const optionsKey = question.scale ?? JSON.stringify(question.options);
        if (question.kind === 'choice' && question.exclusiveGroup) {
          const known = groups.get(question.exclusiveGroup);
          if (known !== undefined && known !== optionsKey) add('/exclusiveGroup', 'questions of one exclusive group must share their options');
          groups.set(question.exclusiveGroup, optionsKey);
        }
        if (question.kind === 'checkboxes' && question.select) {
          const { min, max } = selectionBounds(question.select, options.length);
          if (min > max || max > options.length) add('/select', `cannot tick between ${min} and ${max} of ${options.length} options`);
        }
      }
      seen.set(question.id, question.kind);
    });
  });
  for (const [key, options] of Object.entries(definition.scales)) {
    if (repeatedValues(options)) errors.push({ pointer: `/scales/${key}`, message: 'repeated option value' });
  }
  return errors;
}

/** Checks the scoring keys: unique ids, known questions, tags that some option carries, bands in order. */
function scoringErrors(definition: QuestionnaireDefinition, scoring: Scoring): DefinitionError[] {
  const errors: DefinitionError[] = [];
  const questionIds = new Set(definition.pages.flatMap((page) => page.questions.map((question) => question.id)));
  const tags = new Set(
    definition.pages.flatMap((page) => page.questions.filter(hasOptions).flatMap((question) => optionsOf(definition, question).flatMap((option) => option.tags ?? []))),
  );
  const unknownQuestions = (selector: 'all' | string[] | undefined, pointer: string) => {
    if (!Array.isArray(selector)) return;
    selector.forEach((id, index) => {
      if (!questionIds.has(id)) errors.push({ pointer: `${pointer}/questions/${index}`, message: `unknown question "${id}"` });
    });
  };
  const scoreIds = new Set<string>();
  scoring.scores.forEach((score, index) => {
    const pointer = `/scoring/scores/${index}`;
    if (scoreIds.has(score.id)) errors.push({ pointer: `${pointer}/id`, message: `duplicate score id "${score.id}"` });
    scoreIds.add(score.id);
    unknownQuestions(score.questions, pointer);
    const counted = score.aggregate === 'count' || score.aggregate === 'share';
    if (counted && !tags.has(score.tag ?? score.id)) errors.push({ pointer, message: `no option carries the tag "${score.tag ?? score.id}"` });
    if (!counted && (score.tag !== undefined || score.shareOf !== undefined)) errors.push({ pointer, message: '"tag" and "shareOf" apply to count and share only' });
  });
  (scoring.rankings ?? []).forEach((ranking, index) => {
    const pointer = `/scoring/rankings/${index}`;
    unknownQuestions(ranking.questions, pointer);
    if (ranking.from === 'scores') {
      if (!ranking.scores?.length) errors.push({ pointer, message: 'a ranking of scores needs "scores"' });
      ranking.scores?.forEach((id, scoreIndex) => {
        if (!scoreIds.has(id)) errors.push({ pointer: `${pointer}/scores/${scoreIndex}`, message: `unknown score "${id}"` });
      });
    }
  });
  const classification = scoring.classification;
  if (classification) {
    if (!scoreIds.has(classification.score)) errors.push({ pointer: '/scoring/classification/score', message: `unknown score "${classification.score}"` });
    let previous = -Infinity;
    classification.bands.forEach((band, index) => {
      const pointer = `/scoring/classification/bands/${index}/below`;
      if (band.below === undefined && index !== classification.bands.length - 1) errors.push({ pointer, message: 'only the last band may omit "below"' });
      if (band.below !== undefined) {
        if (band.below <= previous) errors.push({ pointer, message: 'bands must increase' });
        previous = band.below;
      }
    });
  }
  return errors;
}

/** Checks that the schema cannot express: references between questions, scales, scores and bands. */
export function questionnaireSemantics(definition: QuestionnaireDefinition): DefinitionError[] {
  return [...questionErrors(definition), ...(definition.scoring ? scoringErrors(definition, definition.scoring) : [])];
}
