/**
 * The section 7 calls as declarations (apps/server/src/routes/results/): every declaration reads only
 * datasets its dashboard has (the startup check), and the one interpreter builds the answers the
 * specification shows from rows written here by hand (no database): Likert levels summed over roles,
 * texts under their question, the gap flag, a person without a test, the scoring's order, the
 * 360 question's two cases, and the 360 interview's consolidated and print data (the view of the one
 * staff form, found in the definitions). Expected values are worked out by hand from those rows.
 */
import { describe, expect, it } from 'vitest';
import type { DashboardDefinition, Row } from '../../engine/definition/dashboard.ts';
import { loadDefinitions } from '../../apps/server/src/definitions.ts';
import { missingDatasets, shapeAnswer } from '../../apps/server/src/routes/results/answer.ts';
import { CALLS } from '../../apps/server/src/routes/results/calls.ts';
import { resolveDashboards } from '../../apps/server/src/routes/results/resultCalls.ts';

const definitions = loadDefinitions();
const RESOLVED = resolveDashboards(definitions, CALLS);
const call = (url: string) => RESOLVED.find((declaration) => declaration.url === url)!;
const view = (id: number) => definitions.dashboards.get(id)!;

/** The answer of a call's declaration over hand-written datasets. */
function answer(url: string, datasets: Record<string, Row[]>, params: Record<string, unknown> = {}, users: Row[] = []) {
  const declaration = call(url);
  return shapeAnswer(
    {
      definitions,
      dashboard: view(declaration.dashboard as number),
      request: { params, query: {}, body: {} },
      computed: new Map(Object.entries(datasets)),
      choices: new Map(),
      users: new Map(users.map((user) => [Number(user.id), user])),
    },
    declaration.answer!,
  );
}

describe('the declarations', () => {
  it('read only datasets their dashboards have', () => {
    for (const declaration of RESOLVED) {
      if (typeof declaration.dashboard !== 'number') continue;
      expect(missingDatasets(view(declaration.dashboard), declaration), `${declaration.method} ${declaration.url}`).toEqual([]);
    }
  });

  it("serve the one staff form's view, found in the definitions", () => {
    const interviewCalls = ['/tableresponse/count/all/true/:id/1/1', '/tableresponse/interview360/:ratedId', '/interview/print/:ratedId', '/interview/report/:ratedId'];
    for (const url of interviewCalls) expect(call(url).dashboard, url).toBe(11);
    const { 11: _interview, ...others } = Object.fromEntries(definitions.questionnaires);
    const none = { ...definitions, questionnaires: new Map(Object.entries(others).map(([type, definition]) => [Number(type), definition])) };
    expect(() => resolveDashboards(none, CALLS)).toThrow(`Os caminhos sem tipo (${interviewCalls.join(', ')})`);
  });

  it("tell the startup check which dataset the staff form's view lacks, and that a report call needs a report", () => {
    const { answerTexts: _dropped, ...rest } = view(11).datasets;
    expect(missingDatasets({ ...view(11), datasets: rest }, call('/tableresponse/interview360/:ratedId'))).toEqual(['answerTexts']);
    const { report: _report, ...withoutReport } = view(11);
    expect(missingDatasets(withoutReport, call('/interview/report/:ratedId'))).toEqual(['report']);
  });

  it('tell the startup check which dataset a dashboard lacks', () => {
    const alpha = view(3);
    const { peopleFlags: _dropped, ...rest } = alpha.datasets;
    const lacking: DashboardDefinition = { ...alpha, datasets: rest };
    expect(missingDatasets(lacking, call('/tableresponse/alpha/consolidated'))).toEqual(['peopleFlags']);
  });
});

