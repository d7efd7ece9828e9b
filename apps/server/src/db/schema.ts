import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Key/value facts about the installation (seed done, generated JWT secret). */
export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const companies = pgTable('companies', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  commercialName: text('commercial_name').notNull(),
  companyName: text('company_name').notNull(),
  cnpj: text('cnpj'),
  phone: text('phone'),
  status: boolean('status').notNull().default(true),
});

export const sectors = pgTable(
  'sectors',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    sectorName: text('sector_name').notNull(),
  },
  (table) => [index('sectors_company_id_idx').on(table.companyId)],
);

export const positions = pgTable(
  'positions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    positionName: text('position_name').notNull(),
  },
  (table) => [index('positions_company_id_idx').on(table.companyId)],
);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    /** Stored lower-case; unique. */
    email: text('email').notNull().unique(),
    phone: text('phone'),
    /** argon2id hash; null for participants (type 3), who never sign in. */
    passwordHash: text('password_hash'),
    /** 1 administrator, 2 company user, 3 participant. */
    typeAccount: smallint('type_account').notNull(),
    companyId: integer('company_id').references(() => companies.id),
    status: boolean('status').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('users_company_id_idx').on(table.companyId)],
);

export const userSectors = pgTable(
  'user_sectors',
  {
    userId: integer('user_id').notNull().references(() => users.id),
    sectorId: integer('sector_id').notNull().references(() => sectors.id),
  },
  (table) => [primaryKey({ columns: [table.userId, table.sectorId] }), index('user_sectors_sector_id_idx').on(table.sectorId)],
);

export const userPositions = pgTable(
  'user_positions',
  {
    userId: integer('user_id').notNull().references(() => users.id),
    positionId: integer('position_id').notNull().references(() => positions.id),
  },
  (table) => [primaryKey({ columns: [table.userId, table.positionId] }), index('user_positions_position_id_idx').on(table.positionId)],
);

export const evaluations = pgTable(
  'evaluations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** The evaluator: who answers through the link. */
    userId: integer('user_id').notNull().references(() => users.id),
    /** The evaluated user (the evaluator for self-report questionnaires). */
    rated: integer('rated').references(() => users.id),
    ratedSector: integer('rated_sector').references(() => sectors.id),
    typeEvaluation: integer('type_evaluation').notNull(),
    version: integer('version'),
    done: boolean('done').notNull().default(false),
    /** End of the expiry day in the app time zone; null never expires. */
    expireAt: timestamp('expire_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usercourseId: integer('usercourse_id'),
  },
  (table) => [
    index('evaluations_user_id_idx').on(table.userId),
    index('evaluations_rated_idx').on(table.rated),
    index('evaluations_type_done_idx').on(table.typeEvaluation, table.done),
  ],
);

export const responses = pgTable(
  'responses',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    evaluationId: uuid('evaluation_id').notNull().references(() => evaluations.id),
    question: text('question').notNull(),
    response: text('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('responses_evaluation_id_idx').on(table.evaluationId)],
);
