import { sql, type SQL } from 'drizzle-orm';
import type { DashboardFilters } from '../../../../../engine/definition/dashboard.ts';
import { ALL_CHOICE, type FilterField } from '../../../../../engine/filters.ts';
import { format, messages } from '../../../../../engine/messages.ts';
import { formatDateBR } from '../../../../../engine/rules/dates.ts';
import type { Db } from '../../db/client.ts';
import { findCompany } from '../companies.ts';
import { findCourse } from '../courses.ts';
import { findCycle } from '../cycles.ts';
import { findSector } from '../sectors.ts';
import { findUser } from '../users.ts';
import { filterConditions, typeList } from './scope.ts';
import { rows as select } from '../../db/rows.ts';

/*
 * What each filter of the vocabulary (`engine/filters.ts`) asks the database besides narrowing the
 * evaluations (`scope.ts`): whose a chosen id is (the company it belongs to, for the checks), and the
 * choices it offers under the higher filters. A new filter adds its entry here (TypeScript asks for it).
 */

/** Whose a round is: its company's. */
async function cycleOwner(db: Db, id: number | string) {
  const found = await findCycle(db, Number(id));
  return found ? { company: found.companyId } : undefined;
}

/** One choice of a filter. */
export interface FilterChoice {
  value: number | string;
  label: string;
}

/** What a filter's choices are asked under. */
export interface ChoiceAsk {
  /** The company a company user is kept to; undefined for staff. */
  own: number | undefined;
  /** The checked filters. */
  filters: DashboardFilters;
  /** Only the higher filters of the asked one (its choices are narrowed by them alone). */
  higher: DashboardFilters;
  /** The evaluation types the view reads. */
  types: number[];
  /** The types of the evaluations the view's alignment compares with (the manager's side). */
  alignWith: number[];
  /** The app's time zone (APP_TIMEZONE): the dates in the choices' labels are its days. */
  timeZone: string;
  /** The people of pending evaluations are offered too (the view's `pending`). */
  pending?: boolean;
}

/** How a filter's chosen id is checked and what it offers. */
interface FilterScope {
  /**
   * The company the chosen id belongs to (null: none), or undefined when there is no such id. `types`:
   * only among evaluations of these types (the alignment's). Absent: the value is not checked (a round).
   */
  owner?: (db: Db, id: number | string, types?: number[]) => Promise<{ company: number | null } | undefined>;
  /** The catalogue's message when the id is not found or belongs to another company. */
  notFound?: keyof typeof messages.api;
  /** The choices under the higher filters. */
  choices: (db: Db, ask: ChoiceAsk) => Promise<FilterChoice[]>;
}

/** The higher filters' conditions, each after an "and". */
const narrowedBy = (higher: DashboardFilters): SQL => sql.join(filterConditions(higher).map((condition) => sql` and ${condition}`), sql``);

/** The people of the done evaluations (or any, for a view of `pending` ones) of the view's types under the higher filters: respondents or rated people. */
async function peopleChoices(db: Db, ask: ChoiceAsk, person: SQL): Promise<FilterChoice[]> {
  const rows = await select<{ id: number; name: string }>(
    db,
    sql`select distinct u.id, u.name from evaluations join users u on u.id = ${person}
          where ${ask.pending ? sql`` : sql`evaluations.done = true and `}evaluations.type_evaluation in (${typeList(ask.types)})${narrowedBy(ask.higher)}
          order by u.name, u.id`,
  );
  return rows.map((row) => ({ value: Number(row.id), label: row.name }));
}

const userOwner = async (db: Db, id: number | string) => {
  const found = await findUser(db, Number(id));
  return found ? { company: found.companyId } : undefined;
};

