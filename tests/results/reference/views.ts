/**
 * The numbers each view shows, computed by the reference from the raw rows (`data.ts`) with the
 * arithmetic of results.md (`arithmetic.ts`). A view's expectation lists, per dataset, the rows it must
 * hold: matched by key fields, each listed field compared (numbers within 1e-6). Only the dataset
 * names, the questions a dataset lists and its scope (types, `latest`, colleague) are read from the
 * dashboard files: which answers, never how they are counted.
 */
import {
  changeBand,
  chosenOf,
  chosenOptions,
  developmentBand,
  itemScore,
  mean,
  percent360,
  placeLabel,
  places,
  safetyBand,
  scoresOf,
  strengthBand,
  stressBand,
} from './arithmetic.ts';
import { inScope, type RawCompany, type RawEvaluation, type RefDatasetScope, type RefFilters } from './data.ts';
import { dashboardFile, optionsOf, questionsOf, type RefQuestion, type RefQuestionnaire } from './definitions.ts';

/** A row as the reference expects it (only the fields it lists are compared). */
export type RefRow = Record<string, string | number | boolean | null>;

/** What one dataset must hold. */
export interface Expectation {
  /** Fields that identify a row (the rows' keys must be the same multiset). */
  keys: string[];
  rows: RefRow[];
  /** Rows must come in this order. Default false. */
  ordered?: boolean;
  /** Actual rows whose key is not expected but allowed (a tie's own row of a consolidated count). */
  allowExtra?: (row: RefRow) => boolean;
  /** More checks on the dataset's rows (problems found). */
  more?: (rows: RefRow[]) => string[];
}

/** What a data call must answer. */
export interface ViewExpectation {
  /** The call is refused (403: a narrowing filter that would single people out). */
  refused?: boolean;
  datasets: Record<string, Expectation>;
  /** Datasets withheld for a group under the minimum. */
  withheld: string[];
  /** More checks across the answer's datasets (problems found). */
  check?: (data: ActualData) => string[];
  /**
   * What the call answers instead when its chosen round is hidden as a complement of a smaller one
   * (as the same view without a round lists it): every dataset of the group withheld.
   */
  orWithheld?: ViewExpectation;
}

/** A call's answer, as the checks across datasets read it. */
export interface ActualData {
  datasets: Record<string, { rows: RefRow[] }>;
}

type Dataset = RefDatasetScope & { query?: string; questions?: string[]; anonymous?: 'evaluators' | 'group'; from?: string };
type Questionnaires = Map<number, RefQuestionnaire>;

const datasetsOf = (id: number) => dashboardFile(id).datasets as Record<string, Dataset>;
const minimumOf = (company: RawCompany) => Math.max(2, company.anonymityMin);

/** People who answered (distinct respondents), of everyone or of the evaluators only. */
function groupSize(evaluations: RawEvaluation[], kind: 'evaluators' | 'group'): number {
  return new Set(evaluations.filter((evaluation) => kind === 'group' || evaluation.rated !== evaluation.person).map((evaluation) => evaluation.person)).size;
}

const chosen = (definitions: Questionnaires, evaluation: RawEvaluation) => chosenOf(definitions.get(evaluation.type)!, evaluation.answers);

/** The texts of some questions, one row per non-blank answer. */
function texts(evaluations: RawEvaluation[], questions: string[], self = false): RefRow[] {
  return evaluations.flatMap((evaluation) =>
    questions.flatMap((question) =>
      (evaluation.answers.get(question) ?? []).filter((text) => text.trim() !== '').map((text) => ({ question, text, ...(self ? { self: evaluation.rated === evaluation.person } : {}) })),
    ),
  );
}

// ------------------------------------------------------------------------------------------ 360

/**
 * /dash/2 for an evaluated person and a round: each statement's count and percent, per competency the
 * positive, negative and neutral percents and their reading bands, the open answers; the evaluators'
 * part withheld under the company's minimum. A round holds its own evaluations only, and of the
 * evaluated person's self-evaluations in it, the latest (a retaken self-evaluation replaces the first).
 */
function view360(definitions: Questionnaires, company: RawCompany, filters: RefFilters, withRounds = true): ViewExpectation {
  const datasets = datasetsOf(2);
  const statements = datasets.statements!;
  const all = inScope(company, statements, filters) ?? [];
  const selves = all.filter((evaluation) => evaluation.rated === evaluation.person).sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
  const evaluators = all.filter((evaluation) => evaluation.rated !== evaluation.person);
  const minimum = minimumOf(company);
  const size = groupSize(evaluators, 'evaluators');
  const withheld = size > 0 && size < minimum;
  const groups: [boolean, RawEvaluation[]][] = [];
  if (selves.length > 0) groups.push([true, [selves[0]!]]);
  if (evaluators.length > 0 && !withheld) groups.push([false, evaluators]);
  const definition = definitions.get(2)!;
  const rows: RefRow[] = [];
  const byType: RefRow[] = [];
  const consolidated: RefRow[] = [];
  for (const [self, group] of groups) {
    const respondents = group.length;
    for (const question of questionsOf(definition).filter((candidate) => statements.questions!.includes(candidate.id))) {
      const options = optionsOf(definition, question);
      const counts = new Map(options.map((option) => [option.value, 0]));
      for (const evaluation of group) {
        const definitionOfType = definitions.get(evaluation.type)!;
        const own = questionsOf(definitionOfType).find((candidate) => candidate.id === question.id)!;
        for (const option of chosenOptions(definitionOfType, own, evaluation.answers.get(question.id) ?? [])) counts.set(option.value, counts.get(option.value)! + 1);
      }
      const tagOf = (value: number) => options.find((option) => option.value === value)?.tags?.[0] ?? '';
      const neutrals = options.filter((option) => option.tags?.[0] === 'neutral').reduce((total, option) => total + counts.get(option.value)!, 0);
      for (const option of options) {
        const count = counts.get(option.value)!;
        const neutral = tagOf(option.value) === 'neutral';
        rows.push({ self, question: question.id, option: option.value, count, respondents, percent: neutral ? percent360.neutral(count, respondents) : percent360.statement(count, respondents, neutrals) });
      }
      const perTag: RefRow = {};
      for (const tag of ['positive', 'negative', 'neutral']) {
        const count = options.filter((option) => tagOf(option.value) === tag).reduce((total, option) => total + counts.get(option.value)!, 0);
        const percent = tag === 'neutral' ? percent360.neutral(count, respondents) : percent360.overall(count, respondents, neutrals);
        byType.push({ self, question: question.id, tag, count, respondents, percent });
        perTag[tag] = percent;
      }
      if (!self) {
        consolidated.push({ question: question.id, ...perTag, strength: strengthBand(perTag.positive as number), development: developmentBand(perTag.negative as number) });
      }
    }
  }
  const open = [...(selves.length > 0 ? [selves[0]!] : []), ...(withheld ? [] : evaluators)];
  return {
    datasets: {
      statements: { keys: ['self', 'question', 'option'], rows },
      byType: { keys: ['self', 'question', 'tag'], rows: byType },
      consolidated: { keys: ['question'], rows: consolidated },
      consolidatedBars: { keys: ['self', 'question', 'tag'], rows: byType.filter((row) => row.self === false) },
      evaluators: { keys: ['respondents'], rows: evaluators.length > 0 && !withheld ? [{ respondents: evaluators.length }] : [] },
      open: { keys: ['self', 'question', 'text'], rows: texts(open, datasets.open!.questions!, true) },
      strengthsByDate: { keys: ['roundId', 'question'], rows: withheld || !withRounds ? [] : strengthsByDate(definitions, company, filters) },
    },
    withheld: withheld ? ['statements', 'statementsByDate', 'open'] : [],
  };
}

