import type { DashboardDefinition, DashboardFilters, Row } from '../../../../../engine/definition/dashboard.ts';
import type { FilterKey } from '../../../../../engine/filters.ts';
import { format, messages } from '../../../../../engine/messages.ts';
import { visibleCompany, visibleUsers } from '../../access.ts';
import type { Db } from '../../db/client.ts';
import type { Definitions } from '../../definitions.ts';
import { HttpError } from '../../errors.ts';
import { renderReport, type ReportDeps, type ReportFile } from '../../reports/reports.ts';
import { computeDatasets } from '../../results/dashboards.ts';
import { checkFilters, filterChoices } from '../../results/filters.ts';
import { dashboardNamed, typesOf } from '../../results/views.ts';
import { isUuid } from '../../schemas/common.ts';
import { inputValue, needsOf, shapeAnswer, text, type CallRequest, type Needs } from './answer.ts';
import type { CallDeclaration, CatalogueMessage, DataCall, FileAnswer, FileCall, IdInput, IdList, Rows } from './language.ts';

/*
 * Running a declared call (`language.ts`): it checks what the request names, computes the declared
 * datasets of the dashboard with `computeDatasets` under the account's checked filters (a company user
 * is kept to its company by `checkFilters`), then builds the answer (`answer.ts`) or the file.
 */

/** What answering a call needs from the app. */
export interface CallEnvironment {
  db: Db;
  definitions: Definitions;
  timeZone: string;
}

/** Most ids one text list ('idTexts') may give. */
const MAX_ID_TEXTS = 500;

/** A catalogue message (its group's), formatted. */
const catalogueText = ({ group, key }: CatalogueMessage, params: Record<string, string | number>): string =>
  format((messages[group] as Record<string, string>)[key as string]!, params);

/** Integers 1 to 2147483647 given as values or comma lists; a 400 naming the first other value. */
function idTexts(values: unknown[], invalid: CatalogueMessage): number[] {
  const ids = values.flatMap((value) => String(value).split(',')).map((part) => part.trim());
  const bad = ids.find((part) => !/^\d{1,10}$/.test(part) || Number(part) < 1 || Number(part) > 2147483647);
  if (bad !== undefined || ids.length > MAX_ID_TEXTS) {
    const value = (bad ?? values.join(',')).slice(0, 40);
    throw new HttpError(400, catalogueText(invalid, { value, detail: value }));
  }
  return [...new Set(ids.map(Number))];
}

const ID_LISTS: Record<IdList, (values: unknown[], invalid: CatalogueMessage) => (string | number)[]> = {
  evaluationIds: (values) => [...new Set(values.map(String).filter(isUuid).map((id) => id.toLowerCase()))],
  ids: (values) => [...new Set(values.map(Number))],
  idTexts,
};

const INVALID_REQUEST: CatalogueMessage = { group: 'api', key: 'invalidRequest' };

/** A request value as a list of ids (a single value is a list of one); undefined when absent. */
function idList(request: CallRequest, { input, as, invalid = INVALID_REQUEST }: IdInput): (string | number)[] | undefined {
  const value = inputValue(request, input);
  return value === undefined || value === null ? undefined : ID_LISTS[as](Array.isArray(value) ? value : [value], invalid);
}

/** Computes datasets of a view under filters already checked; a paged dataset is read whole. */
async function computeAll(env: CallEnvironment, dashboard: DashboardDefinition, filters: DashboardFilters, names: string[]): Promise<Map<string, Row[]>> {
  const totals = new Map<string, number>();
  const computed = await computeDatasets(env.db, env.definitions, dashboard, filters, names, totals, env.timeZone);
  for (const name of names) {
    const total = totals.get(name);
    const rows = computed.get(name);
    for (let page = 1; total !== undefined && rows !== undefined && rows.length < total; page += 1) {
      const more = (await computeDatasets(env.db, env.definitions, dashboard, { ...filters, pages: { [name]: page } }, [name], new Map(), env.timeZone)).get(name) ?? [];
      if (more.length === 0) break;
      rows.push(...more);
    }
  }
  return computed;
}

/**
 * The datasets under id lists: for each list, the rows of any of its ids (told apart by `key`); the
 * rows in every list given. An id of a filter the checked filters already fix otherwise matches nothing.
 */
async function computeAnyOf(env: CallEnvironment, dashboard: DashboardDefinition, filters: DashboardFilters, names: string[], lists: [FilterKey, (string | number)[]][], key: string) {
  const perList: Map<string, Map<string, Row>>[] = [];
  for (const [field, ids] of lists) {
    const union = new Map(names.map((name) => [name, new Map<string, Row>()]));
    for (const id of ids) {
      const fixed = filters[field];
      if (fixed !== undefined && fixed !== id) continue;
      const narrowed: DashboardFilters = { ...filters, [field]: id, ...(field === 'sector_id' && dashboard.sectorOf === 'rated' ? { sector_of: 'rated' as const } : {}) };
      for (const [name, rows] of await computeAll(env, dashboard, narrowed, names)) {
        const seen = union.get(name)!;
        for (const row of rows) if (!seen.has(text(row[key]))) seen.set(text(row[key]), row);
      }
    }
    perList.push(union);
  }
  const [first, ...others] = perList;
  const inEveryList = (name: string) => [...(first?.get(name) ?? new Map<string, Row>())].filter(([id]) => others.every((list) => list.get(name)!.has(id))).map(([, row]) => row);
  return new Map(names.map((name) => [name, inEveryList(name)]));
}

