/**
 * The demo company's sample answers (`DEMO_RESULTS`, apps/server/src/demoResults.ts) read like a
 * company's, not like the golden fixtures (issue 24): each answer set is drawn from the person's seeded
 * profile, so no two people answer a questionnaire alike, no one answers every question of a scale
 * the same, no free text is a fixture's placeholder and no comment repeats across people for a
 * question; every answer set passes the validation a respondent's submission passes; the same seed
 * gives the same answers; and every view of the demo company has respondents for the company user.
 */
import { readFileSync } from 'node:fs';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { evaluations, responses } from '../../apps/server/src/db/schema.ts';
import { demoAnswerSets, readDemoFile } from '../../apps/server/src/demoResults.ts';
import { parseQuestionnaireFile } from '../../apps/server/src/definitions.ts';
import { DEMO_EMPLOYEES } from '../../apps/server/src/seed.ts';
import { decodeAnswers } from '../../engine/answers/decoding.ts';
import { submissionErrors } from '../../engine/answers/validation.ts';
import type { DashboardData } from '../../engine/definition/dashboard.ts';
import { allQuestions, optionsOf } from '../../engine/definition/questions.ts';
import type { QuestionnaireDefinition } from '../../engine/definition/types.ts';
import { definitionsDir, jsonFiles } from '../definitions/load.ts';
import { pageLines } from './pdfTools.ts';
import { bearer } from './testApp.ts';
import { companyToken, demo, setUpWorld, t } from './world.ts';

setUpWorld({ seed: { demoResults: true } });

const catalog = JSON.parse(readFileSync(`${definitionsDir}catalog.json`, 'utf8')) as { types: { type: number; slug?: string; definition?: string }[] };
/** The questionnaires answered through a link: the ones the demo answers. */
const linkTypes = catalog.types.filter((entry) => entry.slug && entry.definition) as { type: number; slug: string; definition: string }[];
const definitionOf = (name: string): QuestionnaireDefinition => {
  const parsed = parseQuestionnaireFile(name);
  if (!parsed.ok) throw new Error(name);
  return parsed.value;
};
const textIds = (definition: QuestionnaireDefinition) => new Set(allQuestions(definition).flatMap(({ question }) => (question.kind === 'text' || question.kind === 'richText' ? [question.id] : [])));
const positions = DEMO_EMPLOYEES.map((employee) => employee.position);
const NOW = new Date('2026-11-20T12:00:00Z');
const sets = demoAnswerSets(positions, NOW);

/** Every free text of the golden fixtures ('Comentário do respondente.'): none may reach the demo. */
const fixtureTexts = new Set(
  (jsonFiles('fixtures') as { json: { questionnaire: string; cases: { responses: Record<string, string | string[]> }[] } }[]).flatMap(({ json }) => {
    const texts = textIds(definitionOf(json.questionnaire));
    return json.cases.flatMap((fixture) => Object.entries(fixture.responses).flatMap(([id, response]) => (texts.has(id) ? [response].flat() : [])));
  }),
);