/**
 * The 360's strengths by date: for each round of the evaluated person up to the chosen one (the
 * versions of their evaluations), the evaluators' positive percent and its reading per competency, as
 * that round's own view reads them; a round of fewer evaluators than the minimum with no number and
 * the reason; a round of no evaluator (a self-evaluation alone) with no line.
 */
function strengthsByDate(definitions: Questionnaires, company: RawCompany, filters: RefFilters): RefRow[] {
  const statements = datasetsOf(2).statements!;
  const every = inScope(company, { ...statements, latest: false }, { ...filters, version: undefined }) ?? [];
  const versions = [...new Set(every.flatMap((evaluation) => (evaluation.version === null ? [] : [evaluation.version])))].sort((a, b) => a - b);
  const minimum = minimumOf(company);
  return versions
    .filter((version) => version <= filters.version!)
    .flatMap((version): RefRow[] => {
      const evaluators = groupSize(
        every.filter((evaluation) => evaluation.version === version && evaluation.rated !== evaluation.person),
        'evaluators',
      );
      // A round whose only answer is the self-evaluation has no evaluators' line.
      if (evaluators === 0) return [];
      if (evaluators < minimum) {
        return statements.questions!.map((question) => ({ roundId: version, question, percent: null, strength: null, respondents: evaluators, withheld: `Oculto: menos de ${minimum} avaliadores nesta data, para preservar o anonimato.` }));
      }
      const round = view360(definitions, company, { ...filters, version }, false).datasets.consolidated!.rows;
      return round.map((row) => ({ roundId: version, question: row.question!, percent: row.positive!, strength: row.strength!, respondents: evaluators, withheld: null }));
    });
}

// ------------------------------------------------------------------------------------------ area maps

/**
 * An area map's statements (/dash/8, 10, 14): each answer counted once, each option's share of the
 * question's answers (not rounded), what the option means for the area (a reversed statement's scale
 * turned round), and the consolidated gaps: a statement whose disagreeing answers reach 50% shows only
 * its disagreeing and neutral answers (results.md 5).
 */
function viewAreaMap(id: number, definitions: Questionnaires, company: RawCompany, filters: RefFilters): ViewExpectation {
  const datasets = datasetsOf(id);
  const likert = datasets.likert!;
  const type = likert.types[0]!;
  const definition = definitions.get(type)!;
  const questions = questionsOf(definition).filter((candidate) => likert.questions!.includes(candidate.id));
  /** Per question, its options' counts and shares of the question's answers. */
  const shares = (evaluations: RawEvaluation[], among = questions) =>
    among.map((question) => {
      const options = optionsOf(definition, question);
      const counts = options.map((option) => evaluations.filter((evaluation) => chosen(definitions, evaluation).get(question.id)?.includes(option.value)).length);
      const total = counts.reduce((sum, count) => sum + count, 0);
      const levels = options.filter((option) => option.scored !== false).map((option) => itemScore(definition, question, option.value)).sort((a, b) => a - b);
      const own: RefRow[] = options.map((option, index) => ({
        question: question.id,
        option: option.value,
        count: counts[index]!,
        percent: total === 0 ? 0 : (100 * counts[index]!) / total,
        scoreValue: option.scored === false ? null : itemScore(definition, question, option.value),
      }));
      return { question, own, levels };
    });
  const evaluations = inScope(company, likert, filters) ?? [];
  const rows: RefRow[] = [];
  const gaps: RefRow[] = [];
  if (evaluations.length > 0) {
    for (const { own, levels } of shares(evaluations)) {
      const negative = levels.slice(0, Math.floor(levels.length / 2));
      const neutral = levels.length % 2 === 1 ? [levels[(levels.length - 1) / 2]!] : [];
      rows.push(...own);
      const disagreeing = own.filter((row) => negative.includes(row.scoreValue as number)).reduce((sum, row) => sum + (row.percent as number), 0);
      gaps.push(...(Math.round(disagreeing * 1e9) / 1e9 >= 50 ? own.filter((row) => [...negative, ...neutral].includes(row.scoreValue as number)) : own));
    }
  }
  const expected: Record<string, Expectation> = {
    likert: { keys: ['question', 'option'], rows },
    gaps: { keys: ['question', 'option'], rows: gaps },
  };
  if (datasets.gapsByCycle) {
    // Per listed round and statement, the share of its answers at levels 1 and 2 (results.md 5's gaps, a round at a time).
    // Every statement with a level 1 or 2 (the dataset counts every question; the others have no such answer to total).
    const statements = questionsOf(definition).filter((question) => question.kind === 'choice' && optionsOf(definition, question).some((option) => option.scored !== false && [1, 2].includes(itemScore(definition, question, option.value))));
    const { listed } = roundParts(company, datasets.gapsByCycle, filters);
    expected.gapsByCycle = {
      keys: ['cycleId', 'question'],
      ordered: true,
      rows: listed.flatMap((part) =>
        shares(part.evaluations, statements).map(({ question, own }) => ({
          cycleId: part.id,
          question: question.id,
          cycle: part.name,
          respondents: part.evaluations.length,
          value: own.filter((row) => row.scoreValue === 1 || row.scoreValue === 2).reduce((sum, row) => sum + (row.percent as number), 0),
          withheld: null,
        })),
      ),
    };
  }
  for (const [name, dataset] of Object.entries(datasets)) {
    if (dataset.query === 'texts') expected[name] = { keys: ['question', 'text'], rows: texts(inScope(company, dataset, filters) ?? [], dataset.questions!) };
    if (dataset.query === 'people') expected[name] = { keys: ['evaluation'], rows: (inScope(company, dataset, filters) ?? []).map((evaluation) => ({ evaluation: evaluation.id, person: evaluation.person })) };
  }
  return { datasets: expected, withheld: [] };
}

// ------------------------------------------------------------------------------------------ scored groups

/** The means of a group's scores and its band counts, for the banded views (13, 16, 12). */
function scoredGroup(definitions: Questionnaires, evaluations: RawEvaluation[], type: number) {
  const scores = evaluations.map((evaluation) => ({ evaluation, scores: scoresOf(definitions.get(type)!, chosen(definitions, evaluation)) }));
  const means = (key: string) => mean(scores.map((entry) => entry.scores[key] ?? 0));
  return { scores, means };
}

/** Whether a narrowing filter would single people out (the group it leaves, or the rest, under the minimum). */
function narrowingRefused(company: RawCompany, dataset: Dataset, filters: RefFilters): boolean {
  if (filters.sector === undefined) return false;
  const inside = groupSize(inScope(company, dataset, filters) ?? [], 'group');
  const whole = groupSize(inScope(company, dataset, { ...filters, sector: undefined }) ?? [], 'group');
  const minimum = minimumOf(company);
  return inside > 0 && (inside < minimum || (whole - inside > 0 && whole - inside < minimum));
}

