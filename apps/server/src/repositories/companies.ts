import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companies } from '../db/schema.ts';

/** A company as the API lists it. */
export interface CompanyRow {
  id: number;
  commercialName: string;
  companyName: string;
  cnpj: string | null;
  phone: string | null;
  status: boolean;
  /** Automatic reminder policy (all three null: off). */
  reminderDaysBefore: number | null;
  reminderMax: number | null;
  reminderMinGapDays: number | null;
  /** The fewest respondents an anonymous group view shows. */
  anonymityMin: number;
  /** Participants without activity for this many months are erased by the daily retention job; null keeps them. */
  retentionMonths: number | null;
  /** Kept out of the norm (the benchmark of the consultancy's clients). */
  normExcluded: boolean;
}

/** A company's automatic reminder policy as stored: all three set, or all null (off). */
export interface ReminderPolicyFields {
  reminderDaysBefore: number | null;
  reminderMax: number | null;
  reminderMinGapDays: number | null;
}

/** The editable fields of a company (the reminder policy only when the call sent it). */
export interface CompanyFields extends Partial<ReminderPolicyFields> {
  commercialName: string;
  companyName: string;
  cnpj: string;
  phone: string | null;
  status?: boolean;
  /** The anonymity minimum, only when the call sent it. */
  anonymityMin?: number;
  /** The retention in months (null: keep forever), only when the call sent it. */
  retentionMonths?: number | null;
  /** Kept out of the norm, only when the call sent it. */
  normExcluded?: boolean;
}

/** Active companies sorted by commercial name; only `companyId` when given. */
export async function listActiveCompanies(db: Db, companyId?: number): Promise<CompanyRow[]> {
  const active = eq(companies.status, true);
  return db
    .select()
    .from(companies)
    .where(companyId === undefined ? active : and(active, eq(companies.id, companyId)))
    .orderBy(asc(companies.commercialName), asc(companies.id));
}

/** The company with this id, or null. */
export async function findCompany(db: Db, id: number): Promise<CompanyRow | null> {
  const rows = await db.select().from(companies).where(eq(companies.id, id));
  return rows[0] ?? null;
}

/** Inserts a company and returns it. */
export async function insertCompany(db: Db, fields: CompanyFields): Promise<CompanyRow> {
  const [row] = await db.insert(companies).values(fields).returning();
  return row!;
}

/** Updates a company; null when it does not exist. */
export async function updateCompany(db: Db, id: number, fields: CompanyFields): Promise<CompanyRow | null> {
  const rows = await db.update(companies).set(fields).where(eq(companies.id, id)).returning();
  return rows[0] ?? null;
}

/**
 * Whether an active company other than `exceptId` has this CNPJ/CPF, compared by digits (the API
 * stores digits, older rows may be formatted). The unique index `companies_active_cnpj_uq` holds the
 * same rule against concurrent writes.
 */
export async function documentInUse(db: Db, digits: string, exceptId?: number): Promise<boolean> {
  const conditions: SQL[] = [eq(companies.status, true), sql`regexp_replace(${companies.cnpj}, '[^0-9]', '', 'g') = ${digits}`];
  if (exceptId !== undefined) conditions.push(ne(companies.id, exceptId));
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(...conditions))
    .limit(1);
  return rows.length > 0;
}
