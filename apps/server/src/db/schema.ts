import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Key/value facts about the installation (seed done, generated JWT secret). */
export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const companies = pgTable(
  'companies',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    commercialName: text('commercial_name').notNull(),
    companyName: text('company_name').notNull(),
    cnpj: text('cnpj'),
    phone: text('phone'),
    /** false: deactivated (soft-deleted), hidden from the lists. */
    status: boolean('status').notNull().default(true),
    /**
     * Automatic reminder policy (migration 0006): remind pending respondents `reminderDaysBefore` days
     * before expiry, at most `reminderMax` times, at least `reminderMinGapDays` days apart. All three
     * null: no automatic reminders (a check constraint keeps them all set or all null).
     */
    reminderDaysBefore: integer('reminder_days_before'),
    reminderMax: integer('reminder_max'),
    reminderMinGapDays: integer('reminder_min_gap_days'),
    /** The fewest respondents an anonymous group view shows (migration 0008; 2 to 100, default 3). */
    anonymityMin: integer('anonymity_min').notNull().default(3),
    /**
     * Retention (migration 0009): participants of the company with no activity for this many months
     * (1 to 120) are erased by the daily retention job; null keeps them.
     */
    retentionMonths: integer('retention_months'),
    /** Kept out of the norm, the benchmark of the consultancy's clients (migration 0013). */
    normExcluded: boolean('norm_excluded').notNull().default(false),
  },
  (table) => [
    // Two active companies never share a CNPJ/CPF (digits compared); a deactivated one frees it.
    // Migration 0003 creates it only when the existing rows allow it (see the migration).
    uniqueIndex('companies_active_cnpj_uq')
      .on(sql`regexp_replace(${table.cnpj}, '[^0-9]', '', 'g')`)
      .where(sql`${table.status} AND ${table.cnpj} IS NOT NULL AND ${table.cnpj} <> ''`),
  ],
);

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
    /**
     * Carried in the sign-in token (`sv`); raised when the password changes or the user is
     * deactivated, which ends every token issued before.
     */
    sessionVersion: integer('session_version').notNull().default(0),
    /**
     * The person's own unguessable key for the public pages of their evaluations and reports
     * (`/evaluations/{key}`, `/scanner/{key}`, `/printevaluation/{key}`), sent in their e-mails.
     */
    personalKey: uuid('personal_key').notNull().unique().default(sql`gen_random_uuid()`),
    /**
     * When the person's data was erased (LGPD, migration 0009): name, e-mail and phone replaced, the
     * account closed; the row stays so the numeric answers keep counting anonymously. Null otherwise.
     */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
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
    usercourseId: integer('usercourse_id').references(() => userCourses.id),
    /** The round (cycle) the evaluation belongs to (migration 0012); null only for one with neither a company nor a course. */
    cycleId: integer('cycle_id').references(() => cycles.id),
    /**
     * The evaluator's company, copied on insert by the trigger `evaluations_company_id` (migration
     * 0002) so the data-management listing pages by company through one index.
     */
    companyId: integer('company_id').references(() => companies.id),
    /**
     * The version of the questionnaire the evaluation was created with ("2.1"), and the SHA-256 of that
     * version's content: copied on insert from the current row of `definition_versions` by the trigger
     * `evaluations_definition_version` (migration 0005). The link opens, validates and scores with it.
     */
    definitionVersion: text('definition_version'),
    definitionHash: text('definition_hash'),
  },
  (table) => [
    index('evaluations_user_created_idx').on(table.userId, table.createdAt),
    index('evaluations_company_created_idx').on(table.companyId, table.createdAt, table.id),
    index('evaluations_company_type_created_idx').on(table.companyId, table.typeEvaluation, table.createdAt),
    index('evaluations_rated_idx').on(table.rated),
    index('evaluations_type_done_idx').on(table.typeEvaluation, table.done),
    index('evaluations_cycle_idx').on(table.cycleId),
  ],
);

/**
 * The answers of an evaluation, one row per wire pair (`question`, `response`), in the order sent.
 * A 360 interview (type 11, saved by staff again and again) keeps its answers here too (migration
 * 0011 moved them from the old `interviews` table); every save replaces all its rows in one
 * transaction, so their `created_at` is the time of the last save. Its rows: one `status` row (the
 * status key, '' when the save sent none: a saved interview always has this row), one `date` row per
 * attendance date and one `show` row per item of the 'show' list (the spec's attendees; the form sends
 * the dates ticked as attended), in the order sent (read back by `id`), and one row per answer under
 * its question id as the spec's wire keys ('3.grade' → '7.5' with a dot, '3.positive', '3.better',
 * '3.reviewed' → 'true'/'false', '11.forces', '12.weakness', '13.final', '14.confidential' →
 * sanitised HTML).
 */
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

/** Training courses (Treinamentos): groups of participants evaluated together. */
export const courses = pgTable('courses', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  /** The company the course belongs to; null for a course across companies (administrators only). */
  companyId: integer('company_id').references(() => companies.id),
  status: boolean('status').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A round of assessments (Ciclo, migration 0012): a named round of one company's evaluations, or of one
 * course's (`companyId` is then the course's company, null for a course across companies), with its
 * questionnaire types, its opening and closing days, the participation target (percent) and when staff
 * closed it (null: open).
 */
export const cycles = pgTable(
  'cycles',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id').references(() => companies.id),
    courseId: integer('course_id').references(() => courses.id),
    name: text('name').notNull(),
    types: integer('types').array().notNull().default(sql`'{}'`),
    opensOn: date('opens_on').notNull(),
    closesOn: date('closes_on'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    target: integer('target').notNull().default(75),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('cycles_company_idx').on(table.companyId), index('cycles_course_idx').on(table.courseId)],
);