/**
 * /dash/13: the mean PSS-14 total and its band, the respondents per band, each respondent's total; per
 * sector the respondents per band (`bandsBySector`); the rounds' means and their changes.
 */
function viewStress(definitions: Questionnaires, company: RawCompany, filters: RefFilters): ViewExpectation {
  const datasets = datasetsOf(13);
  const type = datasets.summary!.types[0]!;
  const labels = definitions.get(type)!.scoring!.classification!.bands;
  const evaluations = inScope(company, datasets.summary!, filters) ?? [];
  const { scores, means } = scoredGroup(definitions, evaluations, type);
  const total = means('total');
  const perBand = labels.map((_band, index) => scores.filter((entry) => stressBand(entry.scores.total!) === index).length);
  const rounds = byCycle(definitions, company, filters, 13, datasets.byCycle!, type, true, false, ['total']);
  return {
    datasets: {
      summary: { keys: ['score'], rows: evaluations.length === 0 ? [] : [{ score: 'total', value: total, bandIndex: stressBand(total), band: labels[stressBand(total)]!.label }] },
      bands: { keys: ['band'], rows: evaluations.length === 0 ? [] : labels.map((band, index) => ({ band: band.id, value: perBand[index]!, respondents: evaluations.length })) },
      respondents: {
        keys: ['evaluation'],
        rows: scores.slice(0, 100).map((entry) => ({ evaluation: entry.evaluation.id, total: entry.scores.total!, bandIndex: stressBand(entry.scores.total!), band: labels[stressBand(entry.scores.total!)]!.label })),
      },
      // Not anonymous: each sector's respondents per band (a sector under the minimum hidden all the same).
      bandsBySector: bySector(definitions, company, filters, type, evaluations, { ids: labels.map((band) => band.id), of: (own) => stressBand(own.total!) }),
      byCycle: rounds.byCycle,
      cycleChange: rounds.cycleChange,
    },
    withheld: [],
    check: rounds.check,
  };
}

/** The names of a view's datasets read by a query (a derived one is never reported withheld). */
function queried(datasets: Record<string, object>): string[] {
  return Object.entries(datasets).flatMap(([name, dataset]) => ('from' in dataset ? [] : [name]));
}

/** A view of one anonymous group with every dataset empty and each queried one withheld (a chosen round hidden as a complement). */
function allWithheld(datasets: Record<string, Dataset>): ViewExpectation {
  return { datasets: Object.fromEntries(Object.keys(datasets).map((name) => [name, { keys: ['score'], rows: [] }])), withheld: queried(datasets) };
}

/**
 * /dash/16: each statement's mean and band, the overall mean and band, the comments, each sector's
 * means (`bySector`), the rounds' means and the last change; anonymous. A chosen round under the
 * minimum withholds the view; one hidden as a complement withholds it too (`orWithheld`).
 */
function viewSafety(definitions: Questionnaires, company: RawCompany, filters: RefFilters): ViewExpectation {
  const datasets = datasetsOf(16);
  const statements = datasets.statements!;
  if (narrowingRefused(company, statements, filters)) return { refused: true, datasets: {}, withheld: [] };
  const type = statements.types[0]!;
  const definition = definitions.get(type)!;
  const evaluations = inScope(company, statements, filters) ?? [];
  const size = groupSize(evaluations, 'group');
  const withheld = size > 0 && size < minimumOf(company);
  const shown = withheld ? [] : evaluations;
  const { means } = scoredGroup(definitions, shown, type);
  const perQuestion = definition.scoring!.scores.find((score) => score.perQuestion)!;
  const whole = definition.scoring!.scores.find((score) => !score.perQuestion)!;
  const questions = (perQuestion.questions as string[]) ?? [];
  const compared = comparedParts(definitions, company, filters, 16, datasets, type, shown, withheld);
  return {
    datasets: {
      statements: { keys: ['question'], rows: shown.length === 0 ? [] : questions.map((question) => ({ question, value: means(`${perQuestion.id}.${question}`), bandIndex: safetyBand(means(`${perQuestion.id}.${question}`)) })) },
      overall: { keys: ['score'], rows: shown.length === 0 ? [] : [{ score: whole.id, value: means(whole.id), bandIndex: safetyBand(means(whole.id)) }] },
      comments: { keys: ['question', 'text'], rows: texts(shown, datasets.comments!.questions!) },
      ...compared.datasets,
    },
    ...compared.rest,
  };
}

/**
 * /dash/12: the three change variables' mean percents and bands, the respondents per band, each
 * sector's means, the rounds' means and the last change; anonymous (as /dash/16).
 */
function viewChange(definitions: Questionnaires, company: RawCompany, filters: RefFilters): ViewExpectation {
  const datasets = datasetsOf(12);
  const variables = datasets.variables!;
  if (narrowingRefused(company, variables, filters)) return { refused: true, datasets: {}, withheld: [] };
  const type = variables.types[0]!;
  const definition = definitions.get(type)!;
  const evaluations = inScope(company, variables, filters) ?? [];
  const size = groupSize(evaluations, 'group');
  const withheld = size > 0 && size < minimumOf(company);
  const shown = withheld ? [] : evaluations;
  const { scores, means } = scoredGroup(definitions, shown, type);
  const classification = definition.scoring!.classification!;
  const wanted = ['cultura', 'historico', 'resistencia'];
  const compared = comparedParts(definitions, company, filters, 12, datasets, type, shown, withheld);
  return {
    datasets: {
      variables: { keys: ['score'], rows: shown.length === 0 ? [] : wanted.map((score) => ({ score, value: means(score), bandIndex: changeBand(means(score)) })) },
      bands: {
        keys: ['band'],
        rows:
          shown.length === 0
            ? []
            : classification.bands.map((band, index) => ({ band: band.id, value: scores.filter((entry) => changeBand(entry.scores[classification.score]!) === index).length, respondents: shown.length })),
      },
      ...compared.datasets,
    },
    ...compared.rest,
  };
}

// ------------------------------------------------------------------------------------------ sectors and rounds

/**
 * The by-sector and by-round parts of an anonymous group view (16, 12), and what its expectation says
 * of the withheld datasets: only the queried ones (a derived one is empty with its source).
 */
function comparedParts(definitions: Questionnaires, company: RawCompany, filters: RefFilters, id: number, datasets: ReturnType<typeof datasetsOf>, type: number, shown: RawEvaluation[], withheld: boolean) {
  const rounds = byCycle(definitions, company, filters, id, datasets.byCycle!, type, shown.length > 0, true);
  return {
    datasets: { bySector: bySector(definitions, company, filters, type, shown, null), byCycle: rounds.byCycle, cycleChange: rounds.cycleChange },
    rest: {
      withheld: withheld ? queried(datasets) : [],
      check: rounds.check,
      orWithheld: filters.cycle !== undefined && shown.length > 0 ? allWithheld(datasets) : undefined,
    },
  };
}

/**
 * The brute-force attacker of a comparison (written apart from the product's suppression): the
 * individuals 0 … n − 1, the whole's indicator vector (everyone; only when the whole is shown) and each
 * shown group's; every combination with coefficients −1, 0 or +1 that uses at least one shown group is
 * tried, and one that gives every individual 0 or 1 and 1 to `minimum` − 1 individuals 1 singles them
 * out. The first such combination, described, or null when none does.
 */
