import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { decodeAnswers } from '../../engine/answers/decoding.ts';
import { encodeAnswers } from '../../engine/answers/encoding.ts';
import { submissionErrors } from '../../engine/answers/validation.ts';
import type { Catalog } from '../../engine/definition/catalog.ts';
import type { DashboardDefinition } from '../../engine/definition/dashboard.ts';
import { selectionBounds } from '../../engine/definition/kinds.ts';
import { describeErrors, parseCatalog, parseDashboard } from '../../engine/definition/parse.ts';
import { allQuestions, isShown } from '../../engine/definition/questions.ts';
import type { QuestionnaireDefinition, WireItem } from '../../engine/definition/types.ts';
import type { ChoiceOption } from '../../engine/definition/questionTypes.ts';
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
const byType = new Map(
  catalog.types.flatMap((entry) => {
    const found = questionnaires.find(({ file }) => file === `questionnaires/${entry.definition}.json`);
    return found ? [[entry.type, found.definition] as const] : [];
  }),
);
// `$ref`s of a dashboard name the files beside the questionnaires ('../interview360').
const shared = new Map(jsonFiles('.').map(({ file, json }) => [`../${file.replace(/^\.\/|\.json$/g, '')}`, json]));
const dashboards = jsonFiles('dashboards').map(({ file, json }) => ({ file, dashboard: parsed<DashboardDefinition>(file, parseDashboard(json, byType, (name) => shared.get(name))) }));
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
      // A staff form (the interview) has no respondent link; every other questionnaire has the catalogue's.
      if (found?.definition.staff) expect(entry.slug, entry.definition).toBeUndefined();
      else expect(found?.definition.slug).toBe(entry.slug);
    }
  });

  it('lists every definition file', () => {
    for (const { definition } of questionnaires) expect(catalog.types.some((entry) => entry.type === definition.type)).toBe(true);
  });
});

