import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { DashboardDefinition } from '../../engine/definition/dashboard.ts';
import { describeErrors, parseDashboard, parseQuestionnaire, type DefinitionError } from '../../engine/definition/parse.ts';
import type { QuestionnaireDefinition } from '../../engine/definition/types.ts';
import type { CheckboxesQuestion, ChoiceQuestion, Question } from '../../engine/definition/questionTypes.ts';
import { tempDir } from '../tempDirs.ts';
import { jsonFiles } from './load.ts';

/*
 * The lints of `npm run definitions:check`: each test breaks exactly one thing in a copy of a real
 * definition and expects the error at the JSON path of the broken value, in Portuguese, naming it.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));
const files = new Map(jsonFiles('questionnaires').map(({ file, json }) => [file.replace(/^questionnaires\/|\.json$/g, ''), json]));
// `$ref`s name the files beside the questionnaires ('../interview360').
const shared = new Map(jsonFiles('.').map(({ file, json }) => [`../${file.replace(/^\.\/|\.json$/g, '')}`, json]));
const lookup = (name: string) => files.get(name) ?? shared.get(name);

/** A copy of a real questionnaire file, to break. */
function copy(name: string): QuestionnaireDefinition {
  const json = files.get(name);
  if (!json) throw new Error(`no questionnaire ${name}`);
  return structuredClone(json) as QuestionnaireDefinition;
}

/** The errors of a questionnaire (none when it is valid). */
function errorsOf(json: unknown): DefinitionError[] {
  const result = parseQuestionnaire(json, lookup);
  return result.ok ? [] : result.errors;
}

/** The JSON path and the question itself of a question, by id. */
function find<Q extends Question = Question>(definition: QuestionnaireDefinition, id: string): { pointer: string; question: Q } {
  for (const [pageIndex, page] of definition.pages.entries()) {
    const questionIndex = page.questions.findIndex((question) => question.id === id);
    if (questionIndex >= 0) return { pointer: `/pages/${pageIndex}/questions/${questionIndex}`, question: page.questions[questionIndex] as Q };
  }
  throw new Error(`no question ${id}`);
}

describe('every real definition', () => {
  it.each([...files.keys()])('%s passes every lint', (name) => {
    expect(errorsOf(copy(name))).toEqual([]);
  });
});

describe('unique ids', () => {
  it('of questions', () => {
    const broken = copy('estresse');
    broken.pages[0]!.questions[1]!.id = '1';
    expect(errorsOf(broken)).toEqual([{ pointer: '/pages/0/questions/1/id', message: 'id de pergunta repetido: "1"' }]);
  });

  it('of scores', () => {
    const broken = copy('analisecritica');
    broken.scoring!.scores[1]!.id = broken.scoring!.scores[0]!.id;
    expect(errorsOf(broken)).toEqual([{ pointer: '/scoring/scores/1/id', message: 'id de pontuação repetido: "cultura"' }]);
  });

  it('of rankings', () => {
    const broken = copy('inqueritovianew');
    broken.scoring!.rankings![1]!.id = 'via';
    expect(errorsOf(broken)).toEqual([{ pointer: '/scoring/rankings/1/id', message: 'id de ranking repetido: "via"' }]);
  });

  it('of bands', () => {
    const broken = copy('estresse');
    broken.scoring!.classification!.bands[1]!.id = 'low';
    expect(errorsOf(broken)).toEqual([{ pointer: '/scoring/classification/bands/1/id', message: 'id de faixa repetido: "low"' }]);
  });
});

