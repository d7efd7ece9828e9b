/**
 * Answer sets generated the way people answer, from the questionnaire definitions as the server loads
 * them (nothing per questionnaire: pages, questions and options are walked generically). A world is a
 * few client companies with sectors and people, and their evaluations of every type a dashboard reads:
 * retakes, pending links, the 360's rounds (versions) with a self-evaluation and groups of evaluators
 * just under, at and over the company's anonymity minimum, area maps about a sector, the managers'
 * side of values and needs. Each respondent answers in a style: at random, the same position on every
 * scale, spread evenly over the options' tags (ties), unsure ('Não sei avaliar' and other unscored
 * options), or the least the form accepts (optional fields empty). Every answer set passes the form's
 * own validation before it is stored; the only exception is the 360's answers stored before 'Não sei
 * avaliar' became exclusive (ticked with statements), which real databases hold. Each company runs one
 * to three rounds (cycles, stored in an order other than their dates'): most self-reports and area maps
 * fall in one of them (a retake maybe in another, some in none); an anonymous group answers in one or
 * more rounds (and maybe outside them), each batch of people around the minimum, so the same people
 * answer in several rounds and some rounds are under the minimum.
 *
 * Randomness comes from fast-check's `gen` (seeded, replayable): see `properties.test.ts`.
 */
import type fc from 'fast-check';
import * as fcValues from 'fast-check';
import type { Definitions } from '../../apps/server/src/definitions.ts';
import { encodeAnswers } from '../../engine/answers/encoding.ts';
import { pageErrors } from '../../engine/answers/validation.ts';
import { selectionBounds } from '../../engine/definition/kinds.ts';
import { allQuestions, conditionHolds, optionsOf } from '../../engine/definition/questions.ts';
import type { Answers, QuestionnaireDefinition, WireItem } from '../../engine/definition/types.ts';
import type { ChoiceOption, Question } from '../../engine/definition/questionTypes.ts';

/** fast-check's imperative generator (`fc.gen()`). */
export type Gen = fc.GeneratorValue;

/** How a person answers a questionnaire. */
export type Style = 'random' | 'same' | 'spread' | 'unsure' | 'least';
const STYLES: Style[] = ['random', 'random', 'same', 'spread', 'unsure', 'least'];

/** One planned evaluation, by indexes into its company's people and sectors. */
export interface PlannedEvaluation {
  type: number;
  person: number;
  /** The person evaluated (360), or the respondent (a self-report); null: not recorded (old rows). */
  rated: number | null;
  ratedSector: number | null;
  version: number | null;
  /** The round (index into the company's `cycles`, oldest first), or null: in no round. */
  cycle: number | null;
  done: boolean;
  /** Creation order (minutes after the world's start). */
  order: number;
  answers: WireItem[];
  /** How the answers were made (shown when a property fails). */
  style: Style | 'legacy-mixed' | 'pending';
}

/** A planned client company. */
export interface PlannedCompany {
  anonymityMin: number;
  sectors: number;
  /** Each person's sector (null: in no sector). */
  people: (number | null)[];
  /** The company's rounds, oldest first, and the order they are stored in (indexes, a permutation). */
  cycles: { name: string; opensOn: string }[];
  cycleStoreOrder: number[];
  evaluations: PlannedEvaluation[];
}

/** A generated world: its companies. */
export interface World {
  companies: PlannedCompany[];
  /** Per company, the sector and the colleague the narrowed calls choose (indexes). */
  probes: { sector: number; colleague: number }[];
}

const pick = <T>(g: Gen, items: readonly T[]): T => items[g(fcValues.integer, { min: 0, max: items.length - 1 })]!;
const chance = (g: Gen, percent: number): boolean => g(fcValues.integer, { min: 1, max: 100 }) <= percent;
const TEXTS = ['Ótimo trabalho em equipe.', 'Precisa melhorar a comunicação.', 'Nada a acrescentar.', 'Reuniões mais curtas, por favor', 'A liderança é presente e ouve a equipe.', 'ok'];

/** A random subset of `count` distinct items (in random order). */
function subset<T>(g: Gen, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const chosen: T[] = [];
  while (chosen.length < Math.min(count, items.length)) chosen.push(pool.splice(g(fcValues.integer, { min: 0, max: pool.length - 1 }), 1)[0]!);
  return chosen;
}

