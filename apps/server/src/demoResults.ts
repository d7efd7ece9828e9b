import { existsSync, readFileSync } from 'node:fs';
import catalog from '../../../definitions/catalog.json' with { type: 'json' };
import { demoAnswers, demoProfile, evaluatorProfile, type DemoComments } from '../../../engine/answers/demo.ts';
import { encodeAnswers } from '../../../engine/answers/encoding.ts';
import type { Answers, WireItem } from '../../../engine/definition/types.ts';
import { seededRandom, seedOf } from '../../../engine/random.ts';
import { groupBy } from '../../../engine/collections.ts';
import { requestedTypeOf } from '../../../engine/lifecycle/creationPlan.ts';
import { automaticCycles, type CycleDating } from './cycles.ts';
import type { Db } from './db/client.ts';
import { evaluations, responses } from './db/schema.ts';
import { riskSeverities } from './db/riskSchema.ts';
import { definitionsDir, parseQuestionnaireFile } from './definitions.ts';

/*
 * Sample answers for the demo company, so a first start shows every results dashboard with numbers:
 * each link questionnaire with a demo file (`definitions/demo/{definition}.json`) is answered by the
 * demo people that file names, every answer set drawn from the person's seeded profile
 * (`engine/answers/demo.ts`) and dated over the last weeks. The same seed gives the same answers. Only
 * on the first start, inside the seed's transaction. The golden fixtures of `definitions/fixtures/`
 * stay the tests' own.
 */

/** Who answers a questionnaire in the demo. */
export type DemoRespondents =
  /** Every demo employee, about themselves. */
  | 'everyone'
  /** The evaluated person (the second employee, Bruno Henrique Lima), about themselves: the 360's self-evaluation. */
  | 'evaluated'
  /** Everyone but the evaluated person, about the evaluated person: the 360's evaluators. */
  | 'evaluators'
  /** The employees holding one of these positions, about themselves ("Coordenador"). */
  | { positions: string[] };

/** A questionnaire's demo file: who answers it, and the comments written for its text questions. */
export interface DemoFile {
  respondents: DemoRespondents;
  /** Several comments per text question id; each respondent takes a different one while there are enough. */
  comments: DemoComments;
  /**
   * Also answered in an earlier round, about four months before (each person's profile of then drawn
   * apart), so the views' comparisons across rounds ('Comparar com', a line per round) have two rounds
   * to show. Default false.
   */
  earlierRound?: boolean;
  /**
   * The severity the demo's consultant set for the company on each risk factor of the questionnaire
   * (its `risk` section), with the reason, so the risk view shows levels on a first start. Default none.
   */
  severities?: Record<string, { severity: number; reason: string }>;
}

/** The demo people the answers are spread over. */
export interface DemoPeople {
  companyId: number;
  /** Employees in the demo's order, with each one's sector and position name. */
  employees: { id: number; sectorId: number; position: string }[];
}

/** One answered evaluation of the demo: who answered (index among the employees), about whom, when, what. */
export interface DemoAnswerSet {
  type: number;
  /** File name of the questionnaire definition. */
  definition: string;
  evaluator: number;
  rated: number;
  createdAt: Date;
  /** The held answers, as a respondent's form holds them. */
  answers: Answers;
  /** The same answers on the wire, as `POST /tableresponse/multiple` receives them. */
  items: WireItem[];
  /** An answer of the earlier round (`DemoFile.earlierRound`), in a round of its own. */
  earlier: boolean;
}

/** The seed of the demo's answers. */
export const DEMO_SEED = 24;
/** The 360 evaluates the second demo employee (the one Ana's pending 360 link evaluates too). */
const EVALUATED = 1;
const DAY = 86_400_000;
const HOUR = 3_600_000;
/** How long before the current round the earlier one was answered. */
const EARLIER_DAYS = 120;

/** The link questionnaires of the catalogue (the staff's 360 interview has no link and no demo). */
const LINK_TYPES = catalog.types.flatMap((entry) => ('definition' in entry && entry.definition && 'slug' in entry && entry.slug ? [{ type: entry.type, definition: entry.definition }] : []));

/** A questionnaire's demo file, or undefined when it has none (the questionnaire gets no sample answers). */
export function readDemoFile(definition: string, dir: string = definitionsDir): DemoFile | undefined {
  const path = `${dir}demo/${definition}.json`;
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as DemoFile) : undefined;
}

/** The (evaluator, rated) pairs of a questionnaire, by employee index. */
function pairsOf(respondents: DemoRespondents, positions: string[]): { evaluator: number; rated: number }[] {
  const everyone = positions.map((_, index) => index);
  if (respondents === 'everyone') return everyone.map((index) => ({ evaluator: index, rated: index }));
  if (respondents === 'evaluated') return [{ evaluator: EVALUATED, rated: EVALUATED }];
  if (respondents === 'evaluators') return everyone.filter((index) => index !== EVALUATED).map((index) => ({ evaluator: index, rated: EVALUATED }));
  return everyone.filter((index) => respondents.positions.includes(positions[index]!)).map((index) => ({ evaluator: index, rated: index }));
}