/** A call's request checked: its dashboard, its filters (checked as the data call checks them) and what its answer needs. */
interface PreparedCall {
  dashboard: DashboardDefinition;
  filters: DashboardFilters;
  needs: Needs;
  users: Map<number, Row>;
  lists: [FilterKey, (string | number)[]][];
}

/** A call's dashboard: by id, or named by the request (the one staff form's is an id once the routes are registered). */
function dashboardOf(definitions: Definitions, dashboard: CallDeclaration['dashboard'], request: CallRequest): DashboardDefinition {
  if (typeof dashboard === 'number') return definitions.dashboards.get(dashboard)!;
  if ('oneStaffForm' in dashboard) throw new Error('the one staff form’s dashboard is found when the calls are registered');
  return dashboardNamed(definitions, String(inputValue(request, dashboard)));
}

/** Checks what a call's request names and makes the view's filters of it. */
async function prepareCall(env: CallEnvironment, declaration: CallDeclaration, request: CallRequest): Promise<PreparedCall> {
  const { account } = request;
  // The id lists first: a malformed one is a 400 whoever the call is about.
  const { evaluations, people } = declaration.only ?? {};
  const evaluationIds = evaluations && idList(request, evaluations);
  const personIds = people && idList(request, people);
  const visible = declaration.visible ?? {};
  if (visible.company) await visibleCompany(env.db, account, Number(inputValue(request, visible.company)));
  const seen = visible.user ? [...(await visibleUsers(env.db, account, [Number(inputValue(request, visible.user))])).values()] : [];
  const dashboard = dashboardOf(env.definitions, declaration.dashboard, request);
  const needs = declaration.answer ? needsOf(dashboard, declaration.answer, request) : { rows: new Set<string>(), declared: new Set<string>(), choices: new Set<NonNullable<Rows['choices']>>(), users: [] };
  const named = needs.users.map((input) => Number(inputValue(request, input))).filter((id) => !seen.some((user) => user.id === id));
  const found = [...seen, ...(named.length > 0 ? (await visibleUsers(env.db, account, named)).values() : [])];
  const users = new Map(found.map((user): [number, Row] => [user.id, { id: user.id, name: user.name, companyId: user.companyId }]));

  const raw: DashboardFilters = {};
  // The company filter of the user the call is about, as the screen chooses it before the person.
  const owner = seen[0]?.companyId;
  if (visible.userCompany && owner !== undefined && owner !== null) raw.company_id = owner;
  for (const [field, input] of Object.entries(declaration.filters ?? {})) {
    const value = inputValue(request, input);
    if (value !== undefined) Object.assign(raw, { [field]: value });
  }
  const lists = Object.entries(declaration.anyOf?.lists ?? {}).map(([field, input]) => [field as FilterKey, idList(request, { input, as: 'ids' }) ?? []] as [FilterKey, (string | number)[]]);
  if (declaration.anyOf && lists.every(([, ids]) => ids.length === 0)) throw new HttpError(400, messages.api[declaration.anyOf.required]);
  const filters = await checkFilters(env.db, account, dashboard, raw);
  if (evaluationIds) filters.evaluation_ids = evaluationIds.map(String);
  if (personIds) filters.person_ids = personIds.map(Number);
  return { dashboard, filters, needs, users, lists };
}

/** Answers one declared call with JSON. */
export async function answerCall(env: CallEnvironment, declaration: DataCall, request: CallRequest): Promise<unknown> {
  const { dashboard, filters, needs, users, lists } = await prepareCall(env, declaration, request);
  const names = [...needs.rows];
  let computed = new Map<string, Row[]>();
  if (names.length > 0 && declaration.anyOf) computed = await computeAnyOf(env, dashboard, filters, names, lists.filter(([, ids]) => ids.length > 0), declaration.anyOf.key);
  else if (names.length > 0) computed = await computeAll(env, dashboard, filters, names);
  const choices = new Map<string, Row[]>();
  for (const field of needs.choices) choices.set(field, (await filterChoices(env.db, env.timeZone, request.account, dashboard, field, filters)).map((choice) => ({ ...choice })));

  const answer = shapeAnswer({ definitions: env.definitions, dashboard, request, computed, choices, users }, declaration.answer);
  if (declaration.emptyIs && Array.isArray(answer) && answer.length === 0) throw new HttpError(404, messages.api[declaration.emptyIs]);
  return answer;
}

/** How each file answer is made from the checked call. */
const FILES: Record<FileAnswer, (deps: ReportDeps, call: PreparedCall) => Promise<ReportFile>> = {
  viewReport: (deps, { dashboard, filters }) => {
    // The file name's evaluation is the view's type when it reads one.
    const types = typesOf(dashboard);
    const evaluation = types.length === 1 ? deps.definitions.types.get(types[0]!)?.name : undefined;
    return renderReport(deps, { view: dashboard, filters, ...(evaluation === undefined ? {} : { evaluation }) });
  },
};

/** Makes the file of a declared call (the route replies with it). */
export async function fileOfCall(deps: ReportDeps, declaration: FileCall, request: CallRequest): Promise<ReportFile> {
  const call = await prepareCall({ db: deps.db, definitions: deps.definitions, timeZone: deps.settings.timeZone }, declaration, request);
  return FILES[declaration.file](deps, call);
}