/** The options a style prefers for one question (then one is drawn among them). */
function preferred(style: Style, options: ChoiceOption[], position: number, spreadTag: string | undefined): ChoiceOption[] {
  const scored = options.filter((option) => option.scored !== false);
  switch (style) {
    case 'same':
      return scored.length === 0 ? options : [scored[Math.min(position, scored.length - 1)]!];
    case 'unsure': {
      const unscored = options.filter((option) => option.scored === false);
      return unscored.length > 0 ? unscored : options;
    }
    case 'spread': {
      const tagged = options.filter((option) => spreadTag !== undefined && option.tags?.[0] === spreadTag);
      return tagged.length > 0 ? tagged : options;
    }
    default:
      return options;
  }
}

/**
 * A valid answer set of a definition in a style. `legacy`: a checkbox list with an exclusive option may
 * hold it beside other ticks (answers stored before the option was exclusive).
 */
export function answerSet(g: Gen, definition: QuestionnaireDefinition, style: Style, legacy = false): WireItem[] {
  const answers: Answers = {};
  const mixed: WireItem[] = [];
  const questions = allQuestions(definition).map(({ question }) => question);
  // 'same': one position on every scale; 'spread': the tags in turn, so styles tie.
  const position = g(fcValues.integer, { min: 0, max: 12 }) % 13;
  const tags = [...new Set(questions.flatMap((question) => (question.kind === 'choice' || question.kind === 'checkboxes' ? optionsOf(definition, question).map((option) => option.tags?.[0]) : [])).filter((tag): tag is string => tag !== undefined))];
  const tagOrder = subset(g, tags, tags.length);
  let turn = 0;
  const taken = new Map<string, Set<number>>();
  for (const question of questions) {
    if (question.when && !conditionHolds(question.when, answers)) continue;
    const value = answerOf(g, definition, question, style, position, tagOrder, turn, taken, legacy, mixed);
    turn += 1;
    if (value !== undefined) answers[question.id] = value;
  }
  definition.pages.forEach((_page, index) => {
    const errors = pageErrors(definition, index, answers);
    if (errors.length > 0) throw new Error(`generated answers refused by the form (${definition.slug ?? definition.type}, ${style}): ${JSON.stringify(errors)} ${JSON.stringify(answers)}`);
  });
  return [...encodeAnswers(definition, answers), ...mixed];
}

function answerOf(
  g: Gen,
  definition: QuestionnaireDefinition,
  question: Question,
  style: Style,
  position: number,
  tagOrder: string[],
  turn: number,
  taken: Map<string, Set<number>>,
  legacy: boolean,
  mixed: WireItem[],
): Answers[string] | undefined {
  const skip = !question.required && (style === 'least' || chance(g, 25));
  switch (question.kind) {
    case 'choice': {
      if (skip) return undefined;
      let options = optionsOf(definition, question);
      const group = question.exclusiveGroup;
      if (group) options = options.filter((option) => !taken.get(group)?.has(option.value));
      const spreadTag = tagOrder.length === 0 ? undefined : tagOrder[turn % tagOrder.length];
      const liked = preferred(style, options, position, spreadTag);
      const chosen = pick(g, liked.length > 0 ? liked : options);
      if (group) taken.set(group, new Set([...(taken.get(group) ?? []), chosen.value]));
      return chosen.value;
    }
    case 'checkboxes': {
      const options = optionsOf(definition, question);
      const alone = options.filter((option) => option.exclusive);
      const others = options.filter((option) => !option.exclusive);
      const { min, max } = selectionBounds(question.select, options.length);
      const wantsAlone = alone.length > 0 && (style === 'unsure' ? chance(g, 70) : chance(g, 12));
      if (wantsAlone && min <= 1) {
        const exclusive = pick(g, alone);
        if (legacy && chance(g, 60)) {
          // Stored before the option stood alone: statements ticked beside it.
          for (const option of subset(g, others, g(fcValues.integer, { min: 1, max: 4 }))) {
            mixed.push({ question: question.id, response: question.wire === 'qualified' ? `${question.id}.${option.value}` : String(option.value) });
          }
        }
        return [exclusive.value];
      }
      const top = Math.min(max, others.length);
      let count: number;
      if (style === 'least') count = min;
      else if (style === 'same') count = Math.min(top, Math.max(min, position % (top + 1)));
      else count = g(fcValues.integer, { min: Math.min(min, top), max: top });
      if (skip && min === 0) count = 0;
      let chosen: ChoiceOption[];
      if (style === 'spread' && tagOrder.length > 0) {
        // As many ticks of each tag as possible: the styles' counts tie.
        const byTag = tagOrder.map((tag) => others.filter((option) => option.tags?.[0] === tag));
        const each = Math.floor(count / tagOrder.length);
        chosen = byTag.flatMap((list) => subset(g, list, Math.min(each, Math.min(...byTag.map((l) => l.length)))));
        chosen.push(...subset(g, others.filter((option) => !chosen.includes(option)), Math.max(0, min - chosen.length)));
      } else {
        chosen = subset(g, others, count);
      }
      return chosen.length === 0 ? undefined : chosen.map((option) => option.value).sort((a, b) => a - b);
    }
    case 'text':
    case 'richText':
      return skip ? undefined : pick(g, TEXTS);
    case 'grade':
      return skip ? undefined : g(fcValues.integer, { min: question.min ?? 0, max: question.max ?? 10 });
    case 'boolean':
      return question.required ? true : chance(g, 50);
  }
}