/**
 * Every demo answer set, for employees with these positions (in the demo's order): for each link
 * questionnaire with a demo file, one answer set per respondent it names, drawn from the respondent's
 * profile (about someone else: the rated person's, seen through the respondent's), and dated over the
 * last six weeks before `now` (each questionnaire answered in a round of about a week); with
 * `earlierRound`, the same respondents again about four months before, from their profiles of then.
 */
export function demoAnswerSets(positions: string[], now: Date, seed: number = DEMO_SEED, dir: string = definitionsDir): DemoAnswerSet[] {
  const profilesOf = (era: string) => positions.map((_, index) => demoProfile(seed, `person${index}${era}`));
  const profiles = { current: profilesOf(''), earlier: profilesOf(':earlier') };
  return LINK_TYPES.flatMap(({ type, definition: name }) => {
    const file = readDemoFile(name, dir);
    if (!file) return [];
    const parsed = parseQuestionnaireFile(name, dir);
    if (!parsed.ok) throw new Error(`questionnaires/${name}.json is not valid`);
    const definition = parsed.value;
    const dates = seededRandom(seedOf(`${seed}:${name}:dates`));
    const roundDaysAgo = 8 + Math.floor(dates() * 34);
    // One draw of the comments for both rounds: an earlier respondent takes the comments after the current ones (while there are more).
    const taken = new Map<string, number>();
    const round = (earlier: boolean): DemoAnswerSet[] => {
      const people = earlier ? profiles.earlier : profiles.current;
      const era = earlier ? ':earlier' : '';
      return pairsOf(file.respondents, positions).map(({ evaluator, rated }) => {
        const profile = evaluator === rated ? people[rated]! : evaluatorProfile(people[rated]!, people[evaluator]!);
        const random = seededRandom(seedOf(`${seed}:${name}:${evaluator}:${rated}${era}`));
        const answers = demoAnswers(definition, { profile, random, comments: file.comments, seed, taken });
        const daysAgo = Math.max(1, roundDaysAgo - Math.floor(dates() * 7)) + (earlier ? EARLIER_DAYS : 0);
        const createdAt = new Date(now.getTime() - daysAgo * DAY - Math.floor(dates() * 9 * HOUR));
        return { type, definition: name, evaluator, rated, createdAt, answers, items: encodeAnswers(definition, answers), earlier };
      });
    };
    // The current round first (its draws as before any earlier round was added), then the earlier one.
    return [...round(false), ...(file.earlierRound ? round(true) : [])];
  });
}

/**
 * Inserts the demo's answered evaluations (`demoAnswerSets`). Each questionnaire's answers are one
 * round (cycle) of the company, opened the day its first answer was made (an earlier round's, one of
 * their own); returns how many answers, and each current round's id by the questionnaire asked for
 * (the scanner's members under the scanner's).
 */
export async function seedDemoResults(tx: Db, people: DemoPeople, dating: CycleDating): Promise<{ count: number; rounds: Map<number, number> }> {
  const sets = demoAnswerSets(
    people.employees.map((employee) => employee.position),
    dating.now,
  ).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const owner = { companyId: people.companyId, courseId: null };
  // One round per questionnaire asked for (the scanner's members together) and era, dated by its first answer (the earlier ones first).
  const roundOf = (set: { type: number; earlier: boolean }) => `${requestedTypeOf(set.type, catalog.types)}${set.earlier ? '|earlier' : ''}`;
  const cycleOf = new Map<string, number | null>();
  for (const [round, members] of groupBy(sets, roundOf)) {
    const items = members.map((member) => ({ owner, requestedType: requestedTypeOf(member.type, catalog.types), typeEvaluation: member.type, expireAt: new Date(member.createdAt.getTime() + 30 * DAY) }));
    cycleOf.set(round, (await automaticCycles(tx, items, { ...dating, now: members[0]!.createdAt }))[0]!);
  }
  for (const set of sets) {
    const evaluator = people.employees[set.evaluator]!;
    const rated = people.employees[set.rated]!;
    const [row] = await tx
      .insert(evaluations)
      .values({
        userId: evaluator.id,
        rated: rated.id,
        ratedSector: evaluator.sectorId,
        typeEvaluation: set.type,
        version: 1,
        done: true,
        companyId: people.companyId,
        createdAt: set.createdAt,
        expireAt: new Date(set.createdAt.getTime() + 30 * DAY),
        cycleId: cycleOf.get(roundOf(set)),
      })
      .returning({ id: evaluations.id });
    if (set.items.length > 0) await tx.insert(responses).values(set.items.map((item) => ({ evaluationId: row!.id, question: item.question, response: item.response, createdAt: set.createdAt })));
  }
  // The consultant's severities on the risk factors (the demo's psychosocial risk view shows levels).
  for (const { type, definition } of LINK_TYPES) {
    const severities = Object.entries(readDemoFile(definition)?.severities ?? {});
    if (severities.length > 0) await tx.insert(riskSeverities).values(severities.map(([factor, set]) => ({ companyId: people.companyId, typeEvaluation: type, factor, severity: set.severity, reason: set.reason })));
  }
  // The current rounds (the ones the pending links join).
  const rounds = new Map([...cycleOf].flatMap(([round, id]) => (id === null || round.endsWith('|earlier') ? [] : [[Number(round), id] as [number, number]])));
  return { count: sets.length, rounds };
}
