/** The company calls (`GET`/`POST`/`PATCH /api/companies`): schemas and the types derived from them. */
import type { FromSchema } from 'json-schema-to-ts';
import { idSchema } from './common.ts';

/** A company as the calls answer it (CNPJ/CPF and phone stored as digits). */
export const companySchema = {
  type: 'object',
  required: ['id', 'commercial_name', 'company_name', 'cnpj', 'phone', 'status'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    commercial_name: { type: 'string' },
    company_name: { type: 'string' },
    cnpj: { type: ['string', 'null'] },
    phone: { type: ['string', 'null'] },
    status: { type: 'boolean' },
    /** Automatic reminder policy (all three null: off). */
    reminder_days_before: { type: ['integer', 'null'] },
    reminder_max: { type: ['integer', 'null'] },
    reminder_min_gap_days: { type: ['integer', 'null'] },
    /** The fewest respondents an anonymous group view shows (default 3). */
    anonymity_min: { type: 'integer' },
    /** Retention: participants without activity for this many months are erased daily (null: kept). */
    retention_months: { type: ['integer', 'null'] },
    /** Kept out of the norm, the benchmark of the consultancy's clients (default false). */
    norm_excluded: { type: 'boolean' },
  },
} as const;

/** A company as `GET /api/companies` lists it. */
export type Company = FromSchema<typeof companySchema>;

export const companyListSchema = { type: 'array', items: companySchema } as const;

/** The company form's fields: emptiness is checked in code so the form's own messages reach the client. */
const formProperties = {
  commercial_name: { type: 'string', maxLength: 200 },
  company_name: { type: 'string', maxLength: 200 },
  cnpj: { type: 'string', maxLength: 40 },
  phone: { type: ['string', 'null'], maxLength: 40 },
  status: { type: 'boolean' },
  reminder_days_before: { type: ['number', 'null'], description: 'Lembretes automáticos: dias antes do vencimento (1 a 365); null desliga' },
  reminder_max: { type: ['number', 'null'], description: 'Lembretes automáticos: no máximo quantos por avaliação (1 a 30); null desliga' },
  reminder_min_gap_days: { type: ['number', 'null'], description: 'Lembretes automáticos: dias mínimos entre dois lembretes (1 a 365); null desliga' },
  anonymity_min: { type: 'number', description: 'Anonimato: o menor número de respondentes que um grupo anônimo mostra (2 a 100; padrão 3)' },
  norm_excluded: { type: 'boolean', description: 'Fora da norma de comparação: as médias da empresa não entram no referencial das outras empresas (padrão: false)' },
  retention_months: {
    type: ['number', 'null'],
    description: 'Retenção de dados (LGPD): participantes sem atividade há esse número de meses (1 a 120) têm os dados pessoais apagados pela rotina diária; null ou vazio mantém os dados',
  },
} as const;

/** `POST /api/companies`: the company form. */
export const companyCreateSchema = { type: 'object', properties: formProperties, additionalProperties: { not: {} } } as const;

/** The company form as sent; the reminder policy is three numbers (on) or three nulls (off), absent: unchanged. */
export type CompanyForm = FromSchema<typeof companyCreateSchema>;

/** `PATCH /api/companies`: the form and the company's id. */
export const companyUpdateSchema = { type: 'object', required: ['id'], properties: { id: idSchema, ...formProperties }, additionalProperties: { not: {} } } as const;

export type CompanyUpdate = FromSchema<typeof companyUpdateSchema>;

/** Answer of a company save. */
export const companySavedSchema = {
  type: 'object',
  required: ['message', 'company'],
  additionalProperties: false,
  properties: { message: { type: 'string' }, company: companySchema },
} as const;

export type CompanySaved = FromSchema<typeof companySavedSchema>;