describe('the area map (dashboard 8)', () => {
  const url = '/tableresponse/operacionalArea/:sectorId';
  /** Five levels of a question, counts and percentages given per level, in one role's rows. */
  const levels = (question: string, counts: number[], percents: number[]): Row[] =>
    counts.map((count, optionOrder) => ({ question, optionOrder, count, percent: percents[optionOrder]! }));
  const zeros = [0, 0, 0, 0, 0];
  const likert = [
    // 1.1 comes in two roles: 1 + 2 answers at level 0, 1 at level 1 (percentages summed likewise).
    ...levels('1.1', [1, 1, 0, 0, 0], [50, 50, 0, 0, 0]),
    ...levels('1.1', [2, 0, 0, 0, 0], [100, 0, 0, 0, 0]),
    ...levels('1.2', [0, 0, 0, 1, 1], [0, 0, 0, 50, 50]),
    ...['1.3', '1.4', '1.5', '1.6'].flatMap((question) => levels(question, zeros, zeros)),
  ];
  const datasets = {
    likert,
    // The gap chart kept 3 of 1.1's 10 rows and all of 1.2's.
    gaps: [...likert.filter((row) => row.question === '1.1').slice(0, 3), ...likert.filter((row) => row.question === '1.2')],
    respondents: [
      { person: 7, name: 'Diego' },
      { person: 7, name: 'Diego' },
      { person: 9, name: 'Fernanda' },
    ],
    justifications: [
      { question: '1.1.1', text: 'falta meta' },
      { question: '1.7.1', text: 'processos lentos' },
      { question: '1.3.1', text: 'sem dados' },
    ],
    suggestions: [{ question: '5.1', text: 'contratar' }],
    considerations: [],
  };

  it('gives Likert levels summed over roles, the follow-up texts under their question, the free-text questions alone, and the gap flag', () => {
    const body = answer(url, datasets) as { pages: { title: string; questions: { id: string; likert: number[]; normalized: number[]; responses: string[]; isConsolidated: boolean }[] }[]; evaluators: unknown };
    expect(body.evaluators).toEqual([{ name: 'Diego' }, { name: 'Fernanda' }]);
    expect(body.pages.map((page) => page.title)).toEqual(['Resultados', 'Organização', 'Equipe', 'Gestão', 'Sugestões de melhorias']);
    const [results, , , , suggestions] = body.pages;
    expect(results!.questions.map(({ id, likert: counts, normalized, responses, isConsolidated }) => ({ id, counts, normalized, responses, isConsolidated }))).toEqual([
      { id: '1.1', counts: [3, 1, 0, 0, 0], normalized: [150, 50, 0, 0, 0], responses: ['falta meta'], isConsolidated: true },
      { id: '1.2', counts: [0, 0, 0, 1, 1], normalized: [0, 0, 0, 50, 50], responses: [], isConsolidated: false },
      { id: '1.3', counts: zeros, normalized: zeros, responses: ['sem dados'], isConsolidated: false },
      { id: '1.4', counts: zeros, normalized: zeros, responses: [], isConsolidated: false },
      { id: '1.5', counts: zeros, normalized: zeros, responses: [], isConsolidated: false },
      { id: '1.6', counts: zeros, normalized: zeros, responses: [], isConsolidated: false },
      // 1.7 (yes or no) is no Likert question: its follow-up stands alone.
      { id: '1.7.1', counts: [], normalized: [], responses: ['processos lentos'], isConsolidated: false },
    ]);
    expect(results!.questions[0]).toMatchObject({ text: 'A área cumpre as metas estabelecidas para o período.' });
    expect(suggestions!.questions.map(({ id, responses }) => ({ id, responses }))).toEqual([
      { id: '5.1', responses: ['contratar'] },
      { id: '5.2', responses: [] },
    ]);
  });

  it('gives nothing without respondents', () => {
    expect(answer(url, { ...datasets, respondents: [] })).toEqual({ pages: [], evaluators: [] });
  });
});

