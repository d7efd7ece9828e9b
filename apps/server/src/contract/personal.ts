/**
 * The public calls of a person's own pages (`/tableresponse/answered/{key}`, `/users/{key}`): no
 * sign-in, the personal key in the address names the person. Schemas and their types.
 */
import type { FromSchema } from 'json-schema-to-ts';

export const personalKeyParamsSchema = {
  type: 'object',
  required: ['userKey'],
  properties: { userKey: { type: 'string', maxLength: 64, description: 'Chave pessoal (UUID) recebida por e-mail' } },
} as const;

/** One evaluation of the person's list. */
export const answeredEvaluationSchema = {
  type: 'object',
  required: ['evaluation_id', 'type', 'name', 'expire_at', 'done', 'created_at', 'expired', 'link', 'report'],
  additionalProperties: false,
  properties: {
    evaluation_id: { type: 'string' },
    type: { type: 'integer', description: 'Tipo da avaliação' },
    name: { type: 'string', description: 'Nome do tipo de avaliação' },
    expire_at: { type: ['string', 'null'], description: 'Fim do dia de vencimento (null: não vence)' },
    done: { type: 'boolean' },
    created_at: { type: 'string', description: 'Data de envio' },
    expired: { type: 'boolean', description: 'Pendente e vencida (fim do dia de vencimento no fuso da aplicação)' },
    link: { type: ['string', 'null'], description: 'Caminho do questionário (/{slug}/{id}) de uma avaliação pendente e não vencida' },
    report: { type: 'boolean', description: 'Concluída e com relatório (GET /tableresponse/report/{id}/{type})' },
  },
} as const;

/** One evaluation of the person's list (`GET /tableresponse/answered/{key}`). */
export type AnsweredEvaluation = FromSchema<typeof answeredEvaluationSchema>;

export const answeredListSchema = { type: 'array', items: answeredEvaluationSchema } as const;

/** The person behind a key (`GET /users/{key}`). */
export const personalProfileSchema = {
  type: 'object',
  required: ['name', 'company_name'],
  additionalProperties: false,
  properties: { name: { type: 'string' }, company_name: { type: ['string', 'null'] } },
} as const;

export type PersonalProfile = FromSchema<typeof personalProfileSchema>;
