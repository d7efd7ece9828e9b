import { questionnaireRiskErrors } from './risk.ts';
import { format, messages } from '../messages.ts';
import type { DefinitionError } from './errors.ts';
import { kindSettingErrors, selectionBounds } from './kinds.ts';
import { allQuestions, hasOptions, optionsOf, type OptionQuestion } from './questions.ts';
import { staffErrors } from './staffSemantics.ts';
import type { QuestionnaireDefinition, QuestionSelector, ScoreDefinition, Scoring } from './types.ts';
import type { ChoiceOption, CheckboxesQuestion, Condition } from './questionTypes.ts';

/*
 * The checks a questionnaire's schema cannot make, each error at the JSON path of the offending value
 * with a Portuguese message naming it: references between questions, scales, scores and bands, and
 * lints for what would silently never happen (a condition no answer meets, a question feeding no
 * score, a band no score falls in).
 */

const text = messages.definitionCheck;

type Add = (pointer: string, message: string) => void;

/** Reports values repeated in an option list, at the later option's value. */
function repeatedValues(options: ChoiceOption[], pointer: string, add: Add): void {
  options.forEach((option, index) => {
    if (options.findIndex((other) => other.value === option.value) !== index) add(`${pointer}/${index}/value`, format(text.repeatedValue, { value: option.value }));
  });
}

/** Reports ids used twice in a list, at the later one. */
function repeatedIds(ids: string[], pointer: (index: number) => string, message: string, add: Add): void {
  ids.forEach((id, index) => {
    if (ids.indexOf(id) !== index) add(pointer(index), format(message, { id }));
  });
}

/** A condition's problems: its question must come earlier and be a choice, and some option must meet it. */
function conditionErrors(definition: QuestionnaireDefinition, when: Condition, earlier: Map<string, OptionQuestion | { kind: 'text' }>, pointer: string, add: Add): void {
  const target = earlier.get(when.question);
  if (!target) add(`${pointer}/question`, format(text.whenNotEarlier, { id: when.question }));
  else if (target.kind !== 'choice') add(`${pointer}/question`, format(text.whenNotChoice, { id: when.question }));
  if (when.gt === undefined && when.lt === undefined && when.in === undefined) {
    add(pointer, text.whenEmpty);
    return;
  }
  if (target?.kind !== 'choice') return;
  const values = optionsOf(definition, target).map((option) => option.value);
  if (values.length === 0) return;
  const params = { id: when.question, values: values.join(', ') };
  const unknown = (when.in ?? []).filter((value) => !values.includes(value));
  when.in?.forEach((value, index) => {
    if (!values.includes(value)) add(`${pointer}/in/${index}`, format(text.whenUnknownValue, { ...params, value }));
  });
  const possible = values.filter((value) => (when.gt === undefined || value > when.gt) && (when.lt === undefined || value < when.lt) && (when.in === undefined || when.in.includes(value)));
  // An "in" of unknown values only is already reported value by value.
  if (possible.length > 0 || (when.in !== undefined && unknown.length === when.in.length)) return;
  const only = when.in === undefined && (when.gt === undefined) !== (when.lt === undefined);
  add(only ? `${pointer}/${when.gt !== undefined ? 'gt' : 'lt'}` : pointer, format(text.whenImpossible, params));
}

/** A checkbox list's selection rule must leave some number of ticks, and one above 0 when it is required. */
function selectionErrors(question: CheckboxesQuestion, optionCount: number, pointer: string, add: Add): void {
  const select = question.select;
  if (!select) return;
  const at = (field: string) => `${pointer}/select/${field}`;
  for (const field of ['min', 'max', 'exactly'] as const) {
    const value = select[field];
    if (value !== undefined && value < 0) add(at(field), format(text.selectNegative, { field, value }));
  }
  const tooMany = (field: 'min' | 'max' | 'exactly', value: number | undefined) => {
    if (value !== undefined && value > optionCount) add(at(field), format(text.selectTooMany, { field, value, options: optionCount }));
  };
  if (select.exactly !== undefined) {
    tooMany('exactly', select.exactly);
    if (select.min !== undefined && select.min > select.exactly) add(at('min'), format(text.selectExactly, { field: 'min', value: select.min, exactly: select.exactly }));
    if (select.max !== undefined && select.max < select.exactly) add(at('max'), format(text.selectExactly, { field: 'max', value: select.max, exactly: select.exactly }));
  } else {
    if (select.min !== undefined && select.max !== undefined && select.min > select.max) add(at('min'), format(text.selectMinMax, { min: select.min, max: select.max }));
    else tooMany('min', select.min);
    tooMany('max', select.max);
  }
  const field = select.exactly !== undefined ? 'exactly' : 'max';
  if (question.required && select[field] === 0) add(at(field), format(text.selectRequiredNone, { field }));
}