export function disclosure(individuals: number, wholeShown: boolean, groups: { name: string; members: Set<number> }[], minimum: number): string | null {
  const everyone = new Set(Array.from({ length: individuals }, (_none, index) => index));
  const vectors = [...(wholeShown ? [{ name: 'the whole', members: everyone }] : []), ...groups];
  const first = wholeShown ? 1 : 0;
  const coefficients = new Array<number>(vectors.length).fill(0);
  for (let code = 0; code < 3 ** vectors.length; code += 1) {
    let rest = code;
    for (let index = 0; index < vectors.length; index += 1) {
      coefficients[index] = (rest % 3) - 1;
      rest = Math.floor(rest / 3);
    }
    if (!coefficients.some((coefficient, index) => index >= first && coefficient !== 0)) continue;
    let singled = 0;
    let exact = true;
    for (let person = 0; person < individuals && exact; person += 1) {
      const weight = vectors.reduce((total, vector, index) => total + (vector.members.has(person) ? coefficients[index]! : 0), 0);
      if (weight !== 0 && weight !== 1) exact = false;
      singled += weight;
    }
    if (exact && singled >= 1 && singled < minimum) {
      const terms = vectors.flatMap((vector, index) => (coefficients[index] === 0 ? [] : [`${coefficients[index]! > 0 ? '+' : '−'} ${vector.name}`]));
      return `${terms.join(' ')} singles out ${singled} (minimum ${minimum})`;
    }
  }
  return null;
}

/** Every score key a questionnaire's summary has a mean of (a per-question score once per question). */
const scoreKeys = (definition: RefQuestionnaire) => Object.keys(scoresOf(definition, new Map()));

const near = (a: unknown, b: number) => typeof a === 'number' && Math.abs(a - b) <= 1e-6;
const show = (row: RefRow) => JSON.stringify(row);

/** A part of a comparison (a sector, a round): its evaluations and people. */
interface Part {
  id: number;
  name: string;
  evaluations: RawEvaluation[];
  people: Set<number>;
}

/** The sectors of some evaluations (the respondent's), by name then id, those without evaluations left out; with a sector chosen, it alone. */
function sectorParts(company: RawCompany, evaluations: RawEvaluation[], filters: RefFilters): Part[] {
  return [...company.sectorNames]
    .filter(([id]) => filters.sector === undefined || id === filters.sector)
    .map(([id, name]) => ({ id, name, evaluations: evaluations.filter((evaluation) => company.sectors.get(evaluation.person)?.has(id) ?? false) }))
    .filter((part) => part.evaluations.length > 0)
    .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR') || a.id - b.id)
    .map((part) => ({ ...part, people: new Set(part.evaluations.map((evaluation) => evaluation.person)) }));
}

/** What a part's summary rows hold: per score its mean, or per band (`bandOf`) its respondents. */
function partValues(definitions: Questionnaires, type: number, evaluations: RawEvaluation[], bands: { ids: string[]; of: (scores: Record<string, number>) => number } | null): Map<string, number> {
  const { scores, means } = scoredGroup(definitions, evaluations, type);
  if (bands) return new Map(bands.ids.map((id, index) => [id, scores.filter((entry) => bands.of(entry.scores) === index).length]));
  return new Map(scoreKeys(definitions.get(type)!).map((key) => [key, means(key)]));
}

/**
 * The properties of a comparison's hidden parts (sectors of a heatmap, rounds of a line), on the rows
 * of one dataset (`idField` naming the part): a part's rows are all shown or all hidden; a hidden one's
 * numbers are null and its `withheld` says why; a shown one's agree with the reference; a part of 1 to
 * `minimum` − 1 people is hidden; the attacker (`disclosure`) finds no one singled out by the shown
 * parts and the whole; and no more is hidden than needed when showing every part of enough people
 * would single out no one.
 */
function hidingProblems(
  rows: RefRow[],
  idField: string,
  key: string,
  parts: { id: number; name: string; values: Map<string, number>; people: number; members: Set<number> }[],
  individuals: number,
  wholeShown: boolean,
  minimum: number,
  bands: boolean,
  complete: boolean,
): string[] {
  const problems: string[] = [];
  const hidden = new Set<number>();
  for (const part of parts) {
    const own = rows.filter((row) => row[idField] === part.id);
    if (own.length === 0) continue;
    const withheld = own.filter((row) => row.withheld !== null && row.withheld !== undefined);
    if (withheld.length > 0 && withheld.length < own.length) problems.push(`${part.name}: ${withheld.length} of its ${own.length} rows hidden`);
    if (withheld.length === 0) {
      for (const row of own) {
        const wanted = part.values.get(String(row[key]));
        if (wanted === undefined || !near(row.value, wanted)) problems.push(`${part.name} ${String(row[key])}: value ${JSON.stringify(row.value)}, the reference says ${wanted}`);
        if (bands && 'share' in row && !(typeof row.share === 'number' && Math.abs(row.share - (100 * (wanted ?? 0)) / Number(row.respondents)) <= 0.5 + 1e-9)) problems.push(`${part.name} ${String(row[key])}: share ${JSON.stringify(row.share)} is not ${wanted} of ${String(row.respondents)}`);
      }
      continue;
    }
    hidden.add(part.id);
    for (const row of own) {
      if (typeof row.withheld !== 'string' || row.withheld.trim() === '') problems.push(`${part.name}: hidden without a reason: ${show(row)}`);
      const leaked = ['value', 'share', 'bandIndex', 'bandColor', ...(bands ? [] : ['band'])].filter((field) => field in row && row[field] !== null);
      if (leaked.length > 0) problems.push(`${part.name}: hidden, yet its ${leaked.join(', ')} ${leaked.length > 1 ? 'are' : 'is'} shown: ${show(row)}`);
    }
  }
  const listed = parts.filter((part) => rows.some((row) => row[idField] === part.id));
  const small = listed.filter((part) => part.people > 0 && part.people < minimum);
  for (const part of small) if (!hidden.has(part.id)) problems.push(`${part.name}: ${part.people} people (minimum ${minimum}) and shown`);
  const shown = listed.filter((part) => !hidden.has(part.id));
  const found = disclosure(individuals, wholeShown, shown.map((part) => ({ name: part.name, members: part.members })), minimum);
  if (found) problems.push(`DISCLOSURE: ${found} (shown: ${shown.map((part) => `${part.name} (${part.people})`).join(', ')}; hidden: ${[...hidden].join(', ') || 'none'}; ${individuals} in all)`);
  // (Only when every part is listed: a hidden part may protect one the call does not list.)
  const needed = !complete || disclosure(individuals, wholeShown, listed.filter((part) => !small.includes(part)).map((part) => ({ name: part.name, members: part.members })), minimum);
  if (needed === null && hidden.size > small.length) problems.push(`${listed.filter((part) => hidden.has(part.id) && !small.includes(part)).map((part) => part.name).join(', ')} hidden, though showing every part of enough people singles out no one`);
  return problems;
}

/**
 * A summary by sector (`byGroup: "sector"`): per sector of the respondents (by name), each score's
 * mean (or with `bands` each band's respondents), `respondents` its evaluations. Which sectors are
 * hidden is checked as properties (`hidingProblems`), the whole being the group in scope (`shown`:
 * empty when the view withholds it).
 */
