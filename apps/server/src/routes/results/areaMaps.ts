import type { FastifyInstance } from 'fastify';
import { allQuestions } from '../../../../../engine/definition/questions.ts';
import { bearer, errorResponses, idSchema } from '../../schemas/common.ts';
import type { Account } from '../../types.ts';
import { groupBy, number, numberArray, rowsOf, stringArray, text, type ResultContext } from './shared.ts';

/** The free-text datasets of the area maps (their answers go under the questions of each page). */
const AREA_TEXTS: Record<8 | 10, string[]> = { 8: ['justifications', 'suggestions', 'considerations'], 10: ['justifications', 'considerations'] };

const nameList = { type: 'array', items: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } } as const;

const likertQuestionSchema = {
  type: 'object',
  required: ['id', 'text', 'normalized', 'likert', 'responses', 'isConsolidated'],
  properties: {
    id: { type: 'string' },
    text: { type: 'string' },
    normalized: { ...numberArray, description: 'Percentual de cada nível (0 Discordo totalmente … 4 Concordo Totalmente); vazio numa pergunta aberta' },
    likert: { ...numberArray, description: 'Respostas em cada nível, na mesma ordem; vazio numa pergunta aberta' },
    responses: { ...stringArray, description: 'Textos livres respondidos sob a pergunta (justificativas) ou na pergunta aberta' },
    isConsolidated: { type: 'boolean', description: 'A pergunta entra no consolidado de lacunas (discordância de 50% ou mais)' },
  },
} as const;
const areaSchema = {
  type: 'object',
  required: ['pages', 'evaluators'],
  properties: {
    pages: { type: 'array', items: { type: 'object', required: ['title', 'questions'], properties: { title: { type: 'string' }, questions: { type: 'array', items: likertQuestionSchema } } } },
    evaluators: nameList,
  },
} as const;

/** Registers the operational and tactical area maps (dashboards 8 and 10). */
export function areaMapRoutes(app: FastifyInstance, { staff, view, datasets }: ResultContext) {
  async function areaMap(account: Account, dashboardId: 8 | 10, sectorId: number) {
    const texts = AREA_TEXTS[dashboardId];
    const computed = await datasets(account, dashboardId, { sector_id: sectorId }, ['likert', 'gaps', 'respondents', ...texts]);
    const respondents = rowsOf(computed, 'respondents');
    if (respondents.length === 0) return { pages: [], evaluators: [] };
    const likertDataset = view(dashboardId).datasets.likert!;
    const definition = 'from' in likertDataset ? undefined : app.definitions.questionnaires.get(likertDataset.types[0]!);
    const likert = groupBy(rowsOf(computed, 'likert'), 'question');
    const gaps = groupBy(rowsOf(computed, 'gaps'), 'question');
    const answers = groupBy(texts.flatMap((name) => rowsOf(computed, name)), 'question');
    const textQuestions = new Set(texts.flatMap((name) => { const dataset = view(dashboardId).datasets[name]!; return 'from' in dataset || !('questions' in dataset) ? [] : (dataset.questions ?? []); }));
    const located = definition ? allQuestions(definition) : [];
    const written = (id: string) => (answers.get(id) ?? []).map((row) => text(row.text));
    const pages = (definition?.pages ?? []).map((page, pageIndex) => ({
      title: page.title ?? '',
      questions: located
        .filter((entry) => entry.pageIndex === pageIndex)
        .flatMap(({ question }) => {
          const rows = likert.get(question.id);
          if (rows) {
            // Counts and percentages per level, summed over the roles the counts come split in.
            const levels = new Map<number, { count: number; percent: number }>();
            for (const row of rows) {
              const level = levels.get(number(row.optionOrder)) ?? { count: 0, percent: 0 };
              level.count += number(row.count);
              level.percent += number(row.percent);
              levels.set(number(row.optionOrder), level);
            }
            const order = [...levels.keys()].sort((a, b) => a - b);
            // A follow-up answered under this question ("O que justifica sua resposta?") goes with it.
            const followUps = located.filter((entry) => entry.question.when?.question === question.id && textQuestions.has(entry.question.id));
            return [{
              id: question.id,
              text: question.text,
              normalized: order.map((level) => levels.get(level)!.percent),
              likert: order.map((level) => levels.get(level)!.count),
              responses: followUps.flatMap((entry) => written(entry.question.id)),
              // The gap chart keeps fewer levels of a question once its disagreement reaches the threshold.
              isConsolidated: (gaps.get(question.id)?.length ?? rows.length) < rows.length,
            }];
          }
          const parent = question.when?.question;
          if (!textQuestions.has(question.id) || (parent !== undefined && likert.has(parent))) return [];
          return [{ id: question.id, text: question.text, normalized: [], likert: [], responses: written(question.id), isConsolidated: false }];
        }),
    }));
    const evaluators = [...groupBy(respondents, 'person').values()].map((group) => ({ name: text(group[0]!.name) }));
    return { pages, evaluators };
  }

  for (const [path, dashboardId, summary] of [
    ['/tableresponse/operacionalArea/:sectorId', 8, 'Mapa operacional da área de um setor avaliado: páginas, perguntas (Likert e textos) e avaliadores'],
    ['/tableresponse/taticoArea/:sectorId', 10, 'Mapa tático da área de um setor avaliado: páginas, perguntas (Likert e textos) e avaliadores'],
  ] as const) {
    app.get<{ Params: { sectorId: number } }>(
      path,
      {
        preHandler: staff,
        schema: {
          tags: ['results'],
          summary,
          security: bearer,
          params: { type: 'object', required: ['sectorId'], properties: { sectorId: { ...idSchema, description: 'O setor avaliado (ou dos respondentes)' } } },
          response: { 200: areaSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => areaMap(request.account!, dashboardId, request.params.sectorId),
    );
  }
}