describe('the consolidated scanner (dashboard -2)', () => {
  const motivation = (person: number | null, values: number[]) =>
    // Given in reverse: the answer follows the scoring's order (intrínseca … externa).
    ['intrinseca', 'integrada', 'identificada', 'introjetada', 'externa'].map((score, index) => ({ person, score, value: values[index]! })).reverse();

  it('answers each person under the tests they took, null for the others, in the scoring order', () => {
    const body = answer('/tableresponse/scanner/consolidated', {
      people: [
        { person: 7, name: 'Diego' },
        { person: 7, name: 'Diego' },
        { person: 9, name: 'Fernanda' },
      ],
      groupAlpha: [
        { score: 'executor.forca', style: 'executor', styleLabel: 'Executor', measure: 'forca', value: 10 },
        { score: 'alpha.risco', style: 'alpha', styleLabel: 'Alpha', measure: 'risco', value: 20 },
        { score: 'alpha.forca', style: 'alpha', styleLabel: 'Alpha', measure: 'forca', value: 30 },
      ],
      groupVia: [{ optionLabel: 'Amor', people: 2 }],
      groupTemperaments: [],
      groupMotivational: motivation(null, [1, 2, 3, 4, 5]),
      groupObjections: [],
      alpha: [],
      via: [
        { person: 9, position: '2', value: 'Bravura' },
        { person: 9, position: '1', value: 'Amor' },
      ],
      temperaments: [],
      motivational: motivation(7, [50, 0, 0, 0, 50]),
      objections: [],
    }) as { consolidated: Record<string, unknown>; scannerUsers: unknown[] };
    expect(body.consolidated).toEqual({
      alpha: [
        { style: 'alpha', label: 'Alpha', force: 30, risk: 20 },
        { style: 'executor', label: 'Executor', force: 10, risk: null },
      ],
      via: [{ strength: 'Amor', quantity: 2 }],
      temperamentos: [],
      motivacional: [1, 2, 3, 4, 5],
      objecoes: [],
    });
    expect(body.scannerUsers).toEqual([
      { name: 'Diego', user_id: 7, evaluations: { 3: null, 4: null, 5: null, 6: [50, 0, 0, 0, 50], 9: null } },
      { name: 'Fernanda', user_id: 9, evaluations: { 3: null, 4: ['Amor', 'Bravura'], 5: null, 6: null, 9: null } },
    ]);
  });
});

describe('the answers of a 360 question (dashboard 2)', () => {
  const url = '/tableresponse/360/:userId/:question/:version';
  const datasets = {
    statements: [
      // Option 1 chosen by two evaluators and by the self-evaluation of both forms (types 1 and 2); option 2 by nobody; question 2 apart.
      { question: '1', option: '1', optionOrder: 0, self: false, count: 2 },
      { question: '1', option: '1', optionOrder: 0, self: true, count: 1 },
      { question: '1', option: '1', optionOrder: 0, self: true, count: 1 },
      { question: '1', option: '2', optionOrder: 1, self: false, count: 0 },
      { question: '1', option: '13', optionOrder: 12, self: false, count: 1 },
      { question: '2', option: '1', optionOrder: 0, self: false, count: 5 },
    ],
    open: [
      { question: '11', self: true, text: 'sou organizada' },
      { question: '11', self: false, text: 'comunica bem' },
      { question: '12', self: false, text: 'outra' },
    ],
  };

  it('counts a scored question per option and role, evaluators first', () => {
    expect(answer(url, datasets, { userId: 1, question: 1, version: 2 })).toEqual([
      { response: '1', qtt_response: 2, selected_auto: false },
      { response: '1', qtt_response: 2, selected_auto: true },
      { response: '13', qtt_response: 1, selected_auto: false },
    ]);
  });

  it("lists an open question's texts, the evaluators' first", () => {
    expect(answer(url, datasets, { userId: 1, question: 11, version: 2 })).toEqual([
      { response: 'comunica bem', qtt_response: 1, selected_auto: false },
      { response: 'sou organizada', qtt_response: 1, selected_auto: true },
    ]);
  });
});