function bySector(
  definitions: Questionnaires,
  company: RawCompany,
  filters: RefFilters,
  type: number,
  shown: RawEvaluation[],
  bands: { ids: string[]; of: (scores: Record<string, number>) => number } | null,
): Expectation {
  const parts = sectorParts(company, shown, filters);
  const key = bands ? 'band' : 'score';
  const rows = parts.flatMap((part, index) =>
    [...partValues(definitions, type, part.evaluations, bands).keys()].map((value) => ({ groupId: part.id, [key]: value, group: part.name, groupOrder: index + 1, respondents: part.evaluations.length })),
  );
  const people = [...new Set(shown.map((evaluation) => evaluation.person))];
  const index = new Map(people.map((person, position) => [person, position]));
  const measured = parts.map((part) => ({ id: part.id, name: part.name, values: partValues(definitions, type, part.evaluations, bands), people: part.people.size, members: new Set([...part.people].map((person) => index.get(person)!)) }));
  return { keys: ['groupId', key], rows, more: (actual) => hidingProblems(actual, 'groupId', key, measured, people.length, people.length > 0, minimumOf(company), bands !== null, true) };
}

/** The rounds a line lists under the filters (oldest first): up to the chosen one, or the chosen and the compared alone; each with its evaluations. */
function roundParts(company: RawCompany, dataset: Dataset, filters: RefFilters): { every: Part[]; listed: Part[]; pooled: RawEvaluation[] } {
  const pooled = inScope(company, dataset, { ...filters, cycle: undefined, compare: undefined }) ?? [];
  const every = company.cycles
    .map((cycle) => ({ id: cycle.id, name: cycle.name, evaluations: inScope(company, dataset, { ...filters, cycle: cycle.id, compare: undefined }) ?? [] }))
    .filter((part) => part.evaluations.length > 0)
    .map((part) => ({ ...part, people: new Set(part.evaluations.map((evaluation) => evaluation.person)) }));
  const upTo = filters.cycle === undefined ? every : every.slice(0, every.findIndex((part) => part.id === filters.cycle) + 1);
  const listed = filters.cycle !== undefined && filters.compare !== undefined ? upTo.filter((part) => part.id === filters.cycle || part.id === filters.compare) : upTo;
  return { every, listed, pooled };
}

/** The 'few respondents' note of a change transform, from the dashboard's definition. */
function fewNote(id: number): { below: number; text: string } {
  const transforms = (datasetsOf(id).cycleChange as unknown as { transforms: { op: string; few?: { below: number; text: string } }[] }).transforms;
  return transforms.find((transform) => transform.op === 'change')!.few!;
}

/**
 * A line of rounds (`byCycle`) and its change table (`cycleChange`): per listed round and score, its
 * mean over the round's evaluations and `respondents` its evaluations; anonymous, the rounds hidden as
 * properties (`hidingProblems`: the people of each round apart, the pooled rounds the whole); not, none
 * hidden. The change of a round is its mean less the previous listed round's (null for the first, or
 * when either is hidden), with the note when either has fewer respondents than the note's threshold;
 * `last`: only each score's last round. `shown`: false when the view withholds it (both empty).
 * `scores`: the change table's scores, `lineScores` the line's (default every score).
 */
function byCycle(
  definitions: Questionnaires,
  company: RawCompany,
  filters: RefFilters,
  id: number,
  dataset: Dataset,
  type: number,
  shown: boolean,
  last: boolean,
  scores?: string[],
  lineScores?: string[],
): { byCycle: Expectation; cycleChange: Expectation; check: (data: ActualData) => string[] } {
  const { every, listed, pooled } = shown ? roundParts(company, dataset, filters) : { every: [], listed: [], pooled: [] };
  const keys = lineScores ?? scoreKeys(definitions.get(type)!);
  const values = new Map(every.map((part) => [part.id, partValues(definitions, type, part.evaluations, null)]));
  const rows = listed.flatMap((part, index) => keys.map((score) => ({ cycleId: part.id, score, cycle: part.name, cycleOrder: index + 1, respondents: part.evaluations.length })));
  const few = fewNote(id);
  const changeRows = listed.flatMap((part, index) => {
    if (last && index !== listed.length - 1) return [];
    const before = listed[index - 1];
    const note = before !== undefined && (part.evaluations.length < few.below || before.evaluations.length < few.below) ? few.text : null;
    return (scores ?? keys).map((score) => ({ cycleId: part.id, score, respondents: part.evaluations.length, note }));
  });
  // Units: each person in each round apart (and once among the evaluations in no round).
  const units = [...new Set(pooled.map((evaluation) => `${evaluation.person}/${evaluation.cycle ?? 'none'}`))];
  const unitIndex = new Map(units.map((unit, index) => [unit, index]));
  const measured = every.map((part) => ({ id: part.id, name: part.name, values: values.get(part.id)!, people: part.people.size, members: new Set([...part.people].map((person) => unitIndex.get(`${person}/${part.id}`)!)) }));
  const anonymous = dataset.anonymous === 'group';
  return {
    byCycle: {
      keys: ['cycleId', 'score'],
      rows,
      more: (actual) =>
        anonymous
          ? hidingProblems(actual, 'cycleId', 'score', measured, units.length, new Set(pooled.map((evaluation) => evaluation.person)).size >= minimumOf(company), minimumOf(company), false, listed.length === every.length)
          : actual.flatMap((row) => {
              const wanted = values.get(Number(row.cycleId))?.get(String(row.score));
              return row.withheld !== null || wanted === undefined || !near(row.value, wanted) ? [`round ${String(row.cycle)} ${String(row.score)}: ${show(row)}, the reference's mean ${wanted}, nothing hidden`] : [];
            }),
    },
    cycleChange: { keys: ['cycleId', 'score'], rows: changeRows },
    check: (data) => {
      const problems: string[] = [];
      const lineRows = data.datasets.byCycle?.rows ?? [];
      const orders = lineRows.map((row) => Number(row.cycleOrder));
      if (orders.some((order, index) => index > 0 && order < orders[index - 1]!)) problems.push(`byCycle: rounds not oldest first: ${lineRows.map((row) => String(row.cycle)).join(', ')}`);
      const hiddenRound = (round: number) => lineRows.some((row) => row.cycleId === round && row.withheld !== null && row.withheld !== undefined);
      for (const row of data.datasets.cycleChange?.rows ?? []) {
        const index = listed.findIndex((part) => part.id === row.cycleId);
        const part = listed[index];
        if (!part) continue;
        const before = listed[index - 1];
        const mean = values.get(part.id)!.get(String(row.score))!;
        const value = hiddenRound(part.id) ? null : mean;
        const change = before === undefined || hiddenRound(part.id) || hiddenRound(before.id) ? null : mean - values.get(before.id)!.get(String(row.score))!;
        const same = (a: unknown, b: number | null) => (b === null ? a === null || a === undefined : near(a, b));
        if (!same(row.value, value) || !same(row.change, change)) problems.push(`cycleChange ${part.name} ${String(row.score)}: value ${JSON.stringify(row.value)} and change ${JSON.stringify(row.change)}, the reference says ${value} and ${change} (from ${before?.name ?? 'nothing'})`);
      }
      return problems;
    },
  };
}

