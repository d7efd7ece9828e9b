/**
 * The published psychosocial risk inventory (`/risk/{companyId}/inventories`, `/risk/inventories/{id}`,
 * issue 27, NR-1 1.5.7.3.2): what staff send to preview or publish one, its frozen content (aggregates
 * only: shares, levels, counts of workers and staff texts, never a person's answers or names), the
 * stored versions. Schemas and their types.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { idSchema, nullableIdSchema } from './common.ts';
import { riskMatrixSchema } from './risk.ts';

const textSchema = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const nullableNumber = { type: ['number', 'null'] } as const;

/** A staff text per key (a factor's id, a sector's name or id): at most 200 keys of 2000 characters. */
const textsByKey = { type: 'object', maxProperties: 200, propertyNames: { maxLength: 200 }, additionalProperties: { type: 'string', maxLength: 2000 } } as const;

/**
 * `POST /risk/{companyId}/inventories` and `.../preview`: the questionnaire (and round) inventoried,
 * the responsible professional, when and how the results were presented to the workers, and the
 * staff's texts: the NR-17 reference, per factor the measures in place and the sources, per exposure
 * group (its sector's or position's name or id) the processes and environments and the activities.
 */
export const inventoryBodySchema = {
  type: 'object',
  required: ['type', 'responsible_name', 'responsible_registration'],
  additionalProperties: { not: {} },
  properties: {
    type: { type: 'integer', minimum: -1000, maximum: 1000 },
    cycle_id: nullableIdSchema,
    /** The exposure groups besides the whole company: the respondents' sectors (default), positions, or the groups staff defined from them. */
    group_by: { type: 'string', enum: ['sector', 'position', 'exposure'] },
    responsible_name: { type: 'string', maxLength: 200 },
    responsible_registration: { type: 'string', maxLength: 200 },
    /** `YYYY-MM-DD`. */
    presented_on: { anyOf: [{ type: 'string', maxLength: 10 }, { type: 'null' }] },
    presented_how: { anyOf: [{ type: 'string', maxLength: 1000 }, { type: 'null' }] },
    ergonomics: { anyOf: [{ type: 'string', maxLength: 2000 }, { type: 'null' }] },
    measures: textsByKey,
    sources: textsByKey,
    processes: textsByKey,
    activities: textsByKey,
  },
} as const;

export type InventoryBody = FromSchema<typeof inventoryBodySchema>;

/**
 * One line of the inventory: an exposure group (a sector, or the whole company) and a factor. A group
 * hidden for anonymity (`withheld`) has one line with its name, its exposed workers and the reason,
 * every factor field null.
 */
export const inventoryEntrySchema = {
  type: 'object',
  required: [
    'group',
    'group_id',
    'whole',
    'processes',
    'activities',
    'exposed',
    'withheld',
    'factor',
    'factor_label',
    'hazard',
    'sources',
    'harms',
    'measures',
    'share',
    'respondents',
    'probability_label',
    'probability_criterion',
    'severity_label',
    'severity_criterion',
    'severity_reason',
    'level_label',
    'level_color',
    'level_action',
  ],
  additionalProperties: false,
  properties: {
    group: textSchema,
    /** The sector's, position's or exposure group's id; null for the whole company. */
    group_id: { type: ['integer', 'null'] },
    /** 'whole', 'sector', 'position' or 'exposure' (a group staff defined; absent in versions published before groups by position: 'sector' or 'whole'). */
    group_kind: { type: 'string', enum: ['whole', 'sector', 'position', 'exposure'] },
    whole: { type: 'boolean' },
    processes: textSchema,
    activities: textSchema,
    /** Active participants of the company (in the sector or position) in the registry at publication. */
    exposed: { type: 'integer' },
    /** Why the group's results are hidden (anonymity); null when shown. */
    withheld: nullableText,
    factor: nullableText,
    factor_label: nullableText,
    hazard: nullableText,
    sources: nullableText,
    harms: nullableText,
    measures: nullableText,
    /** Unfavourable answers, 0–100. */
    share: nullableNumber,
    respondents: { type: ['integer', 'null'] },
    probability_label: nullableText,
    probability_criterion: nullableText,
    severity_label: nullableText,
    severity_criterion: nullableText,
    severity_reason: nullableText,
    level_label: nullableText,
    level_color: nullableText,
    level_action: nullableText,
  },
} as const;

export type InventoryEntry = FromSchema<typeof inventoryEntrySchema>;