/** The types a world holds answers of (every type a dashboard reads), with their definitions. */
export interface WorldTypes {
  questionnaires: Map<number, QuestionnaireDefinition>;
  /** The 360's evaluators' type and its self-evaluation's type (catalog: "Autoavaliação 360"). */
  threeSixty: { evaluators: number; self: number };
  /** Values and needs: the participant's type and the manager's (`alignWith`). */
  alignment: { participant: number; manager: number };
  /** Types rating a sector (the area maps: the dashboard's `sectorOf` is "rated"). */
  sectorTypes: number[];
  /** Anonymous types whose group is everyone who answered. */
  groupTypes: number[];
  /** Every type an anonymous dataset reads (the 360's and the groups'). */
  anonymousTypes: number[];
  /** The 360's types (evaluators' and self-evaluation's). */
  threeSixtyTypes: number[];
  /** Every other type read by a dashboard: self-reports. */
  selfTypes: number[];
  /** The types read by a line of rounds (`byCycle`). */
  cycleTypes: number[];
}

type Add = (evaluation: Omit<PlannedEvaluation, 'order' | 'answers' | 'style' | 'done' | 'cycle'> & { cycle?: number | null }, done?: boolean, legacy?: boolean) => void;

/** A planned company of a world (its rounds planned later, `planRounds`), and how to add evaluations to it. */
function planCompany(g: Gen, types: WorldTypes, clock: { order: number }): { company: PlannedCompany; add: Add } {
  const anonymityMin = g(fcValues.integer, { min: 2, max: 4 });
  const sectors = g(fcValues.integer, { min: 2, max: 3 });
  const size = g(fcValues.integer, { min: anonymityMin + 3, max: anonymityMin + 6 });
  const people = Array.from({ length: size }, () => (chance(g, 8) ? null : g(fcValues.integer, { min: 0, max: sectors - 1 })));
  const evaluations: PlannedEvaluation[] = [];
  const add: Add = (evaluation, done = !chance(g, 8), legacy = false) => {
    clock.order += g(fcValues.integer, { min: 1, max: 3 });
    const definition = types.questionnaires.get(evaluation.type)!;
    const style = pick(g, STYLES);
    const mixedLegacy = legacy && chance(g, 35);
    evaluations.push({
      ...evaluation,
      cycle: evaluation.cycle ?? null,
      done,
      order: clock.order,
      answers: done ? answerSet(g, definition, style, mixedLegacy) : [],
      style: done ? (mixedLegacy ? 'legacy-mixed' : style) : 'pending',
    });
  };
  const everyone = people.map((_sector, index) => index);
  // Self-reports: most people, some twice (a retake, later), some links still pending.
  for (const type of types.selfTypes) {
    for (const person of subset(g, everyone, g(fcValues.integer, { min: 0, max: size }))) {
      add({ type, person, rated: chance(g, 10) ? null : person, ratedSector: people[person] ?? null, version: null });
      if (chance(g, 20)) add({ type, person, rated: person, ratedSector: people[person] ?? null, version: null });
    }
  }
  // Groups read anonymously: sizes around the minimum, so groups under it and at it both occur.
  for (const type of types.groupTypes) {
    const count = Math.min(size, anonymityMin + g(fcValues.integer, { min: -1, max: 2 }));
    for (const person of subset(g, everyone, count)) add({ type, person, rated: person, ratedSector: people[person] ?? null, version: null });
  }
  // Area maps: people rate a sector (their own or another); the evaluation may name someone rated.
  for (const type of types.sectorTypes) {
    for (const person of subset(g, everyone, g(fcValues.integer, { min: 0, max: size }))) {
      const rated = chance(g, 70) ? person : chance(g, 50) ? null : pick(g, everyone);
      add({ type, person, rated, ratedSector: chance(g, 75) ? (people[person] ?? 0) : g(fcValues.integer, { min: 0, max: sectors - 1 }), version: null });
    }
  }
  // Values and needs: participants, and one or two managers' evaluations to align with.
  const managers = subset(g, everyone, g(fcValues.integer, { min: 1, max: 2 }));
  for (const person of managers) add({ type: types.alignment.manager, person, rated: person, ratedSector: null, version: null }, true);
  for (const person of subset(g, everyone, g(fcValues.integer, { min: 1, max: 4 }))) {
    add({ type: types.alignment.participant, person, rated: person, ratedSector: null, version: null });
  }
  // The 360: one or two evaluated people, one to three rounds each; per round evaluators around the
  // minimum (distinct people, never the evaluated one), and usually a self-evaluation of the round
  // (sometimes retaken in the same round).
  for (const evaluated of subset(g, everyone, g(fcValues.integer, { min: 1, max: 2 }))) {
    const rounds = g(fcValues.integer, { min: 1, max: 3 });
    for (let version = 1; version <= rounds; version += 1) {
      const others = everyone.filter((person) => person !== evaluated);
      const evaluators = subset(g, others, Math.max(0, Math.min(others.length, anonymityMin + g(fcValues.integer, { min: -1, max: 2 }))));
      const selves = chance(g, 15) ? 0 : chance(g, 20) ? 2 : 1;
      for (const person of evaluators) add({ type: types.threeSixty.evaluators, person, rated: evaluated, ratedSector: null, version }, !chance(g, 10), true);
      for (let n = 0; n < selves; n += 1) {
        // As the app creates it (the evaluators' type about oneself, no version), or with the round's
        // version (set by staff), or the older self-evaluation type; a round may hold both types.
        const kind = pick(g, ['app', 'app', 'versioned', 'legacy'] as const);
        const drawn = kind === 'legacy' ? types.threeSixty.self : types.threeSixty.evaluators;
        const type = drawn;
        add({ type, person: evaluated, rated: evaluated, ratedSector: null, version: kind === 'app' ? null : version }, true, true);
      }
    }
  }
  return { company: { anonymityMin, sectors, people, cycles: [], cycleStoreOrder: [], evaluations }, add };
}