// ------------------------------------------------------------------------------------------ psychosocial risks

/** A share's probability step by a questionnaire's bands: 1 + the bands whose `below` it reaches (written apart from the engine's). */
function probabilityStep(bands: { below?: number }[], share: number): number {
  let step = 1;
  for (const band of bands) if (band.below !== undefined && share >= band.below) step += 1;
  return step;
}

/**
 * /dash/18 (issue 27): per risk factor of the psychosocial questionnaire, the group's share of
 * unfavourable answers (the mean of each evaluation's share), its probability step, and no level (a
 * generated world sets no severity: 'Severidade não definida', in grey); per sector the same, which
 * sectors are hidden checked as properties (a hidden sector's share, probability and level null);
 * anonymous as /dash/16. The levels with severities set are checked by hand in tests/server/riskView.test.ts.
 */
function viewRisk(definitions: Questionnaires, company: RawCompany, filters: RefFilters): ViewExpectation {
  const datasets = datasetsOf(18);
  const whole = datasets.risk!;
  if (narrowingRefused(company, whole, filters)) return { refused: true, datasets: {}, withheld: [] };
  const type = whole.types[0]!;
  const definition = definitions.get(type)!;
  const risk = definition.risk!;
  const evaluations = inScope(company, whole, filters) ?? [];
  const size = groupSize(evaluations, 'group');
  const withheld = size > 0 && size < minimumOf(company);
  const shown = withheld ? [] : evaluations;
  const factorRows = (members: RawEvaluation[]) => {
    const { means } = scoredGroup(definitions, members, type);
    return risk.factors.map((factor) => ({
      factor: factor.id,
      factorLabel: factor.label,
      share: means(factor.score),
      probability: probabilityStep(risk.probability, means(factor.score)),
      respondents: members.length,
      severity: null,
      level: null,
      levelLabel: 'Severidade não definida',
    }));
  };
  // By sector: the summary by sector's rows and hiding (`bySector`), read per factor.
  const sectors = bySector(definitions, company, filters, type, shown, null);
  const factorOf = new Map(risk.factors.map((factor) => [factor.id, factor]));
  const asScores = (rows: RefRow[]): RefRow[] => rows.flatMap((row) => {
    const factor = factorOf.get(String(row.factor));
    return factor ? [{ ...row, score: factor.score, value: row.share ?? null }] : [];
  });
  return {
    datasets: {
      risk: { keys: ['factor'], rows: shown.length === 0 ? [] : factorRows(shown) },
      riskBySector: {
        keys: ['groupId', 'factor'],
        rows: sectors.rows.flatMap((row) => risk.factors.filter((factor) => factor.score === row.score).map((factor): RefRow => ({ groupId: row.groupId ?? null, factor: factor.id, group: row.group ?? null, respondents: row.respondents ?? null }))),
        more: (actual) => [
          ...sectors.more!(asScores(actual)),
          ...actual.flatMap((row) => {
            const hidden = row.withheld !== null && row.withheld !== undefined;
            const share = typeof row.share === 'number' ? row.share : null;
            if (hidden) return ['probability', 'level', 'levelLabel', 'levelColor'].filter((field) => row[field] !== null && row[field] !== undefined).map((field) => `${String(row.group)}: hidden, yet its ${field} is ${JSON.stringify(row[field])}`);
            return share !== null && row.probability !== probabilityStep(risk.probability, share) ? [`${String(row.group)} ${String(row.factor)}: probability ${String(row.probability)} for ${share}%`] : [];
          }),
        ],
      },
    },
    withheld: withheld ? queried(datasets) : [],
  };
}

// ------------------------------------------------------------------------------------------ profiles

/**
 * The profile views (/dash/5, 6, 9, and 3's primary styles): every score of the colleague and of each
 * person (latest evaluation), the group's means, and the people per first and second style, a tie
 * crediting no single style (issue 22, defect 3).
 */
function viewProfile(id: number, definitions: Questionnaires, company: RawCompany, filters: RefFilters): ViewExpectation {
  const datasets = datasetsOf(id);
  const people = datasets.people!;
  const type = people.types[0]!;
  const definition = definitions.get(type)!;
  const ranking = definition.scoring!.rankings!.find((candidate) => candidate.from === 'scores')!;
  const labelOf = new Map(definition.scoring!.scores.map((score) => [score.id, score.label]));
  const profile = (evaluation: RawEvaluation) => {
    const scores = scoresOf(definition, chosen(definitions, evaluation));
    return { evaluation, scores, places: places(ranking.scores!.map((score) => ({ label: labelOf.get(score)!, value: scores[score]! }))) };
  };
  const group = (inScope(company, people, filters) ?? []).map(profile);
  const colleague = (inScope(company, datasets.person ?? datasets.personProfile!, filters) ?? []).map(profile);
  const expected: Record<string, Expectation> = {};
  const scoreIds = definition.scoring!.scores.filter((score) => !score.perQuestion).map((score) => score.id);
  const styleLabels = ranking.scores!.map((score) => labelOf.get(score)!);
  const tieAllowed = (field: string) => (row: RefRow) => !styleLabels.includes(String(row[field]));
  expected.people = {
    keys: ['person'],
    rows: group.map((entry) => ({
      person: entry.evaluation.person,
      ...Object.fromEntries(scoreIds.map((score) => [score, entry.scores[score]!])),
      [`${ranking.id}.1`]: placeLabel(entry.places.first),
      [`${ranking.id}.2`]: placeLabel(entry.places.second),
    })),
  };
  if (datasets.group) {
    const fields = ranking.scores!;
    expected.group = { keys: ['score'], rows: group.length === 0 ? [] : fields.map((score) => ({ score, value: mean(group.map((entry) => entry.scores[score]!)) })) };
  }
  for (const [name, place] of [['first', 'first'], ['second', 'second']] as const) {
    const dataset = datasets[name] ?? datasets[name === 'first' ? 'primary' : 'secondary'];
    if (!dataset) continue;
    const field = `${ranking.id}.${place === 'first' ? 1 : 2}`;
    const placed = (entry: (typeof group)[number]) => (place === 'first' ? entry.places.first : entry.places.second);
    const credited = (label: string) => group.filter((entry) => placed(entry).length === 1 && placed(entry)[0] === label).length;
    const tied = group.filter((entry) => placed(entry).length > 1).length;
    expected[datasets[name] ? name : name === 'first' ? 'primary' : 'secondary'] = {
      keys: [field],
      rows: styleLabels.map((label) => ({ [field]: label, count: credited(label) })),
      allowExtra: tieAllowed(field),
      // The people whose place is shared are counted apart (a tie credits no style), all of them.
      more: (rows) => {
        const counted = rows.filter((row) => !styleLabels.includes(String(row[field]))).reduce((total, row) => total + Number(row.count ?? 0), 0);
        return counted === tied ? [] : [`${tied} people share their ${place} place and ${counted} are counted as tied`];
      },
    };
  }
  if (datasets.alphaShare) {
    // Alpha: counted as alpha when its force or its risk is 50% or more (results.md 9).
    const isAlpha = (entry: (typeof group)[number]) => Math.max(entry.scores['alpha.forca']!, entry.scores['alpha.risco']!) >= 50;
    for (const row of expected.people.rows) row.alpha = isAlpha(group.find((entry) => entry.evaluation.person === row.person)!) ? 'Alpha' : 'Não alpha';
    expected.alphaShare = { keys: ['alpha'], rows: [{ alpha: 'Alpha', count: group.filter(isAlpha).length }, { alpha: 'Não alpha', count: group.filter((entry) => !isAlpha(entry)).length }] };
  }
  if (datasets.person && datasets.person.query === 'scores') {
    const fields = (((datasets.person as { transforms?: { op: string; fields?: string[] }[] }).transforms ?? []).find((transform) => transform.op === 'unpivot')?.fields ?? scoreIds) as string[];
    expected.person = { keys: ['score'], rows: colleague.flatMap((entry) => fields.map((score) => ({ score, value: entry.scores[score]! }))) };
  }
  // The group's means per round and their change (issue 26): each round counts each person's latest evaluation in it.
  const rounds = datasets.byCycle ? byCycle(definitions, company, filters, id, datasets.byCycle, type, true, true, undefined, unpivotedSummary(datasets.byCycle, definition)) : undefined;
  if (rounds) Object.assign(expected, { byCycle: rounds.byCycle, cycleChange: rounds.cycleChange });
  if (datasets.personRanking) {
    expected.personRanking = {
      keys: ['evaluation'],
      rows: colleague.map((entry) => ({
        evaluation: entry.evaluation.id,
        ...Object.fromEntries(scoreIds.map((score) => [score, entry.scores[score]!])),
        [`${ranking.id}.1`]: placeLabel(entry.places.first),
        [`${ranking.id}.2`]: placeLabel(entry.places.second),
      })),
    };
  }
  return { datasets: expected, withheld: [], check: rounds?.check };
}

