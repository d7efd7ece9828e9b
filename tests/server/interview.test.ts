import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluations, responses } from '../../apps/server/src/db/schema.ts';
import { messages } from '../../engine/messages.ts';
import { bearer } from './testApp.ts';
import { adminToken, companyToken, demo, other, setUpWorld, t } from './world.ts';

setUpWorld();

interface Pair {
  question: string;
  response: string | string[];
}

/** Ids of the interview world: one rated person, three evaluators and the self-evaluation. */
let rated: number;
let evaluatorA: number;
let evaluatorB: number;
let evaluatorC: number;
let noInterview: number;
const evaluationOf = new Map<number, string>();

async function addInterview(userId: number, ratedId: number): Promise<string> {
  const [row] = await t.db.insert(evaluations).values({ userId, rated: ratedId, typeEvaluation: 11, expireAt: null }).returning();
  return row!.id;
}

beforeAll(async () => {
  [rated, evaluatorA, evaluatorB, evaluatorC, noInterview] = demo.employees.slice(0, 5).map((employee) => employee.id) as [number, number, number, number, number];
  for (const evaluator of [rated, evaluatorA, evaluatorB, evaluatorC]) evaluationOf.set(evaluator, await addInterview(evaluator, rated));
  await addInterview(other.employeeId, other.employeeId);
});

function save(body: Record<string, unknown>, token: string | null = adminToken) {
  return t.app.inject({ method: 'PUT', url: '/api/tableresponse/multiple', headers: token ? bearer(token) : {}, payload: body });
}

function body(evaluator: number, questions: Pair[], overrides: Record<string, unknown> = {}) {
  return { type_evaluation: '11', evaluator_user_id: evaluator, rated_user_id: rated, questions, ...overrides };
}

/** Grades of blocks 1-10 as pairs, with a status. */
function graded(grades: string[], status: string): Pair[] {
  return [...grades.map((grade, index) => ({ question: `${index + 1}.grade`, response: grade })), { question: 'status', response: status }];
}

function get(url: string, token: string | null = adminToken) {
  return t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
}

/** The interview's rows of `responses`, in their order, and the evaluation's done flag. */
async function storedRows(evaluator: number) {
  const evaluationId = evaluationOf.get(evaluator)!;
  const items = await t.db.select({ question: responses.question, response: responses.response }).from(responses).where(eq(responses.evaluationId, evaluationId)).orderBy(asc(responses.id));
  const [evaluation] = await t.db.select().from(evaluations).where(eq(evaluations.id, evaluationId));
  return { items, done: evaluation!.done };
}