/** Checks the questions: unique ids, option sources, conditions, exclusive groups, selection rules. */
function questionErrors(definition: QuestionnaireDefinition, add: Add): void {
  const earlier = new Map<string, OptionQuestion | { kind: 'text' }>();
  const groups = new Map<string, string>();
  definition.pages.forEach((page, pageIndex) => {
    page.questions.forEach((question, questionIndex) => {
      const pointer = `/pages/${pageIndex}/questions/${questionIndex}`;
      if (earlier.has(question.id)) add(`${pointer}/id`, format(text.duplicateQuestion, { id: question.id }));
      if (question.when) conditionErrors(definition, question.when, earlier, `${pointer}/when`, add);
      for (const error of kindSettingErrors(question)) add(`${pointer}${error.pointer}`, error.message);
      if (hasOptions(question)) {
        if ((question.scale === undefined) === (question.options === undefined)) add(pointer, text.scaleOrOptions);
        else if (question.scale !== undefined && !definition.scales[question.scale]) add(`${pointer}/scale`, format(text.unknownScale, { scale: question.scale }));
        const options = optionsOf(definition, question);
        // An unknown scale is reported as such, not again as a list without options.
        if (options.length < 2 && (question.scale === undefined || definition.scales[question.scale])) add(pointer, text.twoOptions);
        if (question.options) repeatedValues(question.options, `${pointer}/options`, add);
        const optionsKey = question.scale ?? JSON.stringify(question.options);
        if (question.kind === 'choice' && question.exclusiveGroup) {
          const known = groups.get(question.exclusiveGroup);
          if (known !== undefined && known !== optionsKey) add(`${pointer}/exclusiveGroup`, format(text.exclusiveGroup, { group: question.exclusiveGroup }));
          groups.set(question.exclusiveGroup, optionsKey);
        }
        if (question.kind === 'checkboxes') selectionErrors(question, options.length, pointer, add);
        exclusiveErrors(question, options, question.scale === undefined ? `${pointer}/options` : `/scales/${question.scale}`, add);
      }
      if (!earlier.has(question.id)) earlier.set(question.id, hasOptions(question) ? question : { kind: 'text' });
    });
  });
  for (const [key, options] of Object.entries(definition.scales)) repeatedValues(options, `/scales/${key}`, add);
}

/**
 * Options that stand alone (`exclusive`): only in checkbox lists, in a list whose other options can be
 * ticked too, and where ticking one alone is enough (a minimum above 1 would leave it unchoosable).
 */
function exclusiveErrors(question: OptionQuestion, options: ChoiceOption[], at: string, add: Add): void {
  const alone = options.flatMap((option, index) => (option.exclusive ? [{ option, pointer: `${at}/${index}/exclusive` }] : []));
  if (alone.length === 0) return;
  if (question.kind !== 'checkboxes') {
    for (const { option, pointer } of alone) add(pointer, format(text.exclusiveNotCheckboxes, { value: option.value, id: question.id }));
    return;
  }
  if (alone.length === options.length) add(alone[0]!.pointer, format(text.exclusiveAll, { id: question.id }));
  const { min } = selectionBounds(question.select, options.length);
  if (min > 1) for (const { option, pointer } of alone) add(pointer, format(text.exclusiveNeedsOne, { value: option.value, id: question.id, min }));
}

/** Whether a selector ("all" when absent) includes a question. */
function selects(selector: QuestionSelector | undefined, id: string): boolean {
  return selector === undefined || selector === 'all' || selector.includes(id);
}