// ------------------------------------------------------------------------------------------ Via

/** /dash/4: the colleague's ranked strengths, virtues, and the group's top-5 strengths (people naming each). */
function viewVia(definitions: Questionnaires, company: RawCompany, filters: RefFilters): ViewExpectation {
  const datasets = datasetsOf(4);
  const type = datasets.ranking!.types[0]!;
  const definition = definitions.get(type)!;
  const colleague = inScope(company, datasets.ranking!, filters) ?? [];
  const labelled = (evaluation: RawEvaluation, questions: RefQuestion[]) =>
    questions.flatMap((question) => (chosen(definitions, evaluation).get(question.id) ?? []).map((value) => ({ question, option: optionsOf(definition, question).find((option) => option.value === value)! })));
  const ranking = colleague.flatMap((evaluation) => labelled(evaluation, questionsOf(definition)).map(({ question, option }) => ({ question: question.id, optionLabel: option.label, tag: option.tags?.[0] ?? '', count: 1 })));
  const top = datasets.top5!;
  const topQuestions = questionsOf(definition).filter((question) => top.questions!.includes(question.id));
  const people = new Map<string, number>();
  for (const evaluation of inScope(company, top, filters) ?? []) for (const { option } of labelled(evaluation, topQuestions)) people.set(option.label, (people.get(option.label) ?? 0) + 1);
  const top5 = [...people.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'pt-BR', { numeric: true })).map(([optionLabel, count]) => ({ optionLabel, people: count }));
  const virtueScores = definition.scoring!.scores;
  const virtues = colleague.flatMap((evaluation) => {
    const scores = scoresOf(definition, chosen(definitions, evaluation));
    return virtueScores.map((score) => ({ score: score.id, value: scores[score.id]! }));
  });
  const group = (inScope(company, datasets.groupVirtues!, filters) ?? []).map((evaluation) => scoresOf(definition, chosen(definitions, evaluation)));
  const rounds = byCycle(definitions, company, filters, 4, datasets.byCycle!, type, true, true, undefined, unpivotedSummary(datasets.byCycle!, definition));
  return {
    check: rounds.check,
    datasets: {
      byCycle: rounds.byCycle,
      cycleChange: rounds.cycleChange,
      ranking: { keys: ['question'], rows: ranking },
      top5: { keys: ['optionLabel'], rows: top5, ordered: true },
      virtues: { keys: ['score'], rows: virtues },
      groupVirtues: { keys: ['score'], rows: group.length === 0 ? [] : virtueScores.map((score) => ({ score: score.id, value: mean(group.map((scores) => scores[score.id]!)) })) },
    },
    withheld: [],
  };
}

// ------------------------------------------------------------------------------------------ team performance

/** The 10 competency themes of the performance screen (results.md 9), in order. */
const THEMES = ['Resultados', 'Clareza', 'Relacionamento', 'Conflitos', 'Indicadores', 'Competência', 'Inovação', 'Posição', 'Organização', 'Motivação'];

/** /dash/7: the colleague's grade per theme for the team and the leadership, and the two totals. */
function viewTeam(definitions: Questionnaires, company: RawCompany, filters: RefFilters): ViewExpectation {
  const datasets = datasetsOf(7);
  const type = datasets.themes!.types[0]!;
  const definition = definitions.get(type)!;
  const evaluations = inScope(company, datasets.themes!, filters) ?? [];
  const themes: RefRow[] = [];
  const totals: RefRow[] = [];
  for (const evaluation of evaluations) {
    const scores = scoresOf(definition, chosen(definitions, evaluation));
    for (const score of definition.scoring!.scores) {
      if (score.perQuestion) for (const question of score.questions as string[]) themes.push({ question, label: score.label, value: scores[`${score.id}.${question}`]! });
      else totals.push({ score: score.id, value: scores[score.id]! });
    }
  }
  // The scatter's points: per theme of results.md 9 (in its order: questions 1–10 rate the team, 11–20
  // the leadership), the team's and the leadership's grade on a 0–100 scale.
  const quadrants = THEMES.flatMap((theme, index) => {
    const team = themes.find((row) => row.question === String(index + 1));
    const leader = themes.find((row) => row.question === String(index + 11));
    return team && leader ? [{ theme, team: 10 * (team.value as number), leader: 10 * (leader.value as number) }] : [];
  });
  return { datasets: { themes: { keys: ['question'], rows: themes }, totals: { keys: ['score'], rows: totals }, quadrants: { keys: ['theme'], rows: quadrants } }, withheld: [] };
}

// ------------------------------------------------------------------------------------------ values and needs

/** /dash/15: each value or need of the colleague and of the manager's evaluation, in one column or both. */
function viewAlignment(definitions: Questionnaires, company: RawCompany, filters: RefFilters): ViewExpectation {
  const dataset = datasetsOf(15).alignment!;
  if (filters.alignment === undefined) return { datasets: { alignment: { keys: ['question', 'optionLabel'], rows: [] } }, withheld: [] };
  const evaluations = inScope(company, dataset, filters) ?? [];
  const sides = new Map<string, { left: boolean; right: boolean; question: string; optionLabel: string }>();
  for (const evaluation of evaluations) {
    const definition = definitions.get(evaluation.type)!;
    const left = dataset.types.includes(evaluation.type);
    for (const question of questionsOf(definition).filter((candidate) => dataset.questions!.includes(candidate.id))) {
      for (const value of chosen(definitions, evaluation).get(question.id) ?? []) {
        const optionLabel = optionsOf(definition, question).find((option) => option.value === value)!.label;
        const key = `${question.id}\u0000${optionLabel}`;
        const entry = sides.get(key) ?? { left: false, right: false, question: question.id, optionLabel };
        if (left) entry.left = true;
        else entry.right = true;
        sides.set(key, entry);
      }
    }
  }
  const rows = [...sides.values()].map((entry) => ({ question: entry.question, optionLabel: entry.optionLabel, column: entry.left && entry.right ? 'both' : entry.left ? 'left' : 'right' }));
  return { datasets: { alignment: { keys: ['question', 'optionLabel'], rows } }, withheld: [] };
}

