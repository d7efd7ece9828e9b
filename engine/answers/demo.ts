import { gradeRange, selectionBounds } from '../definition/kinds.ts';
import { allQuestions, isShown, optionsOf, takenOptions, type OptionQuestion } from '../definition/questions.ts';
import type { Answers, QuestionnaireDefinition } from '../definition/types.ts';
import type { ChoiceOption, Question } from '../definition/questionTypes.ts';
import { seededRandom, seedOf } from '../random.ts';

/**
 * Sample answers of the demo company, drawn from a person's seeded profile for any questionnaire
 * definition: read from its questions and options, never from its type. The same seed and keys give
 * the same answers. The answers are held values (`Answers`), which `encodeAnswers` puts on the wire and
 * `submissionErrors` accepts as it accepts a respondent's.
 */

/** The free-text answers written for a questionnaire's demo: several per text question, by question id. */
export type DemoComments = Record<string, string[]>;

/** A person's seeded tendencies, each a pure function of the seed, the person and the key asked. */
export interface DemoProfile {
  /** Where the person's answers sit on an ordered scale, 0 (its lowest option) to 1 (its highest), for a key (a questionnaire, a page). */
  level(key: string): number;
  /** Affinity for a tag or an option, 0.05 to 1: how likely the person chooses what carries it. */
  affinity(key: string): number;
  /** A number in [0, 1) for a key (whether an optional text is written, how often 'não sei' is chosen). */
  chance(key: string): number;
}

const clamp = (value: number, low = 0, high = 1) => Math.min(high, Math.max(low, value));

/** The profile of one person: levels between 0.3 and 0.8 that lean a little to the person's mood, and an affinity per tag. */
export function demoProfile(seed: number, person: string): DemoProfile {
  const chance = (key: string) => seededRandom(seedOf(`${seed}:${person}:${key}`))();
  const mood = chance('mood');
  // A tag "style.facet" leans to its style's affinity ("comandante.forca" to "comandante").
  const affinity = (key: string): number => {
    const own = 0.05 + 0.95 * chance(`affinity:${key}`) ** 1.3;
    const dot = key.indexOf('.');
    return dot < 0 ? own : 0.7 * affinity(key.slice(0, dot)) + 0.3 * own;
  };
  return { level: (key) => 0.3 + 0.5 * (0.7 * chance(`level:${key}`) + 0.3 * mood), affinity, chance };
}

/**
 * The profile of an evaluator answering about someone else (a 360): the rated person's tendencies, seen
 * through the evaluator's leniency and with the evaluator's own noise.
 */
export function evaluatorProfile(rated: DemoProfile, evaluator: DemoProfile): DemoProfile {
  const leniency = 0.3 * (evaluator.chance('leniency') - 0.5);
  return {
    level: (key) => clamp(rated.level(key) + leniency + 0.2 * (evaluator.chance(`level:${key}`) - 0.5)),
    affinity: (key) => clamp(rated.affinity(key) * (0.7 + 0.6 * evaluator.chance(`affinity:${key}`)), 0.05),
    chance: evaluator.chance,
  };
}

/** What one answer set is drawn from. */
export interface DemoAnswerInput {
  /** The answering person's profile (`demoProfile`, or `evaluatorProfile` about someone else). */
  profile: DemoProfile;
  /** Seeded noise of this answer set. */
  random: () => number;
  /** The comments written for the questionnaire's text questions. */
  comments: DemoComments;
  /** The seed that orders each question's comments (the same for every respondent of the questionnaire). */
  seed: number;
  /**
   * How many comments of each question (by id) the questionnaire's earlier respondents took, shared by
   * its respondents and counted up here: each takes the next comment of the question's list while there
   * are enough, so no two people write the same text.
   */
  taken: Map<string, number>;
}

/** How often a person picks a 'no information' option (scored: false beside scored ones) or a stand-alone tick. */
const UNKNOWN_RATE = 0.08;
/** How likely an optional free text is left blank, at most. */
const SKIP_TEXT = 0.5;

/** A sum of two uniforms, centred: noise around a level, between -spread and +spread. */
function noise(random: () => number, spread: number): number {
  return (random() + random() - 1) * spread;
}

/** An index drawn with probability proportional to its weight. */
function weightedIndex(weights: number[], random: () => number): number {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let point = random() * total;
  for (const [index, weight] of weights.entries()) {
    point -= weight;
    if (point < 0) return index;
  }
  return weights.length - 1;
}

/** The person's affinity for an option: the mean of its tags', else the option's own in its list. */
function optionWeight(profile: DemoProfile, question: OptionQuestion, option: ChoiceOption): number {
  if (option.tags && option.tags.length > 0) return option.tags.reduce((sum, tag) => sum + profile.affinity(tag), 0) / option.tags.length;
  return profile.affinity(`${question.scale ?? question.id}=${option.value}`);
}

/** One choice: an ordered scale around the level (reverse items mirrored), tagged or unscored lists by affinity, 'não sei' now and then. */
function drawChoice(definition: QuestionnaireDefinition, question: Extract<Question, { kind: 'choice' }>, level: number, input: DemoAnswerInput, answers: Answers): number {
  const { profile, random } = input;
  const taken = takenOptions(definition, question, answers);
  const options = optionsOf(definition, question).filter((option) => !taken.has(option.value));
  const scored = options.filter((option) => option.scored !== false);
  const unscored = options.filter((option) => option.scored === false);
  const byAffinity = (list: ChoiceOption[]) => list[weightedIndex(list.map((option) => optionWeight(profile, question, option) ** 2), random)]!.value;
  if (scored.length === 0) return byAffinity(unscored);
  if (unscored.length > 0 && random() < UNKNOWN_RATE * profile.chance('unknown')) return unscored[Math.floor(random() * unscored.length)]!.value;
  if (scored.every((option) => option.tags && option.tags.length > 0)) return byAffinity(scored);
  const ordered = [...scored].sort((a, b) => a.value - b.value);
  const target = question.reverse ? 1 - level : level;
  // About one option either side on a short scale, two on a scale of 0 to 10.
  const spread = clamp(1.3 / (ordered.length - 1), 0.2, 0.35);
  const index = Math.round(clamp(target + noise(random, spread)) * (ordered.length - 1));
  return ordered[index]!.value;
}