describe('the generated demo answers', () => {
  it('answer every link questionnaire, each from a demo file naming its respondents', () => {
    for (const { definition } of linkTypes) expect(readDemoFile(definition), `definitions/demo/${definition}.json`).toBeDefined();
    expect(new Set(sets.map((set) => set.type))).toEqual(new Set(linkTypes.map((entry) => entry.type)));
    // Everyone answers the questionnaires about themselves; the 360 about Bruno (index 1) by the six others, and his self-evaluation.
    const about360 = sets.filter((set) => set.definition === 'question360new');
    expect(about360.map((set) => set.evaluator).sort()).toEqual([0, 2, 3, 4, 5, 6]);
    expect(new Set(about360.map((set) => set.rated))).toEqual(new Set([1]));
    expect(sets.filter((set) => set.definition === 'question360autonew').map((set) => [set.evaluator, set.rated])).toEqual([[1, 1]]);
  });

  it('pass the validation of a respondent submission, on the wire and back', () => {
    for (const set of sets) {
      const definition = definitionOf(set.definition);
      const decoded = decodeAnswers(definition, set.items);
      expect(decoded.errors, `${set.definition} by ${set.evaluator}`).toEqual([]);
      expect(submissionErrors(definition, decoded.answers), `${set.definition} by ${set.evaluator}`).toEqual([]);
      expect(decoded.answers).toEqual(set.answers);
    }
  });

  it('are the same for the same seed and differ for another', () => {
    expect(demoAnswerSets(positions, NOW)).toEqual(sets);
    const other = demoAnswerSets(positions, NOW, 25);
    expect(other.map((set) => set.items)).not.toEqual(sets.map((set) => set.items));
  });

  it("set a severity, with a reason, on every risk factor of a questionnaire whose file names them, within the default matrix's steps", () => {
    const steps = JSON.parse(readFileSync(`${definitionsDir}riskMatrix.json`, 'utf8')).severity.length as number;
    for (const { definition: name } of linkTypes) {
      const factors = definitionOf(name).risk?.factors.map((factor) => factor.id) ?? [];
      const severities = readDemoFile(name)!.severities ?? {};
      expect(Object.keys(severities).sort(), name).toEqual(Object.keys(severities).length === 0 ? [] : [...factors].sort());
      for (const set of Object.values(severities)) {
        expect(set.severity).toBeGreaterThanOrEqual(1);
        expect(set.severity).toBeLessThanOrEqual(steps);
        expect(set.reason.trim().length).toBeGreaterThanOrEqual(10);
      }
    }
    expect(Object.keys(readDemoFile('riscospsicossociais')!.severities ?? {})).toHaveLength(9);
  });

  it('date every answer over the last weeks, before now, and an earlier round’s about four months before', () => {
    for (const set of sets) {
      const days = (NOW.getTime() - set.createdAt.getTime()) / 86_400_000;
      expect(days, set.definition).toBeGreaterThan(set.earlier ? 120 : 0);
      expect(days, set.definition).toBeLessThan(set.earlier ? 170 : 50);
    }
  });

  it('answer a questionnaire whose file asks for an earlier round twice, by the same people, the earlier answers drawn apart', () => {
    for (const { definition: name } of linkTypes) {
      const own = sets.filter((set) => set.definition === name);
      const earlier = own.filter((set) => set.earlier);
      const current = own.filter((set) => !set.earlier);
      if (!readDemoFile(name)!.earlierRound) {
        expect(earlier, name).toEqual([]);
        continue;
      }
      expect(earlier.map((set) => [set.evaluator, set.rated]), name).toEqual(current.map((set) => [set.evaluator, set.rated]));
      expect(earlier.map((set) => set.items), name).not.toEqual(current.map((set) => set.items));
    }
    // The comparisons across rounds have two rounds on the group views and the profiles.
    expect(new Set(sets.filter((set) => set.earlier).map((set) => set.type))).toEqual(new Set([3, 4, 5, 6, 8, 9, 10, 12, 13, 14, 16]));
  });

  it('write comments for every text question, with enough for each respondent of an unconditional one, and fill every placeholder', () => {
    for (const { definition: name } of linkTypes) {
      const definition = definitionOf(name);
      const file = readDemoFile(name)!;
      // Each round's respondents take different comments (a round's texts are read a round at a time).
      const respondents = sets.filter((set) => set.definition === name && !set.earlier).length;
      expect(Object.keys(file.comments).filter((id) => !textIds(definition).has(id)), `${name}: comments of no text question`).toEqual([]);
      for (const { question } of allQuestions(definition)) {
        if (question.kind !== 'text') continue;
        const comments = file.comments[question.id] ?? [];
        expect(comments.length, `${name} ${question.id}`).toBeGreaterThanOrEqual(question.when ? Math.min(3, respondents) : respondents);
        expect(new Set(comments).size, `${name} ${question.id}: a comment written twice`).toBe(comments.length);
        for (const comment of comments) expect(comment.length, `${name} ${question.id}`).toBeLessThanOrEqual(question.maxLength ?? 2000);
      }
    }
    for (const set of sets) for (const value of Object.values(set.answers)) if (typeof value === 'string') expect(value).not.toMatch(/\{answer:/);
  });

  it("answer a placeholder of a comment with an option the person chose ('“{answer:1}”' is one of the values ticked)", () => {
    const alignment = sets.filter((set) => set.definition === 'alinhamentovalores-colaborador');
    const definition = definitionOf('alinhamentovalores-colaborador');
    const question = allQuestions(definition).find((located) => located.question.id === '1')!.question;
    for (const set of alignment) {
      const ticked = optionsOf(definition, question as Parameters<typeof optionsOf>[1]).filter((option) => (set.answers['1'] as number[]).includes(option.value));
      const quoted = /“([^”]+)”/.exec(set.answers['2'] as string)![1];
      expect(ticked.map((option) => option.label)).toContain(quoted);
    }
  });
});

describe('the demo answers as stored on the first start', () => {
  /** The demo company's answered evaluations, each with its wire items. */
  async function stored() {
    const rows = await t.db
      .select({ id: evaluations.id, type: evaluations.typeEvaluation, cycleId: evaluations.cycleId, userId: evaluations.userId, question: responses.question, response: responses.response })
      .from(evaluations)
      .innerJoin(responses, eq(responses.evaluationId, evaluations.id))
      .where(eq(evaluations.companyId, demo.companyId))
      .orderBy(asc(responses.id));
    const byEvaluation = new Map<string, { type: number; cycleId: number | null; userId: number; items: { question: string; response: string }[] }>();
    for (const row of rows) {
      const entry = byEvaluation.get(row.id) ?? { type: row.type, cycleId: row.cycleId, userId: row.userId, items: [] };
      entry.items.push({ question: row.question, response: row.response });
      byEvaluation.set(row.id, entry);
    }
    return [...byEvaluation.values()];
  }

  it('give no two people the same answers to a questionnaire', async () => {
    const answered = await stored();
    expect(answered.length).toBeGreaterThan(0);
    for (const type of new Set(answered.map((entry) => entry.type))) {
      const sets = answered.filter((entry) => entry.type === type).map((entry) => JSON.stringify(entry.items));
      expect(new Set(sets).size, `type ${type}`).toBe(sets.length);
    }
  });

  it('hold no fixture placeholder and repeat no comment across people of a round for a question', async () => {
    const answered = await stored();
    for (const { definition: name, type } of linkTypes) {
      const texts = textIds(definitionOf(name));
      const byQuestion = new Map<string, string[]>();
      for (const entry of answered.filter((candidate) => candidate.type === type)) {
        for (const item of entry.items) if (texts.has(item.question)) byQuestion.set(`${entry.cycleId} ${item.question}`, [...(byQuestion.get(`${entry.cycleId} ${item.question}`) ?? []), item.response]);
      }
      for (const [question, written] of byQuestion) {
        expect(written.filter((text) => fixtureTexts.has(text)), `${name} ${question}`).toEqual([]);
        expect(new Set(written).size, `${name} ${question}: ${written.join(' | ')}`).toBe(written.length);
      }
    }
  });

  it('never answer every choice of a questionnaire with the same option (the all-zero leader)', async () => {
    const answered = await stored();
    for (const { definition: name, type } of linkTypes) {
      const definition = definitionOf(name);
      const choices = new Set(allQuestions(definition).flatMap(({ question }) => (question.kind === 'choice' ? [question.id] : [])));
      if (choices.size < 5) continue;
      for (const entry of answered.filter((candidate) => candidate.type === type)) {
        const values = entry.items.filter((item) => choices.has(item.question)).map((item) => item.response);
        expect(new Set(values).size, `${name} by user ${entry.userId}`).toBeGreaterThan(1);
      }
    }
  });

  it('tick a share of each checkbox list, never every option of every list (one person at 100% on every style)', async () => {
    const answered = await stored();
    for (const { definition: name, type } of linkTypes) {
      const definition = definitionOf(name);
      const lists = allQuestions(definition).flatMap(({ question }) => (question.kind === 'checkboxes' && !question.select?.exactly ? [question] : []));
      if (lists.length === 0) continue;
      for (const entry of answered.filter((candidate) => candidate.type === type)) {
        const ticks = lists.reduce((sum, question) => sum + entry.items.filter((item) => item.question === question.id).length, 0);
        const options = lists.reduce((sum, question) => sum + optionsOf(definition, question).length, 0);
        expect(ticks / options, `${name} by user ${entry.userId}`).toBeLessThan(0.8);
      }
    }
  });

  it('show numbers on every view for the company user, its choices made from the filters it is offered', async () => {
    // The 360 by interview is filled by staff and has no demo answers (its numbers are its golden fixture's).
    const dashboards = (jsonFiles('dashboards') as { json: { id: number } }[]).map(({ json }) => json.id).filter((id) => id !== 11);
    for (const id of dashboards) {
      const chosen: Record<string, number | string> = {};
      for (const filter of ['evaluated', 'version', 'colleague', 'alignment']) {
        const query = `?${new URLSearchParams(Object.entries(chosen).map(([key, value]) => [key, String(value)])).toString()}`;
        const answer = await t.app.inject({ method: 'GET', url: `/api/dashboards/${id}/options/${filter}${query}`, headers: bearer(companyToken) });
        if (answer.statusCode === 404) continue;
        const first = (answer.json() as { options: { value: number | string }[] }).options[0];
        expect(first, `/dash/${id} offers a ${filter}`).toBeDefined();
        chosen[filter === 'version' ? 'version' : `${filter}_id`] = first!.value;
      }
      const answer = await t.app.inject({ method: 'POST', url: `/api/dashboards/${id}/data`, headers: bearer(companyToken), payload: chosen });
      expect(answer.statusCode, answer.body).toBe(200);
      expect((answer.json() as DashboardData).respondents, `/dash/${id}`).toBeGreaterThan(0);
    }
  });

  it('open the anonymous group views narrowed to each sector at the default minimum of 3', async () => {
    for (const id of [12, 16]) {
      for (const sector of demo.sectors) {
        const answer = await t.app.inject({ method: 'POST', url: `/api/dashboards/${id}/data`, headers: bearer(companyToken), payload: { sector_id: sector.id } });
        expect(answer.statusCode, `/dash/${id} ${sector.sectorName}: ${answer.body}`).toBe(200);
        expect((answer.json() as DashboardData).respondents, `/dash/${id} ${sector.sectorName}`).toBeGreaterThanOrEqual(3);
      }
    }
  });
});

describe('a table of short values beside a long note', () => {
  it("keeps its first column's header whole: the temperaments' change between the demo's two scanner rounds", async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/cycles?company_id=${demo.companyId}`, headers: bearer(companyToken) });
    const rounds = (response.json() as { id: number; name: string; opens_on: string }[]).filter((round) => round.name.startsWith('Scanner')).sort((a, b) => a.opens_on.localeCompare(b.opens_on));
    expect(rounds.length).toBe(2);
    const text = pageLines(
      (await t.app.inject({ method: 'POST', url: '/api/dashboards/5/report', payload: { company_id: demo.companyId, cycle_id: rounds[1]!.id, compare_cycle_id: rounds[0]!.id }, headers: bearer(companyToken) })).rawPayload,
    ).flat();
    // pdfmake's own layout gave the short columns their texts' width and broke the first header: 'Temperament' / 'o'.
    const lines = text.map((line) => line.normalize('NFC'));
    const table = lines.slice(lines.indexOf('Mudança desde o ciclo anterior'));
    expect(table.slice(0, 6)).toEqual(['Mudança desde o ciclo anterior', 'Temperamento', 'Ciclo', 'Média', 'Respondentes', 'Mudança']);
  });
});