describe('PUT /tableresponse/multiple and GET /interview/answers', () => {
  it('loads empty defaults before the first save', async () => {
    const response = await get(`/api/interview/answers/${rated}/${evaluatorC}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ evaluation_id: evaluationOf.get(evaluatorC), status: null, dates: [], show: [], answers: [] });
  });

  it('saves and loads back the pairs, comma grades, empty texts, dates and attendees', async () => {
    const questions: Pair[] = [
      { question: '1.grade', response: '7,5' },
      { question: '1.positive', response: 'Assume os erros.' },
      { question: '1.better', response: ' ' },
      { question: '1.reviewed', response: 'true' },
      { question: '2.grade', response: '' },
      { question: '2.reviewed', response: 'false' },
      { question: '3.grade', response: '  ' },
      { question: '11.forces', response: 'Organização, foco' },
      { question: '12.weakness', response: ' ' },
      { question: '13.final', response: 'Texto com "aspas" e <b>tags</b> guardado como veio' },
      { question: 'status', response: 'open' },
      { question: 'date', response: '2024-03-01' },
      { question: 'date', response: '2024-03-08' },
      { question: 'show', response: ['Maria', 'João'] },
    ];
    const response = await save(body(evaluatorC, questions));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Avaliação salva com sucesso!' });

    const loaded = (await get(`/api/interview/answers/${rated}/${evaluatorC}`)).json();
    expect(loaded.status).toBe('open');
    expect(loaded.dates).toEqual(['2024-03-01', '2024-03-08']);
    expect(loaded.show).toEqual(['Maria', 'João']);
    expect(loaded.answers).toEqual([
      { question: '1.grade', response: '7.5' },
      { question: '1.positive', response: 'Assume os erros.' },
      { question: '1.better', response: ' ' },
      { question: '1.reviewed', response: 'true' },
      { question: '2.grade', response: '0' },
      { question: '2.reviewed', response: 'false' },
      { question: '3.grade', response: '0' },
      { question: '11.forces', response: 'Organização, foco' },
      { question: '12.weakness', response: ' ' },
      { question: '13.final', response: 'Texto com "aspas" e <b>tags</b> guardado como veio' },
    ]);
    // Stored as rows of `responses` (the report reads them): the status, each date and attendee in order, then the answers as saved.
    const { items, done } = await storedRows(evaluatorC);
    expect(items).toEqual([
      { question: 'status', response: 'open' },
      { question: 'date', response: '2024-03-01' },
      { question: 'date', response: '2024-03-08' },
      { question: 'show', response: 'Maria' },
      { question: 'show', response: 'João' },
      { question: '1.grade', response: '7.5' },
      { question: '1.positive', response: 'Assume os erros.' },
      { question: '1.better', response: ' ' },
      { question: '1.reviewed', response: 'true' },
      { question: '2.grade', response: '0' },
      { question: '2.reviewed', response: 'false' },
      { question: '3.grade', response: '0' },
      { question: '11.forces', response: 'Organização, foco' },
      { question: '12.weakness', response: ' ' },
      { question: '13.final', response: 'Texto com "aspas" e <b>tags</b> guardado como veio' },
    ]);
    expect(done).toBe(false);
  });

  it('replaces every row of the interview on each save', async () => {
    expect((await save(body(evaluatorB, [{ question: '4.grade', response: '6' }, { question: 'date', response: '2024-05-02' }]))).statusCode).toBe(200);
    expect((await save(body(evaluatorB, [{ question: '5.grade', response: '8' }]))).statusCode).toBe(200);
    // A save without a status keeps an empty status row: a saved interview always has one.
    expect((await storedRows(evaluatorB)).items).toEqual([
      { question: 'status', response: '' },
      { question: '5.grade', response: '8' },
    ]);
    const loaded = (await get(`/api/interview/answers/${rated}/${evaluatorB}`)).json();
    expect(loaded).toEqual({ evaluation_id: evaluationOf.get(evaluatorB), status: null, dates: [], show: [], answers: [{ question: '5.grade', response: '8' }] });
  });

  it('sanitises hostile HTML in the confidential comments', async () => {
    const hostile =
      '<p>Sigilo <strong>total</strong></p><script>alert(1)</script><img src=x onerror="alert(2)">' +
      '<a href="javascript:alert(3)">link</a><a href="https://exemplo.com.br" onclick="x()">ok</a><p style="color:red">fim</p>';
    const response = await save(body(evaluatorC, [{ question: '14.confidential', response: hostile }, { question: 'status', response: 'open' }]));
    expect(response.statusCode).toBe(200);
    const { items } = await storedRows(evaluatorC);
    const html = items.find((item) => item.question === '14.confidential')?.response;
    expect(html).toBe('<p>Sigilo <strong>total</strong></p><a>link</a><a href="https://exemplo.com.br">ok</a><p>fim</p>');
  });

  it('sets done when the status is finished and clears it otherwise', async () => {
    expect((await save(body(evaluatorC, [{ question: 'status', response: 'finished' }]))).statusCode).toBe(200);
    expect((await storedRows(evaluatorC)).done).toBe(true);
    expect((await save(body(evaluatorC, [{ question: 'status', response: 'correcting' }]))).statusCode).toBe(200);
    expect((await storedRows(evaluatorC)).done).toBe(false);
  });

  it.each([
    ['a grade that is not a number', [{ question: '3.grade', response: '7a' }], "A nota do bloco 3 deve ser um número (use apenas dígitos e uma vírgula ou ponto): '7a'."],
    ['a grade above 10', [{ question: '4.grade', response: '10,5' }], 'A nota do bloco 4 deve estar entre 0 e 10; foi enviada 10,5.'],
    ['a negative grade', [{ question: '4.grade', response: '-1' }], 'A nota do bloco 4 deve estar entre 0 e 10; foi enviada -1.'],
    ['a grade with three decimals', [{ question: '5.grade', response: '7,125' }], 'A nota do bloco 5 aceita no máximo 2 casas decimais; foi enviada 7,125.'],
    ['an array for an answer', [{ question: '5.positive', response: ['a', 'b'] }], 'Requisição inválida: o campo 5.positive tem um valor inválido'],
    ['an unknown status', [{ question: 'status', response: 'done' }], "Status da entrevista inválido: 'done'. Use open, willCorrect, correcting ou finished."],
    ['an unknown key', [{ question: '15.grade', response: '5' }], 'A questão 15.grade não existe na entrevista 360.'],
    ['a repeated key', [{ question: '1.grade', response: '5' }, { question: '1.grade', response: '6' }], 'A questão 1.grade foi enviada mais de uma vez.'],
    ['a bad reviewed flag', [{ question: '1.reviewed', response: 'sim' }], "O campo revisado do bloco 1 deve ser 'true' ou 'false'."],
    ['a bad date', [{ question: 'date', response: '2024-02-30' }], "Data de entrevista inválida: '2024-02-30'. Use o formato aaaa-mm-dd."],
  ])('rejects %s with its message and stores nothing', async (_name, questions, message) => {
    const before = await storedRows(evaluatorC);
    const response = await save(body(evaluatorC, [...(questions as Pair[]), { question: 'status', response: 'finished' }]));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await storedRows(evaluatorC)).toEqual(before);
  });

  it('rejects another evaluation type', async () => {
    const response = await save(body(evaluatorC, [], { type_evaluation: '2' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('A avaliação por entrevista é do tipo 11; foi enviado o tipo 2.');
  });

  it('answers 404 when that evaluator has no interview about that person', async () => {
    const response = await save(body(noInterview, [{ question: 'status', response: 'open' }]));
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(messages.interview.notFound);
    expect((await get(`/api/interview/answers/${rated}/${noInterview}`)).statusCode).toBe(404);
  });

  it('rejects malformed bodies with a Portuguese 400', async () => {
    for (const payload of [
      body(evaluatorC, 'x' as unknown as Pair[]),
      body(evaluatorC, [{ question: '13.final', response: 'x'.repeat(60000) }]),
      body(evaluatorC, [{ question: '13.final' } as Pair]),
      { ...body(evaluatorC, []), evaluator_user_id: 'abc' },
      { questions: [] },
    ]) {
      const response = await save(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^Requisição inválida/);
    }
  });

  it('is for administrators only', async () => {
    const payload = body(evaluatorC, [{ question: 'status', response: 'open' }]);
    expect((await save(payload, companyToken)).statusCode).toBe(403);
    expect((await save(payload, null)).statusCode).toBe(401);
    expect((await get(`/api/interview/answers/${rated}/${evaluatorC}`, companyToken)).statusCode).toBe(403);
    expect((await get(`/api/interview/answers/${rated}/${evaluatorC}`, null)).statusCode).toBe(401);
  });
});

describe('the report: evaluators, rated people, count, consolidated and print data', () => {
  beforeAll(async () => {
    // A: grades 1..10 (block 2 with a comma); B: 5 everywhere; self: 9 on block 1, 0 elsewhere; C: in progress (not counted).
    const gradesA = ['1', '2,5', '3', '4', '5', '6', '7', '8', '9', '10'];
    const confidential = { question: '14.confidential', response: '<p>segredo</p>' };
    for (const [evaluator, questions] of [
      [evaluatorA, [...graded(gradesA, 'finished'), { question: '1.positive', response: 'Pontual' }, { question: '11.forces', response: 'Foco' }, confidential]],
      [evaluatorB, [...graded(Array(10).fill('5') as string[], 'finished'), { question: '1.positive', response: ' ' }]],
      [rated, graded(['9', ...(Array(9).fill('0') as string[])], 'finished')],
      [evaluatorC, graded(Array(10).fill('10') as string[], 'open')],
    ] as [number, Pair[]][]) {
      expect((await save(body(evaluator, questions))).statusCode).toBe(200);
    }
  });

  it('computes mean, self, minimum and maximum per competency from finished interviews only', async () => {
    const response = await get(`/api/tableresponse/interview360/${rated}`);
    expect(response.statusCode).toBe(200);
    const data = response.json();
    expect(data.rated_id).toBe(rated);
    expect(data.count).toBe(3);
    expect(data.competencies[0]).toEqual({ block: 1, name: 'Responsabilidade', average: 3, self: 9, min: 1, max: 5 });
    expect(data.competencies[1]).toEqual({ block: 2, name: 'Planejamento', average: 3.75, self: 0, min: 2.5, max: 5 });
    expect(data.competencies[9]).toEqual({ block: 10, name: 'Inovação', average: 7.5, self: 0, min: 5, max: 10 });
    expect(data.evaluator[0]).toEqual({ block: 1, name: 'Responsabilidade', average: 3, min: 1, max: 5 });
    expect(data.rated[0]).toEqual({ block: 1, name: 'Responsabilidade', grade: 9 });
    expect(data.responses.map((item: { evaluator_id: number }) => item.evaluator_id).sort()).toEqual([evaluatorA, evaluatorB].sort());
    expect(data.selfResponses).toHaveLength(1);
    expect(JSON.stringify(data)).not.toContain('segredo');
  });

  it('filters by evaluator', async () => {
    const data = (await get(`/api/tableresponse/interview360/${rated}?evaluators=${evaluatorA}`)).json();
    expect(data.count).toBe(1);
    expect(data.competencies[0]).toEqual({ block: 1, name: 'Responsabilidade', average: 1, self: null, min: 1, max: 1 });
    expect((await get(`/api/tableresponse/interview360/${rated}?evaluators=abc`)).statusCode).toBe(400);
    // A comma list (as the README writes it) is the same as repeating the parameter.
    for (const query of [`evaluators=${evaluatorA},${evaluatorB}`, `evaluators=${evaluatorA}&evaluators=${evaluatorB}`]) {
      const both = (await get(`/api/tableresponse/interview360/${rated}?${query}`)).json();
      expect(both.count, query).toBe(2);
      expect(both.competencies[0], query).toEqual({ block: 1, name: 'Responsabilidade', average: 3, self: null, min: 1, max: 5 });
    }
    for (const bad of ['1,,2', '', '0', '-1', '1,abc']) {
      const response = await get(`/api/tableresponse/interview360/${rated}?evaluators=${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().message, bad).toMatch(/^(Requisição inválida|Lista de avaliadores inválida)/);
    }
  });

  it('gives the print dataset with its count and without confidential comments', async () => {
    const response = await get(`/api/interview/print/${rated}`, companyToken);
    expect(response.statusCode).toBe(200);
    const data = response.json();
    expect(data.title).toBe('Entrevista 360 graus');
    expect(data.count).toBe(3);
    expect(data.competencies[0].positive).toEqual(['Pontual']);
    expect(data.forces).toEqual(['Foco']);
    expect(JSON.stringify(data)).not.toContain('segredo');
  });

  it('counts finished interviews', async () => {
    expect((await get(`/api/tableresponse/count/all/true/${rated}/1/1`)).json()).toEqual({ count: 3 });
    expect((await get(`/api/tableresponse/count/all/true/${evaluatorA}/1/1`)).json()).toEqual({ count: 0 });
  });

  it('lists the evaluators with their status label', async () => {
    for (const url of [`/api/interview/evaluators/rated/${rated}`, `/api/interview/evaluators/company/${demo.companyId}`]) {
      const response = await get(url, companyToken);
      expect(response.statusCode).toBe(200);
      const rows = response.json() as { id: string; evaluator_id: number; status: string; position: string | null }[];
      expect(rows).toHaveLength(4);
      const byEvaluator = new Map(rows.map((row) => [row.evaluator_id, row]));
      expect(byEvaluator.get(evaluatorA)!.status).toBe('Finalizado');
      expect(byEvaluator.get(evaluatorC)!.status).toBe('Entrevista em andamento');
      expect(byEvaluator.get(evaluatorA)!.id).toBe(evaluationOf.get(evaluatorA));
      expect(typeof byEvaluator.get(evaluatorA)!.position).toBe('string');
    }
  });

  it("labels a never-saved interview 'Não iniciado'", async () => {
    const rows = (await get(`/api/interview/evaluators/company/${other.companyId}`)).json() as { status: string }[];
    expect(rows).toEqual([expect.objectContaining({ status: 'Não iniciado', evaluator_id: other.employeeId, position: null })]);
  });

  it('lists the rated people of a company', async () => {
    expect((await get(`/api/tableresponse/respondents/${demo.companyId}/11`, companyToken)).json()).toEqual([{ id: rated, name: demo.employees[0]!.name }]);
  });

  it("hides another company's data from a company user and requires sign-in", async () => {
    for (const url of [
      `/api/tableresponse/interview360/${other.employeeId}`,
      `/api/interview/print/${other.employeeId}`,
      `/api/tableresponse/count/all/true/${other.employeeId}/1/1`,
      `/api/interview/evaluators/rated/${other.employeeId}`,
      `/api/interview/evaluators/company/${other.companyId}`,
      `/api/tableresponse/respondents/${other.companyId}/11`,
    ]) {
      expect((await get(url, companyToken)).statusCode, url).toBe(404);
      expect((await get(url)).statusCode, url).toBe(200);
      expect((await get(url, null)).statusCode, url).toBe(401);
    }
    expect((await get(`/api/tableresponse/interview360/999999`)).statusCode).toBe(404);
  });
});