describe('conditions', () => {
  it('read an earlier question', () => {
    const broken = copy('mapataticonew');
    const { pointer, question } = find(broken, '1.3.1');
    question.when!.question = '5.1';
    expect(errorsOf(broken)).toEqual([{ pointer: `${pointer}/when/question`, message: 'a condição usa a pergunta "5.1", que não é uma pergunta anterior a esta' }]);
  });

  it('read a single-choice question', () => {
    const broken = copy('mapataticonew');
    const { pointer, question } = find(broken, '1.3.1');
    question.when = { question: '1.1.1', gt: 4 };
    expect(errorsOf(broken)).toEqual([{ pointer: `${pointer}/when/question`, message: expect.stringContaining('a condição usa a pergunta "1.1.1", que não é de escolha única') }]);
  });

  it('list only option values in "in"', () => {
    const broken = copy('mapataticonew');
    const { pointer, question } = find(broken, '1.7.1');
    question.when!.in = [2];
    expect(errorsOf(broken)).toEqual([{ pointer: `${pointer}/when/in/0`, message: 'o valor 2 não é uma opção da pergunta "1.7" (opções: 1, 0)' }]);
  });

  it('leave some option above "gt"', () => {
    const broken = copy('mapataticonew');
    const { pointer, question } = find(broken, '1.3.1');
    question.when!.gt = 5;
    expect(errorsOf(broken)).toEqual([
      { pointer: `${pointer}/when/gt`, message: 'nenhuma opção da pergunta "1.3" (opções: 1, 2, 3, 4, 5) satisfaz esta condição: a pergunta nunca seria mostrada' },
    ]);
  });

  it('leave some option below "lt"', () => {
    const broken = copy('mapataticonew');
    const { pointer, question } = find(broken, '1.1.1');
    question.when!.lt = 1;
    expect(errorsOf(broken)).toEqual([{ pointer: `${pointer}/when/lt`, message: expect.stringMatching(/^nenhuma opção da pergunta "1\.1" .*nunca seria mostrada$/) }]);
  });

  it('leave some option meeting "in" and "gt" together', () => {
    const broken = copy('mapataticonew');
    const { pointer, question } = find(broken, '1.7.1');
    question.when!.gt = 1;
    expect(errorsOf(broken)).toEqual([{ pointer: `${pointer}/when`, message: expect.stringMatching(/^nenhuma opção da pergunta "1\.7" .*satisfaz esta condição/) }]);
  });
});

describe('selection rules', () => {
  const rule = (select: CheckboxesQuestion['select'], required?: boolean) => {
    const broken = copy('alinhamentovalores-colaborador');
    const { pointer, question } = find<CheckboxesQuestion>(broken, '1');
    question.select = select;
    if (required !== undefined) question.required = required;
    return { pointer, errors: errorsOf(broken) };
  };

  it('"exactly" agrees with "max" and "min"', () => {
    const withMax = rule({ exactly: 10, max: 5 });
    expect(withMax.errors).toEqual([{ pointer: `${withMax.pointer}/select/max`, message: '"max" (5) contradiz "exactly" (10)' }]);
    const withMin = rule({ exactly: 10, min: 12 });
    expect(withMin.errors).toEqual([{ pointer: `${withMin.pointer}/select/min`, message: '"min" (12) contradiz "exactly" (10)' }]);
  });

  it('"min" is not above "max", nor "exactly" above the options', () => {
    const crossed = rule({ min: 3, max: 2 });
    expect(crossed.errors).toEqual([{ pointer: `${crossed.pointer}/select/min`, message: expect.stringContaining('"min" (3) é maior que "max" (2)') }]);
    const tooMany = rule({ exactly: 31 });
    expect(tooMany.errors).toEqual([{ pointer: `${tooMany.pointer}/select/exactly`, message: '"exactly" (31) é maior que o número de opções (30)' }]);
    const negative = rule({ max: -1 });
    expect(negative.errors).toEqual([{ pointer: `${negative.pointer}/select/max`, message: '"max" não pode ser negativo (-1)' }]);
  });

  it('a required list allows a tick', () => {
    const none = rule({ max: 0 }, true);
    expect(none.errors).toEqual([{ pointer: `${none.pointer}/select/max`, message: 'a pergunta é obrigatória, mas "max" é 0: não há como respondê-la' }]);
    expect(rule({ max: 0 }, false).errors).toEqual([]);
  });
});

