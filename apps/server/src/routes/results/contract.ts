/** The section 7 result calls' wire shapes: schemas (`as const`) and the types derived from them. */
import type { FromSchema } from 'json-schema-to-ts';
import { idNameListSchema, idSchema } from '../../contract/common.ts';

/** Most ids one list of a result call's body may hold. */
const MAX_IDS = 1000;
/** Most ids one filter list of the scanner respondents may hold. */
const MAX_FILTER_IDS = 100;

const stringArray = { type: 'array', items: { type: 'string' } } as const;
const numberArray = { type: 'array', items: { type: 'number' } } as const;
const versionSchema = { type: 'integer', minimum: 0, maximum: 2147483647 } as const;

export const companyParams = { type: 'object', required: ['companyId'], properties: { companyId: idSchema } } as const;
export const userParams = { type: 'object', required: ['userId'], properties: { userId: idSchema } } as const;
export const idParams = { type: 'object', required: ['id'], properties: { id: idSchema } } as const;
export const sectorParams = { type: 'object', required: ['sectorId'], properties: { sectorId: { ...idSchema, description: 'O setor avaliado (ou dos respondentes)' } } } as const;
export const countParams = { type: 'object', required: ['id', 'version'], properties: { id: idSchema, version: versionSchema } } as const;
export const questionParams = {
  type: 'object',
  required: ['userId', 'question', 'version'],
  properties: { userId: idSchema, question: { type: 'integer', minimum: 1, maximum: 14 }, version: versionSchema },
} as const;
export const dashboardParams = { type: 'object', required: ['dashboardId'], properties: { dashboardId: { type: 'integer', minimum: -1000, maximum: 1000 } } } as const;
export const viewFiltersQuery = { type: 'object', properties: { company_id: idSchema, course_id: idSchema, sector_id: idSchema } } as const;
export const ratedParams = { type: 'object', required: ['ratedId'], properties: { ratedId: idSchema } } as const;

/** Most `evaluators` values of one call, and most characters of one ("1,2,3"). */
const MAX_EVALUATORS = 500;
const MAX_EVALUATORS_TEXT = 5000;

/**
 * `?evaluators=1,2` or `?evaluators=1&evaluators=2` (both forms, mixed too); absent means every
 * evaluator. Each value is checked when the call is answered ('idTexts'), so a bad one is a Portuguese 400.
 */
export const evaluatorsQuery = {
  type: 'object',
  properties: { evaluators: { type: 'array', maxItems: MAX_EVALUATORS, items: { type: 'string', maxLength: MAX_EVALUATORS_TEXT } } },
} as const;

/** `evaluations`: the evaluations of a consolidated call (unknown, malformed and foreign ids are left out). */
export const evaluationsBody = { type: 'object', required: ['evaluations'], properties: { evaluations: { type: 'array', maxItems: MAX_IDS, items: { type: 'string', maxLength: 64 } } } } as const;
export const scannerBody = { type: 'object', required: ['user_ids'], properties: { user_ids: { type: 'array', maxItems: MAX_IDS, items: idSchema } } } as const;
export const scannerFiltersBody = {
  type: 'object',
  properties: {
    sector_ids: { type: 'array', maxItems: MAX_FILTER_IDS, items: idSchema },
    course_ids: { type: 'array', maxItems: MAX_FILTER_IDS, items: idSchema },
    company_ids: { type: 'array', maxItems: MAX_FILTER_IDS, items: idSchema },
  },
} as const;

export type EvaluationsBody = FromSchema<typeof evaluationsBody>;
export type ScannerBody = FromSchema<typeof scannerBody>;
export type ScannerFiltersBody = FromSchema<typeof scannerFiltersBody>;

export { idNameListSchema };

export const countSchema = { type: 'object', required: ['count'], properties: { count: { type: 'integer' } } } as const;

export const answers360Schema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['response', 'qtt_response', 'selected_auto'],
    properties: {
      response: { type: 'string', description: 'Valor da opção (1 a 10) ou o texto (11 a 14)' },
      qtt_response: { type: 'integer' },
      selected_auto: { type: 'boolean', description: 'true: autoavaliação' },
    },
  },
} as const;

export const teamPerformanceSchema = {
  type: 'object',
  required: ['team', 'personal', 'teamSum', 'personalSum'],
  properties: { team: numberArray, personal: numberArray, teamSum: { type: 'number' }, personalSum: { type: 'number' } },
} as const;

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

export const areaSchema = {
  type: 'object',
  required: ['pages', 'evaluators'],
  properties: {
    pages: { type: 'array', items: { type: 'object', required: ['title', 'questions'], properties: { title: { type: 'string' }, questions: { type: 'array', items: likertQuestionSchema } } } },
    evaluators: { type: 'array', items: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } },
  },
} as const;

