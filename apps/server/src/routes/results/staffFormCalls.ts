import * as wire from './contract.ts';
import type { CallBase, CallDeclaration, Rows, Shape, Step } from './language.ts';
import { list, number, text } from './shapes.ts';

/*
 * The 360 interview's report calls (administration.md 7) declared over the view of the one staff form
 * (the questionnaire with `staff`; definitions/dashboards/11.json): the count, the consolidated data
 * and the print dataset are its datasets' rows in the specification's shapes, the blocks those of the
 * form's `staff.blocks`, and the PDF is the view's report. Only finished interviews (done evaluations)
 * are read.
 */

/** The view of the one staff form (the 360 interview's, definitions/dashboards/11.json) and the person a call is about. */
const staffView = { oneStaffForm: true } as const;
const ratedId = { param: 'ratedId' } as const;
/** A staff form's competency blocks (their grade question in `question`). */
const competencyBlocks: Rows = { blocks: 'grades', steps: [{ op: 'filter', where: [{ field: 'kind', in: ['competency'] }] }] };
/** The open block (`key`) of a text's question, from the staff form's blocks. */
const openKey: Step = { op: 'lookup', source: { blocks: 'comments' }, on: 'question', take: ['key'] };
/** A text that may be missing (' ' then, as the form saves an empty one). */
const written = (cell: string): Shape => ({ cell, read: 'text', else: ' ' });
/** One statistic of the grades dataset (what a series is, not the label the view gives it) for the current competency, to two decimals. */
const statistic = (stat: string, of: string): Shape => ({
  first: {
    dataset: 'grades',
    match: { question: 'question' },
    then: [{ op: 'filter', where: [{ field: 'stat', in: [stat] }, { field: 'of', in: [of] }] }],
  },
  each: { cell: 'value', read: 'nullableNumber', decimals: 2 },
});
const competency = { block: number('block'), name: text('name') };
const statistics = { average: statistic('mean', 'others'), self: statistic('mean', 'self'), min: statistic('min', 'others'), max: statistic('max', 'others') };
/** The comments of the current competency's question `field` (print). */
const comments = (field: string): Shape => list({ dataset: 'comments', match: { question: field } }, text('text'));
/** Every comment of an open block (print). */
const openComments = (key: string): Shape => list({ dataset: 'comments', steps: [openKey, { op: 'filter', where: [{ field: 'key', in: [key] }] }] }, text('text'));
/** The current interview's text of an open block. */
const openAnswer = (key: string): Shape => ({
  first: { dataset: 'answerTexts', steps: [openKey], match: { evaluation: 'evaluation' }, then: [{ op: 'filter', where: [{ field: 'key', in: [key] }] }] },
  each: written('text'),
});
/** The current interview's text of a competency's question `field`. */
const competencyAnswer = (field: string): Shape => ({ first: { dataset: 'answerTexts', match: { evaluation: 'evaluation', question: field } }, each: written('text') });
/** The interviews (self-evaluations or the others'), each with its grade and texts per competency and its open blocks' texts. */
const interviews = (self: boolean): Shape =>
  list(
    { dataset: 'answers', steps: [{ op: 'filter', where: [{ field: 'self', in: [self] }] }], groupBy: ['evaluation'] },
    {
      object: {
        evaluation_id: text('evaluation'),
        evaluator_id: number('person'),
        evaluator: text('name'),
        competencies: list(
          { steps: [{ op: 'lookup', source: competencyBlocks, on: 'question', take: ['kind', 'block', 'name', 'positive', 'better'] }, { op: 'filter', where: [{ field: 'kind', in: ['competency'] }] }] },
          { object: { ...competency, grade: number('value'), positive: competencyAnswer('positive'), better: competencyAnswer('better') } },
        ),
        forces: openAnswer('forces'),
        weakness: openAnswer('weakness'),
        final: openAnswer('final'),
      },
    },
  );
/** How many interviews were finished (each evaluation once). */
const interviewCount: Shape = { count: { dataset: 'answers', groupBy: ['evaluation'] } };

/** A call about a rated person's finished interviews of the one staff form, with the evaluators chosen (`?evaluators=1,2`). */
const interviewCall = (url: string, summary: string): Omit<CallBase, 'response'> => ({
  method: 'GET',
  url,
  summary,
  params: wire.ratedParams,
  querystring: wire.evaluatorsQuery,
  errors: [400, 401, 403, 404],
  dashboard: staffView,
  visible: { user: ratedId, userCompany: true },
  filters: { evaluated_id: ratedId },
  only: { people: { input: { query: 'evaluators' }, as: 'idTexts', invalid: { group: 'interview', key: 'invalidEvaluators' } } },
});

/** The 360 interview's report calls (administration.md 7), over the view of the one staff form. */
export const STAFF_FORM_CALLS: CallDeclaration[] = [
  {
    method: 'GET',
    url: '/tableresponse/count/all/true/:id/1/1',
    summary: 'Número de entrevistas 360 finalizadas de um avaliado',
    params: wire.idParams,
    response: wire.countSchema,
    errors: [400, 401, 403, 404],
    dashboard: staffView,
    visible: { user: { param: 'id' }, userCompany: true },
    filters: { evaluated_id: { param: 'id' } },
    answer: { object: { count: interviewCount } },
  },
  {
    ...interviewCall('/tableresponse/interview360/:ratedId', 'Dados consolidados da entrevista 360 de um avaliado'),
    response: wire.interviewConsolidatedSchema,
    answer: {
      object: {
        rated_id: { first: { user: ratedId }, each: number('id') },
        rated_name: { first: { user: ratedId }, each: text('name') },
        count: interviewCount,
        competencies: list(competencyBlocks, { object: { ...competency, ...statistics } }),
        evaluator: list(competencyBlocks, { object: { ...competency, average: statistics.average, min: statistics.min, max: statistics.max } }),
        rated: list(competencyBlocks, { object: { ...competency, grade: statistics.self } }),
        responses: interviews(false),
        selfResponses: interviews(true),
      },
    },
  },
  {
    ...interviewCall('/interview/print/:ratedId', 'Dados de impressão da entrevista 360 de um avaliado'),
    response: wire.interviewPrintSchema,
    answer: {
      object: {
        title: { viewTitle: 'report' },
        rated_name: { first: { user: ratedId }, each: text('name') },
        count: interviewCount,
        competencies: list(competencyBlocks, { object: { ...competency, ...statistics, positive: comments('positive'), better: comments('better') } }),
        forces: openComments('forces'),
        weakness: openComments('weakness'),
        final: openComments('final'),
      },
    },
  },
  {
    ...interviewCall(
      '/interview/report/:ratedId',
      "Relatório 'Entrevista 360 graus' de um avaliado em PDF: o relatório da visão do tipo 11 (o mesmo gráfico da tela, as notas e os comentários)",
    ),
    response: wire.pdfFileSchema,
    errors: [400, 401, 403, 404, 502, 503],
    file: 'viewReport',
  },
];