describe('the dashboards', () => {
  it('are refused with the JSON path of every name that does not exist', () => {
    // The file as written (palette names, not the colours its parse puts in their place).
    const base = jsonFiles('dashboards').find(({ file }) => file === 'dashboards/8.json')!.json as DashboardDefinition;
    const broken = produce(base, (draft) => {
      const likert = draft.datasets.likert as { questions?: string[]; transforms?: { op: string; when?: { field: string; in?: unknown[] } }[] };
      likert.questions![0] = '9.9';
      draft.datasets.gaps = { from: 'likert', transforms: [{ op: 'filter', where: [{ field: 'tag', in: ['inexistente'] }] }] };
      draft.datasets.people = { query: 'scores', types: [8] };
      draft.datasets.rings = { query: 'summary', types: [8], transforms: [{ op: 'unpivot', fields: ['semNome'] }] };
      const tabs = draft.layout[0] as { tabs: { content: { dataset?: string }[] }[] };
      tabs.tabs[4]!.content[0]!.dataset = 'inexistente';
      // The four statement tabs are one piece with parameters: the names, the colours' legend, the bar chart, the justifications.
      const file = draft as unknown as { $defs: { pageTab: { content: { category?: string }[] } } };
      file.$defs.pageTab.content[2]!.category = 'campoInexistente';
    });
    const result = parseDashboard(broken, byType);
    expect(result.ok).toBe(false);
    const errors = result.ok ? [] : result.errors.map((error) => `${error.pointer}: ${error.message}`);
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/datasets\/likert\/questions\/0: não existe a pergunta "9\.9"/),
        expect.stringMatching(/^\/datasets\/gaps\/transforms\/0\/where\/0\/in\/0: nenhuma opção tem a tag "inexistente"/),
        expect.stringMatching(/^\/datasets\/people: linhas por pessoa/),
        expect.stringMatching(/^\/datasets\/rings\/transforms\/0\/fields\/0: não existe a pontuação "semNome"/),
        expect.stringMatching(/^\/layout\/0\/tabs\/4\/content\/0\/dataset: não existe o conjunto de dados "inexistente"/),
        expect.stringMatching(/^\/\$defs\/pageTab\/content\/2\/category: campo "campoInexistente" desconhecido/),
      ]),
    );
    expect(parseDashboard({ ...base, filters: ['empresa'] }, byType).ok).toBe(false);
  });

  it("refuse the 360 interview's grammar where it reads what is not there", () => {
    const base = jsonFiles('dashboards').find(({ file }) => file === 'dashboards/11.json')!.json as DashboardDefinition;
    const broken = produce(base, (draft) => {
      draft.filters = ['company', 'evaluated'];
      draft.publicReport = true;
      draft.datasets.grades = { query: 'numbers', types: [11], questions: ['1.positive'], series: [{ label: 'Média', stat: 'mean' }] };
      draft.datasets.noSeries = { query: 'numbers', types: [11] };
      draft.datasets.stress = { query: 'people', types: [13], status: true };
      const table = draft.layout[0] as { columns: { link?: { href: string } }[] };
      table.columns[3]!.link!.href = '/interview360/{inexistente}';
    });
    const result = parseDashboard(broken, byType);
    const errors = result.ok ? [] : result.errors.map((error) => `${error.pointer}: ${error.message}`);
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/datasets\/grades\/questions\/0: a pergunta "1\.positive" não é uma nota/),
        expect.stringMatching(/^\/datasets\/noSeries: a consulta "numbers" precisa de "series"/),
        expect.stringMatching(/^\/datasets\/stress\/types\/0: o tipo 13 não tem seção "staff"/),
        expect.stringMatching(/^\/datasets\/evaluators\/scope: o escopo "evaluator" precisa do filtro "evaluator"/),
        expect.stringMatching(/^\/layout\/0\/columns\/3\/link\/href: campo "inexistente" desconhecido/),
      ]),
    );
    // A person's own report names the person in a person filter; the scanner's does.
    const anonymous = produce(jsonFiles('dashboards').find(({ file }) => file === 'dashboards/13.json')!.json as DashboardDefinition, (draft) => {
      draft.publicReport = true;
    });
    const refused = parseDashboard(anonymous, byType);
    expect(refused.ok ? [] : refused.errors.map((error) => error.pointer)).toContain('/publicReport');
  });

  it("refuse the participation's grammar where it reads what is not there", () => {
    const base = jsonFiles('dashboards').find(({ file }) => file === 'dashboards/-3.json')!.json as DashboardDefinition;
    const broken = produce(base, (draft) => {
      draft.filters = ['company'];
      draft.datasets.bySector = { query: 'participation', types: [13], by: 'sector' };
      draft.datasets.daily = { query: 'participation', types: [13], by: 'day', none: 'Sem dia', latest: true };
      draft.datasets.overall = { query: 'participation', types: [13], by: 'all', anonymous: 'group' };
      const file = draft as unknown as { $defs: Record<'groupContent' | 'daily', { reference?: { field: string } }[]> };
      file.$defs.groupContent[0]!.reference!.field = 'meta';
      // A daily row has no group: only the group rows' fields are read by group.
      file.$defs.daily[0]!.reference!.field = 'group';
    });
    const result = parseDashboard(broken, byType);
    const errors = result.ok ? [] : result.errors.map((error) => `${error.pointer}: ${error.message}`);
    expect(errors).toEqual(
      expect.arrayContaining([
        '/remindPending: "cycle" não está entre os filtros',
        expect.stringMatching(/^\/datasets\/bySector: a participação por "sector" precisa de "none"/),
        expect.stringMatching(/^\/datasets\/daily\/none: "none" só vale/),
        expect.stringMatching(/^\/datasets\/daily\/latest: a participação conta cada avaliação/),
        expect.stringMatching(/^\/datasets\/overall\/anonymous: a participação conta avaliações/),
        expect.stringMatching(/^\/\$defs\/groupContent\/0\/reference\/field: campo "meta" desconhecido/),
        expect.stringMatching(/^\/\$defs\/daily\/0\/reference\/field: campo "group" desconhecido/),
      ]),
    );
  });

  it('have one file per /dash id, named after it', () => {
    const ids = dashboards.map(({ dashboard }) => dashboard.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { file, dashboard } of dashboards) expect(file).toBe(`dashboards/${dashboard.id}.json`);
  });
});

describe.each(questionnaires.filter(({ definition }) => definition.staff))('$file (a staff form)', ({ definition }) => {
  it('saves generated answers at any point, each in the form the server reads back', async () => {
    const saved: WireItem[][] = [];
    const actor = createActor(
      questionnaireMachine.provide({ actors: { save: fromPromise(async ({ input }) => void saved.push(input.items)) } }),
      { input: { definition } },
    ).start();
    for (const [questionId, value] of Object.entries(generateAnswers(definition))) actor.send({ type: 'answer.set', questionId, value });
    actor.send({ type: 'save' });
    await waitFor(actor, (snapshot) => snapshot.matches('answering') && saved.length === 1);
    const decoded = decodeAnswers(definition, saved[0]!);
    expect(decoded.errors).toEqual([]);
    // Every question is sent, answered or blank.
    expect(saved[0]!.map((item) => item.question)).toEqual(allQuestions(definition).map(({ question }) => question.id));
  });
});

describe.each(questionnaires.filter(({ definition }) => !definition.staff))('$file', ({ definition }) => {
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
});