describe('options that stand alone ("exclusive")', () => {
  it('only in a checkbox list', () => {
    const broken = copy('estresse');
    broken.scales.frequencia![0]!.exclusive = true;
    // Every question of the scale is a single choice: the first one is named.
    expect(errorsOf(broken)).toEqual([
      { pointer: '/scales/frequencia/0/exclusive', message: expect.stringContaining('a opção 0 é "exclusive", mas a lista é usada pela pergunta 1, que não é de marcar') },
      ...Array.from({ length: 13 }, () => expect.objectContaining({ pointer: '/scales/frequencia/0/exclusive' })),
    ]);
  });

  it('where a tick alone is enough, and beside options that can be ticked together', () => {
    const needsTwo = copy('question360new');
    const { pointer, question } = find<CheckboxesQuestion>(needsTwo, '1');
    question.select = { min: 2 };
    expect(errorsOf(needsTwo)).toEqual([
      { pointer: '/scales/responsabilidade/12/exclusive', message: 'a opção 13 é "exclusive" (marcada sozinha), mas a pergunta 1 exige pelo menos 2 marcações: ela nunca poderia ser escolhida' },
    ]);
    expect(pointer).toBe('/pages/0/questions/0');
    const allAlone = copy('question360new');
    for (const option of allAlone.scales.responsabilidade!) option.exclusive = true;
    expect(errorsOf(allAlone)).toEqual([
      { pointer: '/scales/responsabilidade/0/exclusive', message: 'todas as opções da pergunta 1 são "exclusive": pelo menos uma deve poder ser marcada junto com outras' },
    ]);
    expect(errorsOf(copy('question360new'))).toEqual([]);
  });
});

describe('every question with options feeds a score', () => {
  it('a choice no score reads', () => {
    const broken = copy('estresse');
    broken.scoring!.scores[0]!.questions = broken.pages[0]!.questions.map((question) => question.id).filter((id) => id !== '7');
    expect(errorsOf(broken)).toEqual([{ pointer: find(broken, '7').pointer, message: expect.stringMatching(/^a pergunta 7 não alimenta nenhuma pontuação/) }]);
  });

  it('a checkbox list whose options no counted tag marks', () => {
    const broken = copy('question360new');
    for (const score of broken.scoring!.scores) score.questions = (score.questions as string[]).filter((id) => id !== '10');
    expect(errorsOf(broken)).toEqual([{ pointer: find(broken, '10').pointer, message: expect.stringMatching(/^a pergunta 10 não alimenta nenhuma pontuação/) }]);
  });

  it('a choice among count scores that carries none of their tags', () => {
    const broken = copy('tratamentodeobjecoesnew');
    const { pointer, question } = find<ChoiceQuestion>(broken, '1');
    // Still among the scores' questions ("all"), but none of its options counted.
    for (const option of question.options!) delete option.tags;
    expect(errorsOf(broken)).toEqual([{ pointer, message: expect.stringMatching(/^a pergunta 1 não alimenta nenhuma pontuação/) }]);
  });

  it('except a question a condition reads (a gate), and in a questionnaire without scoring', () => {
    const ungated = copy('mapataticonew');
    delete find(ungated, '1.7.1').question.when;
    expect(errorsOf(ungated)).toEqual([{ pointer: find(ungated, '1.7').pointer, message: expect.stringMatching(/^a pergunta 1\.7 não alimenta nenhuma pontuação/) }]);
    const unscored = copy('estresse');
    unscored.scoring!.scores[0]!.questions = ['1'];
    delete unscored.scoring;
    expect(errorsOf(unscored)).toEqual([]);
  });
});

describe('counted tags', () => {
  it('are carried by some option', () => {
    const broken = copy('question360new');
    broken.scoring!.scores[0]!.tag = 'positivo';
    expect(errorsOf(broken)).toEqual([{ pointer: '/scoring/scores/0/tag', message: 'nenhuma opção das perguntas desta pontuação tem a tag "positivo"' }]);
  });

  it('are carried by an option of the score\'s own questions', () => {
    const broken = copy('question360new');
    broken.scoring!.scores[3]!.questions = ['11'];
    expect(errorsOf(broken)).toEqual([{ pointer: '/scoring/scores/3/tag', message: 'nenhuma opção das perguntas desta pontuação tem a tag "positive"' }]);
  });
});

describe('ties of a ranking', () => {
  it('are decided only for a ranking of scores: a ranking of answers follows the order of choice', () => {
    const broken = copy('inqueritovianew');
    broken.scoring!.rankings![0]!.ties = 'group';
    expect(errorsOf(broken)).toEqual([{ pointer: '/scoring/rankings/0/ties', message: expect.stringMatching(/^"ties" só vale para um ranking de pontuações/) }]);
  });
});