// ------------------------------------------------------------------------------------------ scanner

/** The fields a dataset unpivots (its first `unpivot`), or every whole score. */
function unpivoted(dataset: Dataset, definition: RefQuestionnaire): string[] {
  const transforms = (dataset as { transforms?: { op: string; fields?: string[] | 'scores' }[] }).transforms ?? [];
  const fields = transforms.find((transform) => transform.op === 'unpivot')?.fields;
  return Array.isArray(fields) ? fields : definition.scoring!.scores.filter((score) => !score.perQuestion).map((score) => score.id);
}

/**
 * The scanners (/dash/-1 for a colleague, /dash/-2 for a group): each person's scores of the five
 * profile tests, their top-5 strengths, and the group's means and strengths (latest evaluations).
 */
function viewScanner(id: number, definitions: Questionnaires, company: RawCompany, filters: RefFilters): ViewExpectation {
  const datasets = datasetsOf(id);
  const expected: Record<string, Expectation> = {};
  for (const [name, dataset] of Object.entries(datasets)) {
    if (dataset.from) continue;
    if (dataset.query === 'people') {
      // Every evaluation (done or pending) of the people in scope, green when all of the person's are
      // done (results.md 2.10); the consolidated list keeps the done ones.
      const onlyDone = ((dataset as { transforms?: { op: string; where?: { field: string; in?: unknown[] }[] }[] }).transforms ?? []).some(
        (transform) => transform.op === 'filter' && transform.where?.some((condition) => condition.field === 'done' && condition.in?.length === 1 && condition.in[0] === true),
      );
      const all = company.evaluations.filter(
        (evaluation) => dataset.types.includes(evaluation.type) && (filters.sector === undefined || (company.sectors.get(evaluation.person)?.has(filters.sector) ?? false)),
      );
      const allDone = (person: number) => all.filter((evaluation) => evaluation.person === person).every((evaluation) => evaluation.done);
      expected[name] = {
        keys: ['evaluation'],
        rows: all.filter((evaluation) => !onlyDone || evaluation.done).map((evaluation) => ({ evaluation: evaluation.id, person: evaluation.person, done: evaluation.done, allDone: allDone(evaluation.person) })),
      };
      continue;
    }
    const type = dataset.types[0]!;
    const definition = definitions.get(type)!;
    const evaluations = inScope(company, dataset, filters) ?? [];
    const scored = evaluations.map((evaluation) => ({ evaluation, scores: scoresOf(definition, chosen(definitions, evaluation)) }));
    if (dataset.query === 'scores' && definition.scoring!.rankings?.some((ranking) => ranking.from === 'answers' && ranking.questions !== 'all') && unpivoted(dataset, definition).every((field) => field.includes('.') && !(field in (scored[0]?.scores ?? {})))) {
      // A ranking from answers unpivoted by position ("signature.1" …): the label of each chosen option.
      expected[name] = {
        keys: ['person', 'score'],
        rows: evaluations.flatMap((evaluation) =>
          unpivoted(dataset, definition).map((field) => {
            const [ranking, position] = field.split('.') as [string, string];
            const questions = definition.scoring!.rankings!.find((candidate) => candidate.id === ranking)!.questions as string[];
            const question = questionsOf(definition).find((candidate) => candidate.id === questions[Number(position) - 1])!;
            const value = chosen(definitions, evaluation).get(question.id)?.[0];
            return { person: evaluation.person, score: field, value: optionsOf(definition, question).find((option) => option.value === value)?.label ?? null };
          }),
        ),
      };
    } else if (dataset.query === 'scores') {
      expected[name] = { keys: ['person', 'score'], rows: scored.flatMap((entry) => unpivoted(dataset, definition).map((score) => ({ person: entry.evaluation.person, score, value: entry.scores[score]! }))) };
    } else if (dataset.query === 'summary') {
      const wanted = unpivotedSummary(dataset, definition);
      expected[name] = { keys: ['score'], rows: scored.length === 0 ? [] : wanted.map((score) => ({ score, value: mean(scored.map((entry) => entry.scores[score]!)), respondents: scored.length })) };
    } else if (dataset.query === 'optionCounts') {
      const questions = questionsOf(definition).filter((question) => dataset.questions!.includes(question.id));
      const counts = new Map<string, number>();
      for (const evaluation of evaluations) {
        for (const question of questions) {
          for (const value of chosen(definitions, evaluation).get(question.id) ?? []) {
            const label = optionsOf(definition, question).find((option) => option.value === value)!.label;
            counts.set(label, (counts.get(label) ?? 0) + 1);
          }
        }
      }
      const total = ((dataset as { transforms?: { op: string }[] }).transforms ?? []).some((transform) => transform.op === 'total');
      expected[name] = total
        ? { keys: ['optionLabel'], rows: [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'pt-BR', { numeric: true })).map(([optionLabel, people]) => ({ optionLabel, people })), ordered: true }
        : { keys: ['optionLabel'], rows: [...counts.entries()].map(([optionLabel, count]) => ({ optionLabel, count })) };
    }
  }
  return { datasets: expected, withheld: [] };
}

/** The scores a summary keeps (its `filter` on `score`, when it has one), else every whole score. */
function unpivotedSummary(dataset: Dataset, definition: RefQuestionnaire): string[] {
  const transforms = (dataset as { transforms?: { op: string; where?: { field: string; in?: string[] }[] }[] }).transforms ?? [];
  const kept = transforms.find((transform) => transform.op === 'filter')?.where?.find((condition) => condition.field === 'score')?.in;
  return kept ?? definition.scoring!.scores.filter((score) => !score.perQuestion).map((score) => score.id);
}

/** The views the reference covers. */
export const COVERED = [-2, -1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14, 15, 16, 18];

/** What a view must answer under the filters (null: a view the reference does not cover). */
export function expectView(id: number, definitions: Questionnaires, company: RawCompany, filters: RefFilters): ViewExpectation | null {
  switch (id) {
    case 2:
      return filters.version === undefined || filters.evaluated === undefined ? null : view360(definitions, company, filters);
    case 8:
    case 10:
    case 14:
      return viewAreaMap(id, definitions, company, filters);
    case 13:
      return viewStress(definitions, company, filters);
    case 16:
      return viewSafety(definitions, company, filters);
    case 18:
      return viewRisk(definitions, company, filters);
    case 12:
      return viewChange(definitions, company, filters);
    case 3:
    case 5:
    case 6:
    case 9:
      return viewProfile(id, definitions, company, filters);
    case 4:
      return viewVia(definitions, company, filters);
    case 7:
      return filters.colleague === undefined ? null : viewTeam(definitions, company, filters);
    case 15:
      return viewAlignment(definitions, company, filters);
    case -1:
    case -2:
      return viewScanner(id, definitions, company, filters);
    default:
      return null;
  }
}