export const FILTER_SCOPE: Record<FilterField, FilterScope> = {
  company: {
    owner: async (db, id) => ((await findCompany(db, Number(id))) ? { company: Number(id) } : undefined),
    notFound: 'companyNotFound',
    choices: async (db, { own }) => {
      const rows = await select<{ id: number; commercial_name: string }>(
        db,
        own === undefined ? sql`select id, commercial_name from companies order by commercial_name, id` : sql`select id, commercial_name from companies where id = ${own}`,
      );
      const companies = rows.map((row) => ({ value: Number(row.id), label: row.commercial_name }));
      // Staff first choose explicitly whether to pool every client company.
      return own === undefined ? [{ value: ALL_CHOICE, label: messages.dashboard.allCompanies }, ...companies] : companies;
    },
  },
  course: {
    owner: async (db, id) => ((await findCourse(db, Number(id))) ? { company: null } : undefined),
    notFound: 'courseNotFound',
    choices: async (db, { own }) => {
      if (own !== undefined) return [];
      const rows = await select<{ id: number; name: string }>(db, sql`select id, name from courses order by name, id`);
      return rows.map((row) => ({ value: Number(row.id), label: row.name }));
    },
  },
  cycle: {
    owner: cycleOwner,
    notFound: 'cycleNotFound',
    // The company's (or course's) rounds holding answers of the view's types, newest first (the view
    // starts on the first), then 'Todos os ciclos'.
    choices: async (db, ask) => {
      const { filters } = ask;
      if (filters.company_id === undefined && filters.course_id === undefined) return [];
      const owner = filters.course_id !== undefined ? sql`c.course_id = ${filters.course_id}` : sql`c.company_id = ${filters.company_id}`;
      const rows = await select<{ id: number; name: string }>(
        db,
        sql`select c.id, c.name from cycles c where ${owner}
          and exists (select 1 from evaluations where evaluations.cycle_id = c.id and evaluations.type_evaluation in (${typeList(ask.types)})${ask.pending ? sql`` : sql` and evaluations.done = true`})
          order by c.opens_on desc, c.id desc`,
      );
      const cycles = rows.map((row) => ({ value: Number(row.id), label: row.name }));
      return cycles.length === 0 ? [] : [...cycles, { value: ALL_CHOICE, label: messages.dashboard.allCycles }];
    },
  },
  compare: {
    owner: cycleOwner,
    notFound: 'cycleNotFound',
    // The rounds of the same company or course holding answers of the view's types that opened before
    // the chosen one, newest first: what the chosen round may be compared with.
    choices: async (db, ask) => {
      const chosen = ask.filters.cycle_id === undefined ? undefined : await findCycle(db, ask.filters.cycle_id);
      if (!chosen) return [];
      const owner = chosen.courseId !== null ? sql`c.course_id = ${chosen.courseId}` : sql`c.company_id = ${chosen.companyId}`;
      const rows = await select<{ id: number; name: string }>(
        db,
        sql`select c.id, c.name from cycles c where ${owner} and c.id <> ${chosen.id}
          and (c.opens_on, c.id) < (${chosen.opensOn}::date, ${chosen.id})
          and exists (select 1 from evaluations where evaluations.cycle_id = c.id and evaluations.type_evaluation in (${typeList(ask.types)}) and evaluations.done = true)
          order by c.opens_on desc, c.id desc`,
      );
      return rows.map((row) => ({ value: Number(row.id), label: row.name }));
    },
  },
  sector: {
    owner: async (db, id) => {
      const found = await findSector(db, Number(id));
      return found ? { company: found.companyId } : undefined;
    },
    notFound: 'sectorNotFound',
    choices: async (db, { filters }) => {
      if (filters.company_id === undefined) return [];
      const rows = await select<{ id: number; sector_name: string }>(db, sql`select id, sector_name from sectors where company_id = ${filters.company_id} order by sector_name, id`);
      return rows.map((row) => ({ value: Number(row.id), label: row.sector_name }));
    },
  },
  colleague: { owner: userOwner, notFound: 'personNotFound', choices: (db, ask) => peopleChoices(db, ask, sql`evaluations.user_id`) },
  evaluated: { owner: userOwner, notFound: 'personNotFound', choices: (db, ask) => peopleChoices(db, ask, sql`coalesce(evaluations.rated, evaluations.user_id)`) },
  evaluator: {
    owner: userOwner,
    notFound: 'personNotFound',
    // Everyone asked to evaluate the chosen person, answered or not (the table shows each one's status).
    choices: async (db, ask) => {
      if (ask.filters.evaluated_id === undefined) return [];
      const rows = await select<{ id: number; name: string; self: boolean }>(
        db,
        sql`select distinct u.id, u.name, (u.id = ${ask.filters.evaluated_id}) as self from evaluations join users u on u.id = evaluations.user_id
          where evaluations.type_evaluation in (${typeList(ask.types)})${narrowedBy(ask.higher)}
          order by u.name, u.id`,
      );
      return rows.map((row) => ({ value: Number(row.id), label: row.self ? format(messages.dashboard.evaluatorSelf, { name: row.name }) : row.name }));
    },
  },
  version: {
    choices: async (db, ask) => {
      if (ask.filters.evaluated_id === undefined) return [];
      const rows = await select<{ version: number; created_at: string | Date }>(
        db,
        sql`select evaluations.version, min(evaluations.created_at) as created_at from evaluations
          where evaluations.done = true and evaluations.version is not null and evaluations.type_evaluation in (${typeList(ask.types)})${narrowedBy(ask.higher)}
          group by evaluations.version order by evaluations.version`,
      );
      return rows.map((row) => ({ value: Number(row.version), label: format(messages.dashboard.versionOption, { date: formatDateBR(new Date(row.created_at), ask.timeZone), version: Number(row.version) }) }));
    },
  },
  alignment: {
    owner: async (db, id, types) => {
      const restricted = types === undefined ? sql`` : sql` and done = true and type_evaluation in (${typeList(types)})`;
      const [found] = await select<{ company_id: number | null }>(db, sql`select company_id from evaluations where id::text = ${String(id)}${restricted}`);
      return found ? { company: found.company_id === null ? null : Number(found.company_id) } : undefined;
    },
    notFound: 'alignmentNotFound',
    choices: async (db, { filters, alignWith, timeZone }) => {
      if (alignWith.length === 0) return [];
      const company = filters.company_id;
      const companyCondition = company === undefined ? sql`` : sql` and evaluations.company_id = ${company}`;
      const rows = await select<{ id: string; name: string; created_at: string | Date; type: number }>(
        db,
        sql`select evaluations.id, u.name, evaluations.created_at, evaluations.type_evaluation as type from evaluations join users u on u.id = evaluations.user_id
          where evaluations.done = true and evaluations.type_evaluation in (${typeList(alignWith)})${companyCondition}
          ${filters.colleague_id === undefined ? sql`` : sql` and evaluations.user_id <> ${filters.colleague_id}`}
          order by evaluations.created_at desc, evaluations.id`,
      );
      return rows.map((row) => ({ value: String(row.id), label: `${row.name} (${formatDateBR(new Date(row.created_at), timeZone)})` }));
    },
  },
};