/**
 * A planned company's rounds, six months apart (stored shuffled: their ids' order is not their dates'),
 * drawn after both companies so that the rest of the world is drawn as before rounds existed.
 * Self-reports and area maps fall in a round each (a retake maybe in another; some in none); an
 * anonymous group's batch in one round (or none), and maybe more batches of people around the minimum
 * in other rounds (or outside them); sometimes a campaign: newcomers join, and in one or two rounds
 * nearly everyone answers the types read by round (groups large enough to show sectors, rounds of 10
 * respondents or more).
 */
function planRounds(g: Gen, types: WorldTypes, company: PlannedCompany, add: Add): void {
  const { anonymityMin, people, evaluations } = company;
  const everyone = people.map((_sector, index) => index);
  const roundCount = g(fcValues.integer, { min: 1, max: 3 });
  const cycles = Array.from({ length: roundCount }, (_none, n) => ({ name: `Clima ${2024 + Math.floor(n / 2)}/${(n % 2) + 1}`, opensOn: `${2024 + Math.floor(n / 2)}-${n % 2 === 0 ? '03' : '09'}-01` }));
  company.cycles = cycles;
  company.cycleStoreOrder = subset(g, cycles.map((_cycle, n) => n), roundCount);
  for (const evaluation of evaluations) {
    if (types.selfTypes.includes(evaluation.type) || types.sectorTypes.includes(evaluation.type)) evaluation.cycle = chance(g, 12) ? null : g(fcValues.integer, { min: 0, max: roundCount - 1 });
  }
  for (const type of types.groupTypes) {
    const targets = subset(g, [...cycles.map((_cycle, n) => n), null], roundCount + 1);
    const batches = chance(g, 50) ? 1 : g(fcValues.integer, { min: 2, max: targets.length });
    for (const evaluation of evaluations) if (evaluation.type === type) evaluation.cycle = targets[0]!;
    for (const cycle of targets.slice(1, batches)) {
      const count = Math.min(everyone.length, anonymityMin + g(fcValues.integer, { min: -1, max: 2 }));
      for (const person of subset(g, everyone, count)) add({ type, person, rated: person, ratedSector: people[person] ?? null, version: null, cycle });
    }
  }
  if (chance(g, 45)) {
    const newcomers = g(fcValues.integer, { min: 2, max: 8 });
    for (let n = 0; n < newcomers; n += 1) people.push(chance(g, 8) ? null : g(fcValues.integer, { min: 0, max: company.sectors - 1 }));
    for (const cycle of subset(g, cycles.map((_cycle, n) => n), Math.min(roundCount, chance(g, 70) ? 2 : 1))) {
      for (const type of types.cycleTypes) {
        for (const person of subset(g, people.map((_sector, n) => n), people.length - g(fcValues.integer, { min: 0, max: 2 }))) {
          add({ type, person, rated: person, ratedSector: people[person] ?? null, version: null, cycle });
        }
      }
    }
  }
}