describe('classification bands cover the range', () => {
  const bands = (change: (classification: NonNullable<NonNullable<QuestionnaireDefinition['scoring']>['classification']>) => void) => {
    const broken = copy('estresse');
    change(broken.scoring!.classification!);
    return errorsOf(broken);
  };
  const at = (index: number) => `/scoring/classification/bands/${index}`;

  it('from min: the first band is not empty', () => {
    expect(bands((c) => void (c.bands[0]!.below = 0))).toEqual([{ pointer: `${at(0)}/below`, message: 'faixa vazia: "below" (0) precisa ser maior que o "min" da classificação (0)' }]);
  });

  it('without empty bands', () => {
    expect(bands((c) => void (c.bands[1]!.below = 13))).toEqual([
      { pointer: `${at(1)}/below`, message: 'faixa vazia: "below" (13) precisa ser maior que o "below" da faixa anterior (13)' },
    ]);
  });

  it('with no bound past max but the last', () => {
    expect(bands((c) => void (c.bands[2]!.below = 60))).toEqual([{ pointer: `${at(2)}/below`, message: expect.stringContaining('"below" (60) passa do "max" da classificação (56)') }]);
  });

  it('up to max: the last band omits "below" or lies above max', () => {
    expect(bands((c) => void (c.bands[3]!.below = 50))).toEqual([{ pointer: `${at(3)}/below`, message: expect.stringContaining('a última faixa não chega ao "max" da classificação (56)') }]);
    expect(bands((c) => void (c.bands[3]!.below = 57))).toEqual([]);
  });

  it('only the last band omits "below"', () => {
    expect(bands((c) => void delete c.bands[1]!.below)).toEqual([{ pointer: at(1), message: 'só a última faixa pode omitir "below"' }]);
  });

  it('of a range whose min lies below its max', () => {
    expect(bands((c) => void (c.min = 56))).toEqual(
      expect.arrayContaining([{ pointer: '/scoring/classification/max', message: '"min" (56) precisa ser menor que "max" (56)' }]),
    );
  });
});

describe('schema errors', () => {
  it('are in Portuguese, one per mistake, at the JSON path of the value', () => {
    const broken = copy('estresse') as unknown as { pages: { questions: Record<string, unknown>[] }[]; scoring: { scores: Record<string, unknown>[] } };
    broken.pages[0]!.questions[1]!.kind = 'escolha';
    broken.pages[0]!.questions[2]!.escala = 'frequencia';
    delete broken.pages[0]!.questions[3]!.text;
    broken.scoring.scores[0]!.questions = 'todas';
    expect(errorsOf(broken)).toEqual([
      { pointer: '/pages/0/questions/1/kind', message: 'deve ser igual a um dos valores permitidos: "choice", "checkboxes", "text", "grade", "richText", "boolean"' },
      { pointer: '/pages/0/questions/2/escala', message: 'não são permitidas propriedades adicionais: "escala"' },
      { pointer: '/pages/0/questions/3', message: 'deve ter a propriedade obrigatória text' },
      { pointer: '/scoring/scores/0/questions', message: 'deve ser "all" ou uma lista' },
    ]);
  });

  it('of an extension are its own', () => {
    const extension = structuredClone(files.get('alinhamentovalores-gestor')) as Record<string, unknown>;
    extension.titulo = 'Alinhamento';
    expect(errorsOf(extension)).toEqual([{ pointer: '/titulo', message: 'não são permitidas propriedades adicionais: "titulo"' }]);
  });
});