/** The inventory's content, frozen at publication. */
export const inventoryContentSchema = {
  type: 'object',
  required: ['company', 'cycle', 'questionnaire', 'participation', 'responsible', 'presented', 'ergonomics', 'matrix', 'criteria', 'entries'],
  additionalProperties: false,
  properties: {
    company: { type: 'object', required: ['name', 'legal_name', 'cnpj'], additionalProperties: false, properties: { name: textSchema, legal_name: textSchema, cnpj: nullableText } },
    cycle: {
      anyOf: [
        { type: 'null' },
        { type: 'object', required: ['id', 'name', 'opens_on', 'closes_on'], additionalProperties: false, properties: { id: { type: 'integer' }, name: textSchema, opens_on: textSchema, closes_on: nullableText } },
      ],
    },
    questionnaire: {
      type: 'object',
      required: ['type', 'title', 'version', 'validated', 'notice'],
      additionalProperties: false,
      properties: {
        type: { type: 'integer' },
        title: textSchema,
        /** The version whose scoring gave the numbers ('1.1'); null when the definition has none. */
        version: nullableText,
        validated: { type: 'boolean' },
        /** 'Instrumento de exemplo, não validado' for an instrument not validated; else null. */
        notice: nullableText,
      },
    },
    participation: {
      type: 'object',
      required: ['invited', 'answered', 'rate'],
      additionalProperties: false,
      properties: { invited: { type: 'integer' }, answered: { type: 'integer' }, rate: { type: 'number' } },
    },
    responsible: { type: 'object', required: ['name', 'registration'], additionalProperties: false, properties: { name: textSchema, registration: textSchema } },
    presented: { type: 'object', required: ['on', 'how'], additionalProperties: false, properties: { on: nullableText, how: nullableText } },
    ergonomics: textSchema,
    /** The risk matrix the levels came from, as stored (the company's own, else the default). */
    matrix: riskMatrixSchema,
    /** The probability steps' criteria (from the questionnaire's bands where the matrix has none). */
    criteria: { type: 'object', required: ['probability'], additionalProperties: false, properties: { probability: { type: 'array', items: textSchema } } },
    entries: { type: 'array', items: inventoryEntrySchema },
  },
} as const;

export type InventoryContent = FromSchema<typeof inventoryContentSchema>;

/** `POST /risk/{companyId}/inventories/preview`: what would be published now (nothing stored). */
export const inventoryPreviewSchema = {
  type: 'object',
  required: ['version', 'review_due', 'content'],
  additionalProperties: false,
  properties: { version: { type: 'integer' }, review_due: textSchema, content: inventoryContentSchema },
} as const;

export type InventoryPreview = FromSchema<typeof inventoryPreviewSchema>;

/** A version in the list. */
export const inventorySummarySchema = {
  type: 'object',
  required: ['id', 'type', 'cycle_id', 'cycle_name', 'version', 'published_at', 'published_by', 'responsible_name', 'review_due'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    type: { type: 'integer' },
    cycle_id: { type: ['integer', 'null'] },
    cycle_name: nullableText,
    version: { type: 'integer' },
    /** ISO instant. */
    published_at: textSchema,
    /** Who published it (null when that account is gone). */
    published_by: nullableText,
    responsible_name: textSchema,
    /** `YYYY-MM-DD`. */
    review_due: textSchema,
  },
} as const;

export type InventorySummary = FromSchema<typeof inventorySummarySchema>;

/** `GET /risk/{companyId}/inventories`: every version, newest first. */
export const inventoryListSchema = { type: 'object', required: ['inventories'], additionalProperties: false, properties: { inventories: { type: 'array', items: inventorySummarySchema } } } as const;

export type InventoryList = FromSchema<typeof inventoryListSchema>;

/** A stored inventory: its version's facts and its frozen content. */
export const inventorySchema = {
  type: 'object',
  required: [...inventorySummarySchema.required, 'company_id', 'responsible_registration', 'presented_on', 'presented_how', 'content'],
  additionalProperties: false,
  properties: {
    ...inventorySummarySchema.properties,
    company_id: { type: 'integer' },
    responsible_registration: textSchema,
    presented_on: nullableText,
    presented_how: nullableText,
    content: inventoryContentSchema,
  },
} as const;

export type Inventory = FromSchema<typeof inventorySchema>;

/** `POST /risk/{companyId}/inventories`: the message and the inventory as stored. */
export const inventoryPublishedSchema = { type: 'object', required: ['message', 'inventory'], additionalProperties: false, properties: { message: textSchema, inventory: inventorySchema } } as const;

export type InventoryPublished = FromSchema<typeof inventoryPublishedSchema>;

/** `/risk/inventories/{id}` (and its `/pdf`, `/xlsx`). */
export const inventoryParamsSchema = { type: 'object', required: ['id'], properties: { id: idSchema } } as const;

/** A file answer (PDF or spreadsheet). */
export const inventoryFileSchema = { description: 'O inventário em PDF (application/pdf) ou .xlsx', type: 'string', format: 'binary' } as const;
