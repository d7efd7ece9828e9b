import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { companies, cycles, positions, sectors, users } from './schema.ts';

/*
 * The psychosocial risk programme under NR-1 (issue 27): the company's risk matrix and the severities
 * the consultant set (migration 0014), the published inventories (0015), the action plan's measures,
 * their owners' reminders and the review's triggers (0016), the exposure groups staff define (0017).
 */

/** A company's own risk matrix (migration 0014, issue 27); a company without one rates by `definitions/riskMatrix.json`. */
export const riskMatrices = pgTable('risk_matrices', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  /** A `RiskMatrix` (engine/definition/riskTypes.ts), validated before it is stored. */
  matrix: jsonb('matrix').notNull(),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The severity (1 = the matrix's lowest step) a consultant set for a questionnaire's risk factor at a company, and why. */
export const riskSeverities = pgTable(
  'risk_severities',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    typeEvaluation: integer('type_evaluation').notNull(),
    /** The factor's id in the questionnaire's `risk.factors`. */
    factor: text('factor').notNull(),
    severity: integer('severity').notNull(),
    reason: text('reason').notNull(),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: 'risk_severities_pk', columns: [table.companyId, table.typeEvaluation, table.factor] })],
);

/**
 * A published psychosocial risk inventory (NR-1, migration 0015): one immutable, dated version of a
 * company's inventory for a questionnaire (and optionally a round). `content` (an `InventoryContent`,
 * apps/server/src/contract/riskInventories.ts) is frozen at publication and holds aggregates only. A
 * trigger refuses UPDATE, DELETE and TRUNCATE: a change is a new version.
 */
export const riskInventories = pgTable(
  'risk_inventories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    typeEvaluation: integer('type_evaluation').notNull(),
    cycleId: integer('cycle_id').references(() => cycles.id),
    version: integer('version').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    publishedBy: integer('published_by').references(() => users.id),
    responsibleName: text('responsible_name').notNull(),
    responsibleRegistration: text('responsible_registration').notNull(),
    /** `YYYY-MM-DD`. */
    presentedOn: date('presented_on'),
    presentedHow: text('presented_how'),
    /** `YYYY-MM-DD`: the published day (app time zone) plus two years (NR-1 1.5.4.4.6). */
    reviewDue: date('review_due').notNull(),
    content: jsonb('content').notNull(),
  },
  (table) => [unique('risk_inventories_version_uq').on(table.companyId, table.typeEvaluation, table.version)],
);

/**
 * A measure of a company's action plan (migration 0016) against a risk factor of a questionnaire, for
 * the whole company (`groupKind` 'whole') or an exposure group (a sector's or a position's id): what,
 * who (`ownerId`, an account with an e-mail), by when, its status and how and when its effectiveness is
 * checked. `cycleId` is the round whose level it answers (the level before). Never deleted: cancelled.
 */
export const riskMeasures = pgTable(
  'risk_measures',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    typeEvaluation: integer('type_evaluation').notNull(),
    /** The factor's id in the questionnaire's `risk.factors`. */
    factor: text('factor').notNull(),
    /** 'whole', 'sector', 'position' or 'exposure'. */
    groupKind: text('group_kind').notNull().default('whole'),
    /** The sector's, position's or exposure group's id; null for the whole company. */
    groupId: integer('group_id'),
    cycleId: integer('cycle_id').references(() => cycles.id),
    description: text('description').notNull(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    /** `YYYY-MM-DD`. */
    dueOn: date('due_on').notNull(),
    /** 'planejada', 'em_andamento', 'concluida' or 'cancelada'. */
    status: text('status').notNull().default('planejada'),
    effectivenessCheck: text('effectiveness_check').notNull(),
    /** `YYYY-MM-DD`: when the effectiveness is checked. */
    effectivenessOn: date('effectiveness_on').notNull(),
    /** 'eficaz' or 'ineficaz' once checked; null before. */
    effectivenessResult: text('effectiveness_result'),
    effectivenessNote: text('effectiveness_note'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('risk_measures_company_idx').on(table.companyId, table.typeEvaluation)],
);

/** Reminder n of a measure's deadline to its owner, claimed before it is sent (`sentAt` null until it went out). */
export const riskMeasureReminders = pgTable(
  'risk_measure_reminders',
  {
    measureId: integer('measure_id')
      .notNull()
      .references(() => riskMeasures.id),
    /** The deadline the reminder was for (a moved deadline has reminders of its own). */
    dueOn: date('due_on').notNull(),
    n: integer('n').notNull(),
    plannedAt: timestamp('planned_at', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ name: 'risk_measure_reminders_pk', columns: [table.measureId, table.dueOn, table.n] })],
);

/**
 * Something that makes the risk assessment due before its two years (NR-1 1.5.4.4.6, migration 0016):
 * `kind` 'organizacao' (a change in work organisation), 'acidente_doenca' (an accident or work-related
 * illness) or 'medida_ineficaz' (a measure found ineffective, `measureId`), the day it happened and the
 * day the review is due by. The next publication of the inventory answers every trigger recorded before it.
 */
export const riskReviewTriggers = pgTable(
  'risk_review_triggers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    typeEvaluation: integer('type_evaluation').notNull(),
    kind: text('kind').notNull(),
    /** `YYYY-MM-DD`. */
    occurredOn: date('occurred_on').notNull(),
    /** `YYYY-MM-DD`. */
    reviewBy: date('review_by').notNull(),
    description: text('description').notNull(),
    measureId: integer('measure_id').references(() => riskMeasures.id),
    recordedBy: integer('recorded_by').references(() => users.id),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('risk_review_triggers_company_idx').on(table.companyId, table.typeEvaluation)],
);

/**
 * An exposure group of a company (migration 0017): workers the staff group from the registry's sectors
 * and positions. A person is in it when their sector is one of its sectors and their position one of
 * its positions (an empty list does not narrow).
 */
export const exposureGroups = pgTable('exposure_groups', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  name: text('name').notNull(),
  /** The activities and processes the group shares. */
  description: text('description'),
  createdBy: integer('created_by').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The sectors of an exposure group. */
export const exposureGroupSectors = pgTable(
  'exposure_group_sectors',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => exposureGroups.id, { onDelete: 'cascade' }),
    sectorId: integer('sector_id')
      .notNull()
      .references(() => sectors.id),
  },
  (table) => [primaryKey({ name: 'exposure_group_sectors_pk', columns: [table.groupId, table.sectorId] })],
);

/** The positions of an exposure group. */
export const exposureGroupPositions = pgTable(
  'exposure_group_positions',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => exposureGroups.id, { onDelete: 'cascade' }),
    positionId: integer('position_id')
      .notNull()
      .references(() => positions.id),
  },
  (table) => [primaryKey({ name: 'exposure_group_positions_pk', columns: [table.groupId, table.positionId] })],
);