export const cloudSchema = {
  type: 'object',
  required: ['words'],
  properties: { words: { type: 'array', items: { type: 'object', required: ['word', 'quantity'], properties: { word: { type: 'string' }, quantity: { type: 'integer' } } } } },
} as const;

export const alphaConsolidatedSchema = {
  type: 'array',
  items: { type: 'object', required: ['name', 'alpha', 'answers'], properties: { name: { type: 'string' }, alpha: { type: 'boolean' }, answers: stringArray } },
} as const;

export const communicationSchema = {
  type: 'object',
  required: ['consolidated', 'users'],
  properties: {
    consolidated: numberArray,
    users: { type: 'array', items: { type: 'object', required: ['name', 'communication'], properties: { name: { type: 'string' }, communication: stringArray } } },
  },
} as const;

export const motivationSchema = {
  type: 'object',
  required: ['chart', 'consolidated'],
  properties: {
    chart: numberArray,
    consolidated: { type: 'array', items: { type: 'object', required: ['name', 'types'], properties: { name: { type: 'string' }, types: stringArray } } },
  },
} as const;

export const temperamentsConsolidatedSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['name', 'first', 'second', 'primary', 'secondary'],
    properties: { name: { type: 'string' }, first: { type: 'string' }, second: { type: 'string' }, primary: { type: 'string' }, secondary: { type: 'string' } },
  },
} as const;

const alphaPairSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['style', 'label', 'force', 'risk'],
    properties: { style: { type: 'string' }, label: { type: 'string' }, force: { type: ['number', 'null'] }, risk: { type: ['number', 'null'] } },
  },
} as const;

const temperamentSchema = {
  type: 'array',
  items: { type: 'object', required: ['label', 'count', 'color'], properties: { label: { type: 'string' }, count: { type: 'number' }, color: { type: ['string', 'null'] } } },
} as const;

export const scannerSchema = {
  type: 'object',
  required: ['consolidated', 'scannerUsers'],
  properties: {
    consolidated: {
      type: 'object',
      required: ['alpha', 'via', 'temperamentos', 'motivacional', 'objecoes'],
      properties: {
        alpha: { ...alphaPairSchema, description: 'Média de força e risco de cada estilo' },
        via: {
          type: 'array',
          description: 'Pessoas com cada força entre as cinco de assinatura',
          items: { type: 'object', required: ['strength', 'quantity'], properties: { strength: { type: 'string' }, quantity: { type: 'integer' } } },
        },
        temperamentos: { ...temperamentSchema, description: 'Média de palavras de cada temperamento' },
        motivacional: { ...numberArray, description: 'Média de cada tipo (%), na ordem intrínseca … externa' },
        objecoes: { ...numberArray, description: 'Média de cada estilo, na ordem Divergente, Conflitante, Convergente, Concorrente' },
      },
    },
    scannerUsers: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'user_id', 'evaluations'],
        properties: {
          name: { type: 'string' },
          user_id: { type: 'integer' },
          evaluations: {
            type: 'object',
            required: ['3', '4', '5', '6', '9'],
            properties: {
              3: { anyOf: [alphaPairSchema, { type: 'null' }] },
              4: { anyOf: [stringArray, { type: 'null' }] },
              5: { anyOf: [temperamentSchema, { type: 'null' }] },
              6: { anyOf: [numberArray, { type: 'null' }] },
              9: { anyOf: [numberArray, { type: 'null' }] },
            },
          },
        },
      },
    },
  },
} as const;

const evaluationSchema = {
  type: 'object',
  required: ['name', 'type_evaluation', 'created_at', 'expire_at', 'done', 'response_at'],
  properties: {
    name: { type: 'string', description: 'Nome do tipo de avaliação' },
    type_evaluation: { type: 'integer' },
    created_at: { type: 'string' },
    expire_at: { type: ['string', 'null'] },
    done: { type: 'boolean' },
    response_at: { type: ['string', 'null'], description: 'Data da resposta (null se pendente)' },
  },
} as const;

export const scannerEvaluationsSchema = { type: 'array', items: evaluationSchema } as const;

export const scannerRespondentsSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['user_id', 'name', 'all_done', 'evaluations'],
    properties: {
      user_id: { type: 'integer' },
      name: { type: 'string' },
      all_done: { type: 'boolean', description: 'Todas as avaliações da pessoa respondidas (linha verde; senão amarela)' },
      evaluations: scannerEvaluationsSchema,
    },
  },
} as const;