describe('dashboards', () => {
  const dashboards = new Map(jsonFiles('dashboards').map(({ json }) => [(json as DashboardDefinition).id, json as DashboardDefinition]));
  const byType = new Map(
    [...files.values()].flatMap((json) => {
      const result = parseQuestionnaire(json, lookup);
      return result.ok ? [[result.value.type, result.value] as const] : [];
    }),
  );
  const errorsOfDashboard = (json: unknown) => {
    const result = parseDashboard(json, byType, lookup);
    return result.ok ? [] : result.errors;
  };

  it('name only existing datasets, questions and fields, each error at its JSON path', () => {
    const broken = structuredClone(dashboards.get(8)!) as unknown as {
      datasets: Record<string, { questions?: string[]; transforms?: { where?: { field: string }[] }[] }>;
      $defs: { pageTab: { content: Record<string, unknown>[] } };
    };
    broken.datasets.likert!.questions![2] = '9.9';
    broken.datasets.respondents!.transforms![0]!.where![0]!.field = 'feito';
    // The four statement tabs are one piece with parameters: the names, the colours' legend, the bar chart, the justifications.
    broken.$defs.pageTab.content[3]!.dataset = 'justificativas';
    broken.$defs.pageTab.content[2]!.category = 'pergunta';
    broken.$defs.pageTab.content[2]!.detail = 'resposta';
    const errors = errorsOfDashboard(broken);
    expect(errors).toEqual([
      { pointer: '/datasets/likert/questions/2', message: 'não existe a pergunta "9.9" nos tipos 8' },
      { pointer: '/datasets/respondents/transforms/0/where/0/field', message: expect.stringMatching(/^campo "feito" desconhecido \(as linhas têm: evaluation, /) },
      { pointer: '/$defs/pageTab/content/2/category', message: expect.stringMatching(/^campo "pergunta" desconhecido no conjunto "likert"/) },
      { pointer: '/$defs/pageTab/content/2/detail', message: expect.stringMatching(/^campo "resposta" desconhecido no conjunto "likert"/) },
      { pointer: '/$defs/pageTab/content/3/dataset', message: 'não existe o conjunto de dados "justificativas"' },
    ]);
  });

  it("refuse a statement tab's parameters that do not fit its piece, at the reference", () => {
    const broken = structuredClone(dashboards.get(8)!) as unknown as { layout: { tabs: { with: Record<string, unknown> }[] }[] };
    const { title, ...rest } = broken.layout[0]!.tabs[2]!.with;
    broken.layout[0]!.tabs[2]!.with = { ...rest, titulo: title };
    expect(errorsOfDashboard(broken)).toEqual([
      { pointer: '/layout/0/tabs/2/with', message: 'a peça "pageTab" usa a variável "{{title}}", que este "with" não dá (dá: page, questions, titulo)' },
      { pointer: '/layout/0/tabs/2/with/titulo', message: 'a peça "pageTab" não usa a variável "titulo": use "{{titulo}}" na peça ou apague-a de "with"' },
    ]);
  });

  it('count ties only of a ranking place that can be shared (a ranking with ties "group")', () => {
    // The Objeções ranking switched to the order of the list: its places are never shared.
    const listed = structuredClone(byType.get(9)!);
    listed.scoring!.rankings![0]!.ties = 'order';
    const result = parseDashboard(dashboards.get(9)!, new Map([...byType, [9, listed]]), lookup);
    const message = (field: string) => `"ties" conta os lugares empatados de um ranking com "ties": "group", mas "${field}" não é um desses lugares nas linhas deste conjunto`;
    expect(result.ok ? [] : result.errors).toEqual([
      { pointer: '/datasets/first/transforms/0/ties', message: message('communication.1') },
      { pointer: '/datasets/second/transforms/0/ties', message: message('communication.2') },
    ]);
  });

  it('count "values" and "ties" of one field only', () => {
    const broken = structuredClone(dashboards.get(9)!) as unknown as { datasets: { first: { transforms: { groupBy: string[] }[] } } };
    broken.datasets.first.transforms[0]!.groupBy.push('type');
    const message = (option: string) => `"${option}" fala dos valores de um só campo: com "${option}", "groupBy" lista um campo só`;
    expect(errorsOfDashboard(broken)).toEqual([
      { pointer: '/datasets/first/transforms/0/values', message: message('values') },
      { pointer: '/datasets/first/transforms/0/ties', message: message('ties') },
    ]);
  });

  it('check each copy of a repeat, each error at the template it was copied from, naming the copy', () => {
    // The 360's details: one toggle option per competency, written once for the ten (a repeat).
    const broken = structuredClone(dashboards.get(2)!) as unknown as { layout: { tabs: { content: { options: { each: { content: { category: string }[] } }[] }[] }[] }[] };
    const template = broken.layout[1]!.tabs[1]!.content[0]!.options[0]!.each.content[0]!;
    template.category = 'tipo';
    const errors = errorsOfDashboard(broken);
    expect(errors).toHaveLength(10);
    expect(errors[0]).toEqual({
      pointer: '/layout/1/tabs/1/content/0/options/0/each/content/0/category',
      message: expect.stringMatching(/^campo "tipo" desconhecido no conjunto "byType" .* \(na cópia block = 1, name = Responsabilidade\)$/),
    });
    expect(errors[9]!.message).toMatch(/\(na cópia block = 10, name = Inovação\)$/);
    // A schema error inside a template is at its own place too.
    (template as unknown as { height: string }).height = 'alto';
    expect(errorsOfDashboard(broken)).toEqual([{ pointer: '/layout/1/tabs/1/content/0/options/0/each/content/0/height', message: 'deve ser um número' }]);
  });

  it("name in a section's title only a person the view filters by", () => {
    // The scanner's 'Resultado do colaborador' names the chosen colleague: a view without that filter cannot.
    // The section is a piece of "$defs" (the view and its report show it): the error is at the piece, once.
    const named = structuredClone(dashboards.get(-1)!) as unknown as { filters: string[]; layout: Record<string, unknown>[]; $defs: Record<string, Record<string, unknown>> };
    const section = named.$defs.colleagueResult!;
    expect(section).toMatchObject({ kind: 'section', subject: 'colleague' });
    expect(errorsOfDashboard(named)).toEqual([]);
    section.subject = 'evaluated';
    expect(errorsOfDashboard(named)).toEqual([{ pointer: '/$defs/colleagueResult/subject', message: '"evaluated" não está entre os filtros' }]);
  });

  it('name only scores of the type', () => {
    // The temperaments' scores are one piece of "$defs", read by two datasets: one error, at the piece.
    const broken = structuredClone(dashboards.get(5)!) as unknown as { $defs: { temperamentScores: string[] } };
    broken.$defs.temperamentScores[1] = 'colerco';
    expect(errorsOfDashboard(broken)).toEqual([{ pointer: '/$defs/temperamentScores/1', message: 'não existe a pontuação "colerco" no tipo 5' }]);
  });
});

describe('describeErrors', () => {
  it('writes one line per error: file, JSON path, message', () => {
    const errors = [
      { pointer: '/pages/0/questions/3/scale', message: 'a escala "x" não existe em "scales"' },
      { pointer: '/title', message: 'deve ser um texto' },
    ];
    expect(describeErrors('definitions/questionnaires/estresse.json', errors)).toBe(
      'definitions/questionnaires/estresse.json /pages/0/questions/3/scale: a escala "x" não existe em "scales"\ndefinitions/questionnaires/estresse.json /title: deve ser um texto',
    );
  });
});

describe('npm run definitions:check', () => {
  const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'scripts/checkDefinitions.ts', ...args], { cwd: root, encoding: 'utf8' });

  it('passes over every file of the repository with a one-line summary', () => {
    const result = run();
    expect(result.status, result.stderr).toBe(0);
    // The catalogue, the risk matrix, the questionnaires and the dashboards.
    const count = 2 + files.size + jsonFiles('dashboards').length;
    expect(result.stdout).toBe(`${count} definições válidas\n`);
  }, 60000);

  it('fails on a broken copy outside definitions/, listing file, JSON path and message', () => {
    const dir = tempDir('definitions-check-');
    const broken = copy('estresse');
    broken.scoring!.scores[0]!.questions = broken.pages[0]!.questions.map((question) => question.id).filter((id) => id !== '7');
    broken.scoring!.classification!.bands[1]!.below = 10;
    const file = join(dir, 'estresse.json');
    writeFileSync(file, JSON.stringify(broken, null, 2));
    // An extension copied out still extends the repository's questionnaire.
    const extension = join(dir, 'alinhamentovalores-gestor.json');
    writeFileSync(extension, JSON.stringify(files.get('alinhamentovalores-gestor')));
    const result = run(file, extension, 'definitions/dashboards/13.json');
    expect(result.status).toBe(1);
    // Node's own warnings ("(node:123) …"), if any, are not the script's.
    expect(result.stderr.split('\n').filter((line) => !line.startsWith('(node:'))).toEqual([
      `${file} /scoring/classification/bands/1/below: faixa vazia: "below" (10) precisa ser maior que o "below" da faixa anterior (13)`,
      `${file} /pages/0/questions/6: a pergunta 7 não alimenta nenhuma pontuação: inclua-a nas "questions" de uma pontuação ou de um ranking, ou dê às suas opções uma tag que uma pontuação conte`,
      '2 erro(s) em 1 de 3 definições',
      '',
    ]);
    expect(result.stdout).toBe('');
  }, 60000);
});