describe("the 360 interview's consolidated and print data (the one staff form's view, 11)", () => {
  /** One series' rows of the grades dataset: a value per competency's grade question (blocks 1 and 2 given, the others without answers). */
  const series = (label: string, stat: string, of: string, values: (number | null)[]) =>
    values.map((value, index) => ({ question: `${index + 1}.grade`, series: label, stat, of, value }));
  const grades = [
    ...series('Média', 'mean', 'others', [3, 3.755]),
    ...series('Autoavaliação', 'mean', 'self', [9, null]),
    ...series('Mínimo', 'min', 'others', [1, 2.5]),
    ...series('Máximo', 'max', 'others', [5, 5.01]),
  ];
  /** An evaluation's grade rows, as the per-person dataset gives them (null: blank). */
  const answers = (evaluation: string, person: number, name: string, self: boolean, values: (number | null)[]) =>
    values.map((value, index) => ({ evaluation, person, name, self, question: `${index + 1}.grade`, value }));
  const datasets = {
    grades,
    answers: [...answers('e-a', 7, 'Diego', false, [1, 2.5]), ...answers('e-self', 3, 'Ana', true, [9, null])],
    answerTexts: [
      { evaluation: 'e-a', question: '1.positive', text: 'Pontual' },
      { evaluation: 'e-a', question: '11.forces', text: 'Foco' },
      { evaluation: 'e-self', question: '13.final', text: 'Evoluí' },
    ],
    comments: [
      { question: '1.positive', text: 'Assume erros' },
      { question: '1.positive', text: 'Pontual' },
      { question: '2.better', text: 'Planejar' },
      { question: '11.forces', text: 'Foco' },
    ],
  };
  const ana = { id: 3, name: 'Ana', companyId: 1 };
  /** The interview's ten competencies, as definitions/questionnaires' interview names them in staff.blocks. */
  const NAMES = ['Responsabilidade', 'Planejamento', 'Gestão de Tempo', 'Delegação', 'Feedback', 'Comunicação', 'Relacionamento', 'Liderança', 'Problemas', 'Inovação'];

  it('gives the statistics per competency to two decimals (null without answers), each interview apart, the rated person and the count', () => {
    const body = answer('/tableresponse/interview360/:ratedId', datasets, { ratedId: 3 }, [ana]) as Record<string, unknown> & {
      competencies: unknown[];
      responses: { competencies: unknown[] }[];
      selfResponses: { competencies: unknown[] }[];
    };
    expect(body).toMatchObject({ rated_id: 3, rated_name: 'Ana', count: 2 });
    expect(body.competencies).toHaveLength(10);
    expect(body.competencies.slice(0, 3)).toEqual([
      { block: 1, name: 'Responsabilidade', average: 3, self: 9, min: 1, max: 5 },
      // 3.755 → 3.76 and 5.01 stays; no self grade: null.
      { block: 2, name: 'Planejamento', average: 3.76, self: null, min: 2.5, max: 5.01 },
      { block: 3, name: 'Gestão de Tempo', average: null, self: null, min: null, max: null },
    ]);
    expect((body.evaluator as unknown[])[0]).toEqual({ block: 1, name: 'Responsabilidade', average: 3, min: 1, max: 5 });
    expect((body.rated as unknown[])[1]).toEqual({ block: 2, name: 'Planejamento', grade: null });
    const [interview] = body.responses;
    expect(interview).toMatchObject({ evaluation_id: 'e-a', evaluator_id: 7, evaluator: 'Diego', forces: 'Foco', weakness: ' ', final: ' ' });
    // Only the two grades given: the dataset's rows are the evaluation's grades.
    expect(interview!.competencies).toEqual([
      { block: 1, name: 'Responsabilidade', grade: 1, positive: 'Pontual', better: ' ' },
      { block: 2, name: 'Planejamento', grade: 2.5, positive: ' ', better: ' ' },
    ]);
    expect(body.selfResponses).toHaveLength(1);
    expect(body.selfResponses[0]).toMatchObject({ evaluation_id: 'e-self', evaluator_id: 3, final: 'Evoluí', forces: ' ' });
    // A blank grade is 0 in an interview's own list.
    expect(body.selfResponses[0]!.competencies[1]).toEqual({ block: 2, name: 'Planejamento', grade: 0, positive: ' ', better: ' ' });
    expect((body.competencies as { name: string }[]).map((item) => item.name)).toEqual(NAMES);
  });

  it("gives the print dataset: the report's title, the comments per competency and per open block", () => {
    const body = answer('/interview/print/:ratedId', datasets, { ratedId: 3 }, [ana]) as Record<string, unknown> & { competencies: Record<string, unknown>[] };
    expect(body).toMatchObject({ title: 'Entrevista 360 graus', rated_name: 'Ana', count: 2, forces: ['Foco'], weakness: [], final: [] });
    expect(body.competencies[0]).toEqual({ block: 1, name: 'Responsabilidade', average: 3, self: 9, min: 1, max: 5, positive: ['Assume erros', 'Pontual'], better: [] });
    expect(body.competencies[1]).toMatchObject({ positive: [], better: ['Planejar'] });
  });

  it('counts each finished interview once', () => {
    expect(answer('/tableresponse/count/all/true/:id/1/1', datasets, { id: 3 })).toEqual({ count: 2 });
    expect(answer('/tableresponse/count/all/true/:id/1/1', { answers: [] }, { id: 3 })).toEqual({ count: 0 });
  });
});