/** The answers of a golden case, read from its wire responses. */
function caseAnswers(definition: QuestionnaireDefinition, fixture: FixtureCase) {
  const items = Object.entries(fixture.responses).flatMap(([question, response]) =>
    (Array.isArray(response) ? response : [response]).map((one) => ({ question, response: one })),
  );
  return decodeAnswers(definition, items);
}

/** Whether a definition's results match every golden case. */
function matchesEveryCase(definition: QuestionnaireDefinition, cases: FixtureCase[]): boolean {
  return cases.every((fixture) => {
    const result = scoreAnswers(definition, caseAnswers(definition, fixture).answers);
    return JSON.stringify([result.scores, result.rankings, result.band?.id]) === JSON.stringify([fixture.scores, fixture.rankings ?? {}, fixture.band]);
  });
}

/** A draft question by id (inside an immer recipe). */
function draftQuestion(draft: QuestionnaireDefinition, id: string) {
  return draft.pages.flatMap((page) => page.questions).find((question) => question.id === id)!;
}

/**
 * Every one-field change of a definition's scoring keys: the reverse flag of each choice that feeds a
 * sum, mean or percent, the tags of each option that a count or share reads, and the `oriented` flag of
 * each count or share over reverse items.
 */
function scoringMutants(definition: QuestionnaireDefinition): [string, QuestionnaireDefinition][] {
  const scores = definition.scoring?.scores ?? [];
  const ids = allQuestions(definition).map(({ question }) => question.id);
  const valued = new Set(
    scores.filter((score) => ['sum', 'mean', 'percent'].includes(score.aggregate)).flatMap((score) => (Array.isArray(score.questions) ? score.questions : ids)),
  );
  const counted = new Set(scores.filter((score) => score.aggregate === 'count' || score.aggregate === 'share').map((score) => score.tag ?? score.id));
  const isCounted = (option: ChoiceOption) => (option.tags ?? []).some((tag) => counted.has(tag));
  const mutants: [string, QuestionnaireDefinition][] = [];
  for (const { question } of allQuestions(definition)) {
    if (question.kind === 'choice' && valued.has(question.id)) {
      mutants.push([`reverse of question ${question.id}`, produce(definition, (draft) => void Object.assign(draftQuestion(draft, question.id), { reverse: !question.reverse }))]);
    }
    if (question.kind === 'choice' || question.kind === 'checkboxes') {
      question.options?.forEach((option, index) => {
        if (!isCounted(option)) return;
        mutants.push([
          `tags of question ${question.id}, option ${index}`,
          produce(definition, (draft) => void Object.assign((draftQuestion(draft, question.id) as { options: ChoiceOption[] }).options[index]!, { tags: [] })),
        ]);
      });
    }
  }
  for (const [key, options] of Object.entries(definition.scales)) {
    options.forEach((option, index) => {
      if (isCounted(option)) mutants.push([`tags of scale ${key}, option ${index}`, produce(definition, (draft) => void (draft.scales[key]![index]!.tags = []))]);
    });
  }
  // A count or share over reverse items: reading their options' own tags or the mirrored ones.
  const reversed = new Set(allQuestions(definition).flatMap(({ question }) => (question.kind === 'choice' && question.reverse ? [question.id] : [])));
  scores.forEach((score, index) => {
    if (!(score.aggregate === 'count' || score.aggregate === 'share')) return;
    if (!(Array.isArray(score.questions) ? score.questions : ids).some((id) => reversed.has(id))) return;
    mutants.push([`oriented of score ${score.id}`, produce(definition, (draft) => void (draft.scoring!.scores[index]!.oriented = !score.oriented))]);
  });
  return mutants;
}

describe.each(fixtures)('golden fixtures $file', ({ json }) => {
  const definition = questionnaires.find(({ file }) => file === `questionnaires/${json.questionnaire}.json`)?.definition;

  it.each(json.cases)('$name', (fixture) => {
    expect(definition).toBeDefined();
    const { answers, errors } = caseAnswers(definition!, fixture);
    expect(errors).toEqual([]);
    const result = scoreAnswers(definition!, answers);
    expect(result.scores).toEqual(fixture.scores);
    expect(result.rankings).toEqual(fixture.rankings ?? {});
    expect(result.band?.id).toBe(fixture.band);
  });

  it('fail when any one reverse flag, counted option tag or oriented flag changes', () => {
    const survivors = scoringMutants(definition!)
      .filter(([, mutant]) => matchesEveryCase(mutant, json.cases))
      .map(([name]) => name);
    expect(survivors, 'changes the golden cases do not notice').toEqual([]);
  });
});