/** A world: two client companies (what one shows must never include the other's answers). */
export function generateWorld(g: Gen, types: WorldTypes): World {
  const clock = { order: 0 };
  const planned = [planCompany(g, types, clock), planCompany(g, types, clock)];
  const companies = planned.map(({ company }) => company);
  const probes = companies.map((company) => ({ sector: g(fcValues.integer, { min: 0, max: company.sectors - 1 }), colleague: g(fcValues.integer, { min: 0, max: company.people.length - 1 }) }));
  for (const { company, add } of planned) planRounds(g, types, company, add);
  return { companies, probes };
}

/**
 * Which types a world holds and how each is answered, found from the catalogue and the dashboards: the
 * types of an anonymous "evaluators" dataset are the 360's (the one created for an evaluated person
 * is the evaluators', the other the self-evaluation); a dataset of scope "alignment" pairs the
 * participant's type with the manager's (`alignWith`); a view whose sector is the rated one reads
 * sector-rating types; an anonymous "group" dataset's types are answered by groups around the minimum.
 */
export function worldTypes(definitions: Pick<Definitions, 'catalog' | 'dashboards' | 'questionnaires'>): WorldTypes {
  const read = new Set<number>();
  let threeSixty: number[] = [];
  let alignment = { participant: 0, manager: 0 };
  const sectorTypes = new Set<number>();
  const groupTypes = new Set<number>();
  const cycleTypes = new Set<number>();
  for (const dashboard of definitions.dashboards.values()) {
    for (const dataset of Object.values(dashboard.datasets)) {
      if ('from' in dataset) continue;
      dataset.types.forEach((type) => read.add(type));
      (dataset.alignWith ?? []).forEach((type) => read.add(type));
      if (dataset.anonymous === 'evaluators') threeSixty = dataset.types;
      if (dataset.anonymous === 'group') dataset.types.forEach((type) => groupTypes.add(type));
      if ('byCycle' in dataset && dataset.byCycle) dataset.types.forEach((type) => cycleTypes.add(type));
      if (dataset.scope === 'alignment') alignment = { participant: dataset.types[0]!, manager: dataset.alignWith![0]! };
      if (dashboard.sectorOf === 'rated') dataset.types.forEach((type) => sectorTypes.add(type));
    }
  }
  const evaluated = threeSixty.find((type) => definitions.catalog.types.find((entry) => entry.type === type)?.create?.evaluated) ?? threeSixty[0]!;
  const special = new Set([...threeSixty, alignment.participant, alignment.manager, ...sectorTypes, ...groupTypes]);
  return {
    questionnaires: definitions.questionnaires,
    threeSixty: { evaluators: evaluated, self: threeSixty.find((type) => type !== evaluated) ?? evaluated },
    alignment,
    sectorTypes: [...sectorTypes],
    groupTypes: [...groupTypes],
    anonymousTypes: [...new Set([...threeSixty, ...groupTypes])],
    threeSixtyTypes: threeSixty,
    selfTypes: [...read].filter((type) => !special.has(type) && definitions.questionnaires.has(type)).sort((a, b) => a - b),
    cycleTypes: [...cycleTypes].sort((a, b) => a - b),
  };
}