/** Whether a question's answers change a score (it must also be among the score's questions). */
function contributes(definition: QuestionnaireDefinition, score: ScoreDefinition, question: OptionQuestion): boolean {
  const options = optionsOf(definition, question);
  if (score.aggregate === 'sum' || score.aggregate === 'mean' || score.aggregate === 'percent') {
    // Values count for choices only (a checkbox list's ticks are counted by their tags).
    return question.kind === 'choice' && options.some((option) => option.scored !== false);
  }
  const tag = score.tag ?? score.id;
  return options.some((option) => option.tags?.includes(tag) ?? false) || (score.aggregate === 'share' && score.shareOf === 'answered');
}

/**
 * Every question with options must feed a score (its values or its tags) or a ranking of answers; a
 * question another question's condition reads (a "Sim/Não" gate before a follow-up) serves the
 * questionnaire itself and is exempt. Free-text questions are read by the dashboards as they are.
 */
function unfedErrors(definition: QuestionnaireDefinition, scoring: Scoring, add: Add): void {
  const gates = new Set(allQuestions(definition).flatMap(({ question }) => (question.when ? [question.when.question] : [])));
  definition.pages.forEach((page, pageIndex) => {
    page.questions.forEach((question, questionIndex) => {
      // A question without options (an unknown scale) is reported as such.
      if (!hasOptions(question) || gates.has(question.id) || optionsOf(definition, question).length === 0) return;
      const fed =
        scoring.scores.some((score) => selects(score.questions, question.id) && contributes(definition, score, question)) ||
        (scoring.rankings ?? []).some((ranking) => ranking.from === 'answers' && selects(ranking.questions, question.id));
      if (!fed) add(`/pages/${pageIndex}/questions/${questionIndex}`, format(text.unfedQuestion, { id: question.id }));
    });
  });
}

/**
 * An `oriented` score counts, on a reverse item, the tags of the option at the mirrored value: it must
 * be a count or a share, and every scored option of its reverse items must have a mirror.
 */
function orientedErrors(definition: QuestionnaireDefinition, score: ScoreDefinition, pointer: string, counted: boolean, add: Add): void {
  if (!counted) {
    add(`${pointer}/oriented`, text.orientedOnlyCounted);
    return;
  }
  for (const { question } of allQuestions(definition)) {
    if (question.kind !== 'choice' || !question.reverse || !selects(score.questions, question.id)) continue;
    const values = optionsOf(definition, question).filter((option) => option.scored !== false).map((option) => option.value);
    const [lowest, highest] = [Math.min(...values), Math.max(...values)];
    const lonely = values.find((value) => !values.includes(highest + lowest - value));
    if (lonely !== undefined) add(`${pointer}/oriented`, format(text.orientedNoMirror, { id: question.id, value: lonely, mirror: highest + lowest - lonely }));
  }
}

/** Checks the scoring keys: unique ids, known questions and scores, counted tags that options carry. */
function scoringErrors(definition: QuestionnaireDefinition, scoring: Scoring, add: Add): void {
  const questions = allQuestions(definition).map(({ question }) => question);
  const questionIds = new Set(questions.map((question) => question.id));
  const unknownQuestions = (selector: QuestionSelector | undefined, pointer: string) => {
    if (!Array.isArray(selector)) return;
    selector.forEach((id, index) => {
      if (!questionIds.has(id)) add(`${pointer}/questions/${index}`, format(text.unknownQuestion, { id }));
    });
  };
  repeatedIds(scoring.scores.map((score) => score.id), (index) => `/scoring/scores/${index}/id`, text.duplicateScore, add);
  repeatedIds((scoring.rankings ?? []).map((ranking) => ranking.id), (index) => `/scoring/rankings/${index}/id`, text.duplicateRanking, add);
  const scoreIds = new Set(scoring.scores.map((score) => score.id));
  scoring.scores.forEach((score, index) => {
    const pointer = `/scoring/scores/${index}`;
    unknownQuestions(score.questions, pointer);
    const counted = score.aggregate === 'count' || score.aggregate === 'share';
    if (counted) {
      // The tag must be on an option of a question the score reads, or the score is always 0.
      const tag = score.tag ?? score.id;
      const carried = questions.some((question) => selects(score.questions, question.id) && hasOptions(question) && optionsOf(definition, question).some((option) => option.tags?.includes(tag)));
      if (!carried) add(`${pointer}/${score.tag !== undefined ? 'tag' : 'id'}`, format(text.tagNotCarried, { tag }));
    } else if (score.tag !== undefined || score.shareOf !== undefined) add(`${pointer}/${score.tag !== undefined ? 'tag' : 'shareOf'}`, text.tagOnlyCounted);
    if (score.oriented) orientedErrors(definition, score, pointer, counted, add);
  });
  (scoring.rankings ?? []).forEach((ranking, index) => {
    const pointer = `/scoring/rankings/${index}`;
    unknownQuestions(ranking.questions, pointer);
    if (ranking.from === 'scores') {
      if (!ranking.scores?.length) add(pointer, text.rankingNeedsScores);
      ranking.scores?.forEach((id, scoreIndex) => {
        if (!scoreIds.has(id)) add(`${pointer}/scores/${scoreIndex}`, format(text.unknownScore, { id }));
      });
    } else if (ranking.ties !== undefined) add(`${pointer}/ties`, text.rankingTiesAnswers);
  });
  if (scoring.classification) {
    if (!scoreIds.has(scoring.classification.score)) add('/scoring/classification/score', format(text.unknownScore, { id: scoring.classification.score }));
    bandErrors(scoring.classification, add);
  }
}