/** Ticks of a checkbox list: each option by its affinity, then as many as the list's rule asks, the stand-alone option now and then. */
function drawTicks(definition: QuestionnaireDefinition, question: Extract<Question, { kind: 'checkboxes' }>, input: DemoAnswerInput): number[] {
  const { profile, random } = input;
  const options = optionsOf(definition, question);
  const { min, max } = selectionBounds(question.select, options.length);
  const alone = options.find((option) => option.exclusive);
  if (alone && min <= 1 && max >= 1 && random() < UNKNOWN_RATE * profile.chance('unknown')) return [alone.value];
  const candidates = options.filter((option) => !option.exclusive);
  // Weighted order without replacement (a key random^(1/weight) per option, largest first).
  const weights = new Map(candidates.map((option) => [option.value, optionWeight(profile, question, option)]));
  const order = candidates.map((option) => ({ value: option.value, key: random() ** (1 / weights.get(option.value)!) })).sort((a, b) => b.key - a.key);
  let ticked: number[];
  if (min === max) ticked = order.slice(0, min).map((entry) => entry.value);
  else {
    const chosen = new Set(candidates.filter((option) => random() < 0.05 + 0.6 * weights.get(option.value)! ** 1.5).map((option) => option.value));
    for (const entry of order) if (chosen.size < min) chosen.add(entry.value);
    for (const entry of [...order].reverse()) if (chosen.size > max) chosen.delete(entry.value);
    ticked = [...chosen];
  }
  return ticked.sort((a, b) => a - b);
}

/** The label an earlier answer names in a comment ('{answer:1}'): the chosen option, or the ticked one the person values most. */
function answerLabel(definition: QuestionnaireDefinition, profile: DemoProfile, answers: Answers, id: string): string | undefined {
  const question = allQuestions(definition).find((located) => located.question.id === id)?.question;
  if (!question || (question.kind !== 'choice' && question.kind !== 'checkboxes')) return undefined;
  const value = answers[id];
  const values = Array.isArray(value) ? value : typeof value === 'number' ? [value] : [];
  const options = optionsOf(definition, question).filter((option) => values.includes(option.value) && !option.exclusive);
  const best = options.sort((a, b) => optionWeight(profile, question, b) - optionWeight(profile, question, a))[0];
  return best?.label;
}

/** A question's comment for this respondent ('{answer:id}' filled in), or undefined when none is written for it. */
function drawComment(definition: QuestionnaireDefinition, question: Question, input: DemoAnswerInput, answers: Answers): string | undefined {
  const list = input.comments[question.id] ?? [];
  if (list.length === 0) return undefined;
  // One seeded order per question, the same for every respondent: place i takes the i-th comment.
  const shuffle = seededRandom(seedOf(`${input.seed}:${definition.slug}:${question.id}`));
  const order = list.map((_, index) => ({ index, key: shuffle() })).sort((a, b) => a.key - b.key);
  const place = input.taken.get(question.id) ?? 0;
  input.taken.set(question.id, place + 1);
  const text = list[order[place % list.length]!.index]!;
  return text.replace(/\{answer:([^}]+)\}/g, (whole, id: string) => answerLabel(definition, input.profile, answers, id) ?? whole);
}

/**
 * One answer set for a definition, question by question in order: a hidden question (its condition not
 * met by the answers so far) is skipped. Choices and grades follow the person's level for the page
 * (with noise, so ties and spreads both happen), tagged options and ticks the person's affinities, and
 * texts take a written comment (an optional one is sometimes left blank). Throws when a required text
 * has no comment written for it.
 */
export function demoAnswers(definition: QuestionnaireDefinition, input: DemoAnswerInput): Answers {
  const { profile, random } = input;
  const answers: Answers = {};
  const base = profile.level(definition.slug);
  for (const { question, pageIndex } of allQuestions(definition)) {
    if (!isShown(question, answers)) continue;
    const level = clamp(base + 0.5 * (profile.level(`${definition.slug}/${pageIndex}`) - 0.55));
    switch (question.kind) {
      case 'choice':
        answers[question.id] = drawChoice(definition, question, level, input, answers);
        break;
      case 'checkboxes': {
        const ticks = drawTicks(definition, question, input);
        if (ticks.length > 0) answers[question.id] = ticks;
        break;
      }
      case 'grade': {
        const { min, max, decimals } = gradeRange(question);
        answers[question.id] = Number((min + clamp(level + noise(random, 0.3)) * (max - min)).toFixed(Math.min(decimals, 1)));
        break;
      }
      case 'boolean':
        if (question.required || random() < 0.8) answers[question.id] = true;
        break;
      case 'text':
      case 'richText': {
        if (!question.required && random() < SKIP_TEXT * profile.chance('reserve')) break;
        const comment = drawComment(definition, question, input, answers);
        if (comment === undefined) {
          if (question.required) throw new Error(`No demo comment for the required question ${question.id} of ${definition.slug}.`);
          break;
        }
        answers[question.id] = question.kind === 'text' ? comment : `<p>${comment.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`;
        break;
      }
      default: {
        const unknown: never = question;
        throw new Error(`No demo answer for the question kind of ${(unknown as Question).id}.`);
      }
    }
  }
  return answers;
}