/** A participant of a course; evaluations created from a course point here (`usercourse_id`). */
export const userCourses = pgTable(
  'user_courses',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id').notNull().references(() => users.id),
    courseId: integer('course_id').notNull().references(() => courses.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('user_courses_user_course_uq').on(table.userId, table.courseId), index('user_courses_course_id_idx').on(table.courseId)],
);

/** Public registration links: an unguessable token that lets a company fill its own data until it expires. */
export const companyRegistrations = pgTable(
  'company_registrations',
  {
    /** 32 random bytes, base64url. */
    token: text('token').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('company_registrations_company_id_idx').on(table.companyId)],
);

/** E-mails kept in the database when no SMTP server is configured; administrators list them. */
export const outbox = pgTable(
  'outbox',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** Idempotency key of the message (one row per key: a retried job never stores it twice). */
    key: text('key').notNull().unique(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** What the message is about: evaluation, reminder, report… */
    kind: text('kind').notNull(),
    evaluationId: uuid('evaluation_id'),
    companyId: integer('company_id').references(() => companies.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('outbox_created_at_idx').on(table.createdAt)],
);

/** PostgreSQL `bytea` as a Node Buffer (drizzle has no built-in binary column). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Files attached to an outbox message (a report's PDF), in order; an administrator can download them. */
export const outboxAttachments = pgTable(
  'outbox_attachments',
  {
    outboxId: integer('outbox_id')
      .notNull()
      .references(() => outbox.id, { onDelete: 'cascade' }),
    /** 0-based order of the attachment in the message. */
    position: integer('position').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
  },
  (table) => [primaryKey({ columns: [table.outboxId, table.position] })],
);

/**
 * Deliveries through SMTP by idempotency key: `sending` is written (and committed) before the SMTP
 * conversation and `sent` after it, so a retried job skips a message that already left.
 */
export const mailDeliveries = pgTable('mail_deliveries', {
  key: text('key').primaryKey(),
  /** 'sending' or 'sent'. */
  state: text('state').notNull(),
  to: text('to').notNull(),
  messageId: text('message_id'),
  attempts: integer('attempts').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every published version of every questionnaire the server has run (the files of
 * `definitions/versions/`), registered at start: a version's hash can never change once recorded, and
 * the current version of each type is the one new evaluations record.
 */
export const definitionVersions = pgTable(
  'definition_versions',
  {
    typeEvaluation: integer('type_evaluation').notNull(),
    version: text('version').notNull(),
    hash: text('hash').notNull(),
    current: boolean('current').notNull().default(false),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.typeEvaluation, table.version] })],
);

/**
 * Who did what, when, to what and from which address (migration 0007): every staff write, send and
 * export, and every sign-in attempt, inserted in the transaction of the action it records
 * (`recordAudit`, apps/server/src/audit.ts). Append-only: triggers refuse DELETE and TRUNCATE, and every
 * UPDATE except the LGPD erase replacing a person's e-mail in `actor_email` (migration 0009).
 * No foreign keys: the log outlives what it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The signed-in staff member; null for a failed sign-in. */
    actorUserId: integer('actor_user_id'),
    /** The actor's e-mail: as typed for sign-ins, the account's otherwise. */
    actorEmail: text('actor_email'),
    /** The company concerned, when there is one. */
    companyId: integer('company_id'),
    /** Short English key: 'session.signIn', 'user.update', 'evaluation.create'… */
    action: text('action').notNull(),
    /** What was acted on: 'user:42', 'evaluation:{uuid}'. */
    target: text('target'),
    /** Small facts of the action: never passwords, never answer contents. */
    details: jsonb('details'),
    ip: text('ip'),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at, table.id),
    index('audit_log_actor_at_idx').on(table.actorUserId, table.at),
    index('audit_log_company_at_idx').on(table.companyId, table.at),
    index('audit_log_action_at_idx').on(table.action, table.at),
  ],
);

/**
 * Automatic reminders of an evaluation (migration 0006), numbered 1, 2… per evaluation. A row is
 * claimed (inserted) in the transaction that decides the reminder is due, before the e-mail is sent
 * with the key `auto-reminder:{evaluationId}:{n}`; `sent_at` is set once the mailer accepted it. A
 * claim left unsent (a crash, an SMTP failure) is sent again under the same key, never as a new one.
 */
export const remindersSent = pgTable(
  'reminders_sent',
  {
    evaluationId: uuid('evaluation_id')
      .notNull()
      .references(() => evaluations.id, { onDelete: 'cascade' }),
    n: integer('n').notNull(),
    /** The instant the schedule planned (09:00 local of a business day). */
    plannedAt: timestamp('planned_at', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.evaluationId, table.n] })],
);

/**
 * Failed password checks per account (migration 0010, issue 23): one row per e-mail as typed (trimmed,
 * lowercased), whether an account has it or not, shared by every server process. See
 * `apps/server/src/signInThrottle.ts` for the rule.
 */
export const signInThrottle = pgTable(
  'sign_in_throttle',
  {
    email: text('email').primaryKey(),
    /** Failures of the current window (since the last lock, success or quiet quarter of an hour). */
    failures: integer('failures').notNull().default(0),
    /** When the current window's first failure happened; null right after a lock. */
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
    /** Locks since the last success or quiet day: the next lock lasts 30 s × 2^locks, at most 15 min. */
    locks: integer('locks').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (table) => [index('sign_in_throttle_last_failure_idx').on(table.lastFailureAt)],
);