export const viewRespondentsSchema = {
  type: 'array',
  items: { type: 'object', required: ['name', 'done'], properties: { user_id: { type: 'integer' }, name: { type: 'string' }, done: { type: 'boolean' } } },
} as const;

export const userCompanySchema = {
  type: 'object',
  required: ['id', 'name', 'company_name'],
  properties: { id: { type: 'integer' }, name: { type: 'string' }, company_name: { type: ['string', 'null'] } },
} as const;

export type Answers360 = FromSchema<typeof answers360Schema>;
export type TeamPerformance = FromSchema<typeof teamPerformanceSchema>;
export type AreaMap = FromSchema<typeof areaSchema>;
export type WordCloud = FromSchema<typeof cloudSchema>;
export type AlphaConsolidated = FromSchema<typeof alphaConsolidatedSchema>;
export type CommunicationConsolidated = FromSchema<typeof communicationSchema>;
export type MotivationConsolidated = FromSchema<typeof motivationSchema>;
export type TemperamentsConsolidated = FromSchema<typeof temperamentsConsolidatedSchema>;
export type ScannerConsolidated = FromSchema<typeof scannerSchema>;
export type ScannerEvaluations = FromSchema<typeof scannerEvaluationsSchema>;
export type ScannerRespondents = FromSchema<typeof scannerRespondentsSchema>;
export type ViewRespondents = FromSchema<typeof viewRespondentsSchema>;
export type UserCompany = FromSchema<typeof userCompanySchema>;

const nullableNumber = { type: ['number', 'null'] } as const;

/** One interview of the 360 interview's consolidated data: its grades and texts per competency, and the open blocks' texts. */
const interviewSchema = {
  type: 'object',
  required: ['evaluation_id', 'evaluator_id', 'evaluator', 'competencies', 'forces', 'weakness', 'final'],
  properties: {
    evaluation_id: { type: 'string' },
    evaluator_id: { type: 'integer' },
    evaluator: { type: 'string' },
    competencies: {
      type: 'array',
      items: {
        type: 'object',
        required: ['block', 'name', 'grade', 'positive', 'better'],
        properties: { block: { type: 'integer' }, name: { type: 'string' }, grade: { type: 'number' }, positive: { type: 'string' }, better: { type: 'string' } },
      },
    },
    forces: { type: 'string' },
    weakness: { type: 'string' },
    final: { type: 'string' },
  },
} as const;

const competencySeries = {
  block: { type: 'integer' },
  name: { type: 'string' },
  average: nullableNumber,
  self: nullableNumber,
  min: nullableNumber,
  max: nullableNumber,
} as const;

export const interviewConsolidatedSchema = {
  type: 'object',
  required: ['rated_id', 'rated_name', 'count', 'competencies', 'evaluator', 'rated', 'responses', 'selfResponses'],
  properties: {
    rated_id: { type: 'integer' },
    rated_name: { type: 'string' },
    count: { type: 'integer' },
    competencies: { type: 'array', items: { type: 'object', required: ['block', 'name', 'average', 'self', 'min', 'max'], properties: competencySeries } },
    evaluator: {
      type: 'array',
      items: {
        type: 'object',
        required: ['block', 'name', 'average', 'min', 'max'],
        properties: { block: { type: 'integer' }, name: { type: 'string' }, average: nullableNumber, min: nullableNumber, max: nullableNumber },
      },
    },
    rated: {
      type: 'array',
      items: { type: 'object', required: ['block', 'name', 'grade'], properties: { block: { type: 'integer' }, name: { type: 'string' }, grade: nullableNumber } },
    },
    responses: { type: 'array', items: interviewSchema },
    selfResponses: { type: 'array', items: interviewSchema },
  },
} as const;

export const interviewPrintSchema = {
  type: 'object',
  required: ['title', 'rated_name', 'count', 'competencies', 'forces', 'weakness', 'final'],
  properties: {
    title: { type: 'string' },
    rated_name: { type: 'string' },
    count: { type: 'integer' },
    competencies: {
      type: 'array',
      items: {
        type: 'object',
        required: ['block', 'name', 'average', 'self', 'min', 'max', 'positive', 'better'],
        properties: { ...competencySeries, positive: stringArray, better: stringArray },
      },
    },
    forces: stringArray,
    weakness: stringArray,
    final: stringArray,
  },
} as const;

/** A report as a file (the PDF of a view's report). */
export const pdfFileSchema = { description: 'O relatório em PDF (application/pdf)', type: 'string', format: 'binary' } as const;

export type InterviewConsolidated = FromSchema<typeof interviewConsolidatedSchema>;
export type InterviewPrint = FromSchema<typeof interviewPrintSchema>;
export type EvaluatorsQuery = FromSchema<typeof evaluatorsQuery>;