/**
 * The bands must cover the classification's range [min, max] without gaps or empty bands: each band
 * holds the scores below its `below` not held by an earlier band, so the `below`s increase within
 * (min, max] and the last band, which takes whatever is left, omits it or lies above max.
 */
function bandErrors(classification: NonNullable<Scoring['classification']>, add: Add): void {
  const { min, max, bands } = classification;
  if (!(min < max)) add('/scoring/classification/max', format(text.classificationRange, { min, max }));
  repeatedIds(bands.map((band) => band.id), (index) => `/scoring/classification/bands/${index}/id`, text.duplicateBand, add);
  let previous: number | undefined;
  bands.forEach((band, index) => {
    const pointer = `/scoring/classification/bands/${index}`;
    const last = index === bands.length - 1;
    const below = band.below;
    if (below === undefined) {
      if (!last) add(pointer, text.bandOpenNotLast);
      return;
    }
    if (previous !== undefined && below <= previous) add(`${pointer}/below`, format(text.bandEmpty, { below, previous }));
    else if (below <= min) add(`${pointer}/below`, format(text.bandBelowMin, { below, min }));
    else if (!last && below > max) add(`${pointer}/below`, format(text.bandAboveMax, { below, max }));
    if (last && below <= max) add(`${pointer}/below`, format(text.bandLastShort, { max }));
    previous = below;
  });
}

/** Grade guides: bands ascending without overlaps, every `guide` a known one. */
function guideErrors(definition: QuestionnaireDefinition, add: Add): void {
  for (const [key, guide] of Object.entries(definition.guides ?? {})) {
    let previous = -Infinity;
    guide.bands.forEach((band, index) => {
      if (band.from > band.to || band.from <= previous) add(`/guides/${key}/bands/${index}`, text.guideBands);
      previous = Math.max(previous, band.to);
    });
  }
  definition.pages.forEach((page, pageIndex) =>
    page.questions.forEach((question, questionIndex) => {
      if (question.kind === 'grade' && question.guide !== undefined && !definition.guides?.[question.guide]) {
        add(`/pages/${pageIndex}/questions/${questionIndex}/guide`, format(text.unknownGuide, { guide: question.guide }));
      }
    }),
  );
}

/** Every problem the schema cannot see in a questionnaire definition. */
export function questionnaireSemantics(definition: QuestionnaireDefinition): DefinitionError[] {
  const errors: DefinitionError[] = [];
  const add: Add = (pointer, message) => errors.push({ pointer, message });
  questionErrors(definition, add);
  guideErrors(definition, add);
  staffErrors(definition, add);
  if (definition.scoring) {
    scoringErrors(definition, definition.scoring, add);
    unfedErrors(definition, definition.scoring, add);
  }
  questionnaireRiskErrors(definition, add);
  return errors;
}
