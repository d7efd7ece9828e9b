import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { decodeAnswers, encodeAnswers } from '../../engine/answers/encoding.ts';
import { submissionErrors } from '../../engine/answers/validation.ts';
import { chartBuilders } from '../../engine/charts/registry.ts';
import type { ChartBuilder } from '../../engine/charts/types.ts';
import type { Catalog } from '../../engine/definition/catalog.ts';
import type { DashboardDefinition, ScoredRow } from '../../engine/definition/dashboard.ts';
import { selectionBounds } from '../../engine/definition/kinds.ts';
import { describeErrors, parseCatalog, parseDashboard } from '../../engine/definition/parse.ts';
import { allQuestions, isShown } from '../../engine/definition/questions.ts';
import type { WireItem } from '../../engine/definition/types.ts';
import { parseQuestionnaireFile, questionnaireNames } from '../../apps/server/src/definitions.ts';
import { questionnaireMachine } from '../../engine/machine/questionnaireMachine.ts';
import { scoreAnswers } from '../../engine/scoring/score.ts';
import { generateAnswers } from './generate.ts';
import { jsonFiles } from './load.ts';

function parsed<T>(file: string, result: { ok: true; value: T } | { ok: false; errors: { pointer: string; message: string }[] }): T {
  if (!result.ok) throw new Error(describeErrors(file, result.errors));
  return result.value;
}

const catalog = parsed<Catalog>('definitions/catalog.json', parseCatalog(jsonFiles('.').find((entry) => entry.file === './catalog.json')?.json));
const questionnaires = questionnaireNames().map((name) => {
  const file = `questionnaires/${name}.json`;
  return { file, definition: parsed(file, parseQuestionnaireFile(name)) };
});
const dashboards = jsonFiles('dashboards').map(({ file, json }) => ({ file, dashboard: parsed<DashboardDefinition>(file, parseDashboard(json)) }));
interface FixtureCase {
  name: string;
  responses: Record<string, string | string[]>;
  scores: Record<string, number>;
  rankings?: Record<string, string[]>;
  band?: string;
}
const fixtures = jsonFiles('fixtures') as { file: string; json: { questionnaire: string; cases: FixtureCase[] } }[];

describe('the catalogue', () => {
  it('names a definition file that exists, with the same type and slug, for every questionnaire it lists', () => {
    for (const entry of catalog.types.filter((type) => type.definition)) {
      const found = questionnaires.find(({ file }) => file === `questionnaires/${entry.definition}.json`);
      expect(found, `${entry.definition}.json`).toBeDefined();
      expect(found?.definition.type).toBe(entry.type);
      expect(found?.definition.slug).toBe(entry.slug);
    }
  });

  it('lists every definition file and every dashboard', () => {
    for (const { definition } of questionnaires) expect(catalog.types.some((entry) => entry.type === definition.type)).toBe(true);
    for (const { dashboard } of dashboards) expect(catalog.types.find((entry) => entry.dashboard === dashboard.id)?.type).toBe(dashboard.evaluationType);
  });
});

describe.each(questionnaires)('$file', ({ definition }) => {
  it('runs to the end in the machine with generated answers and sends answers the server accepts', async () => {
    const sent: WireItem[][] = [];
    const actor = createActor(
      questionnaireMachine.provide({ actors: { submit: fromPromise(async ({ input }) => void sent.push(input.items)) } }),
      { input: { definition } },
    ).start();
    const answers = generateAnswers(definition);
    for (let page = 0; page < definition.pages.length; page += 1) {
      if (actor.getSnapshot().matches('instructions')) actor.send({ type: 'dialog.confirm' });
      for (const [questionId, value] of Object.entries(answers)) actor.send({ type: 'answer.set', questionId, value });
      if (page < definition.pages.length - 1) {
        actor.send({ type: 'page.next' });
        if (actor.getSnapshot().matches('confirmingNext')) actor.send({ type: 'dialog.confirm' });
        expect(actor.getSnapshot().context.pageIndex).toBe(page + 1);
      }
    }
    actor.send({ type: 'submit' });
    if (actor.getSnapshot().matches('confirmingSubmit')) actor.send({ type: 'dialog.confirm' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(sent).toHaveLength(1);
    const decoded = decodeAnswers(definition, sent[0]!);
    expect(decoded.errors).toEqual([]);
    expect(submissionErrors(definition, decoded.answers)).toEqual([]);
    expect(encodeAnswers(definition, decoded.answers)).toEqual(sent[0]);
  });

  it('refuses a send with every required question missing, and only those', () => {
    const needed = allQuestions(definition).filter(
      ({ question }) => isShown(question, {}) && (question.required || (question.kind === 'checkboxes' && selectionBounds(question.select, 1).min > 0)),
    );
    expect(submissionErrors(definition, {}).map((error) => error.questionId)).toEqual(needed.map(({ question }) => question.id));
  });

  it('builds every chart of its dashboards from scored generated answers', () => {
    const mine = dashboards.filter(({ dashboard }) => dashboard.evaluationType === definition.type);
    const result = scoreAnswers(definition, generateAnswers(definition));
    const row: ScoredRow = { evaluation_id: 'x', name: 'Pessoa', band: result.band?.label, ...result.scores };
    for (const { dashboard } of mine) {
      for (const widget of dashboard.widgets) {
        const builder = (chartBuilders as Record<string, ChartBuilder<typeof widget> | undefined>)[widget.kind];
        if (builder) expect(builder(widget, { rows: [row], classification: definition.scoring?.classification })).toHaveProperty('series');
      }
    }
  });
});

describe.each(fixtures)('golden fixtures $file', ({ json }) => {
  const definition = questionnaires.find(({ file }) => file === `questionnaires/${json.questionnaire}.json`)?.definition;

  it.each(json.cases)('$name', (fixture) => {
    expect(definition).toBeDefined();
    const items = Object.entries(fixture.responses).flatMap(([question, response]) =>
      (Array.isArray(response) ? response : [response]).map((one) => ({ question, response: one })),
    );
    const { answers, errors } = decodeAnswers(definition!, items);
    expect(errors).toEqual([]);
    const result = scoreAnswers(definition!, answers);
    expect(result.scores).toEqual(fixture.scores);
    expect(result.rankings).toEqual(fixture.rankings ?? {});
    expect(result.band?.id).toBe(fixture.band);
  });
});
