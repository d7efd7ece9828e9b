import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { ChosenPeople, DashboardDefinition, DashboardFilters, EditionChoice } from '../../../../engine/definition/dashboard.ts';
import { isValidated, viewTypes } from '../../../../engine/definition/instruments.ts';
import { reportDocument, reportFileName, type ReportSource } from '../../../../engine/reports/document.ts';
import { format, messages } from '../../../../engine/messages.ts';
import { localDay } from '../../../../engine/rules/dates.ts';
import type { Db } from '../db/client.ts';
import type { Definitions } from '../definitions.ts';
import { attachmentHeader } from '../contentDisposition.ts';
import { HttpError } from '../errors.ts';
import { ReportsBusyError } from './pool.ts';
import type { ReportPool } from './pool.ts';
import { renderXlsx } from './xlsx.ts';
import { chosenNames, latestDoneEvaluation, reportedEvaluation } from '../repositories/reports.ts';
import { dashboardData } from '../results/dashboards.ts';
import { dashboardOfType } from '../results/views.ts';
import type { AppSettings } from '../types.ts';

const m = messages.reports;

/** What the report services use: the database, the definitions, the settings and the report threads. */
export interface ReportDeps {
  db: Db;
  definitions: Definitions;
  settings: Pick<AppSettings, 'timeZone' | 'support'>;
  reports: Pick<ReportPool, 'read' | 'renderSource'>;
}

/** Most rows a paged dataset (the PSS-14 respondents) puts in a PDF. */
export const REPORT_ROW_LIMIT = 5000;

/** A PDF (or an export's spreadsheet) made for a download or an e-mail. */
export interface ReportFile {
  fileName: string;
  /** The file's bytes. */
  pdf: Buffer;
  /** The report's title (the e-mail's subject names it). */
  title: string;
}

/** Who and what a report is about, for its first page and its file name. */
interface Subject {
  lines: string[];
  /** The chosen people by filter, for sections' titles. */
  people: ChosenPeople;
  /** The person chosen, else the company, else 'Todas as empresas'. */
  name: string;
  company: string;
}

const MONTHS = ['JANEIRO', 'FEVEREIRO', 'MARÇO', 'ABRIL', 'MAIO', 'JUNHO', 'JULHO', 'AGOSTO', 'SETEMBRO', 'OUTUBRO', 'NOVEMBRO', 'DEZEMBRO'];

/** A day in the app's time zone: its Portuguese text ("23 de NOVEMBRO de 2026", month in capitals) and its date. */
export function reportDay(now: Date, timeZone: string): { text: string; iso: string } {
  const iso = localDay(now, timeZone);
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return { text: `${day} de ${MONTHS[month - 1]} de ${year}`, iso: `${iso}T12:00:00.000Z` };
}

/**
 * The version of each questionnaire whose scoring produced a view's numbers ("Escala de Estresse
 * Percebido, versão 2.1"; an instrument not validated followed by 'Instrumento de exemplo, não
 * validado'): the latest version of the major the view read (`editions`: the chosen one where answers
 * came from several), and for those, what was left out.
 */
export function scoringVersions(definitions: Pick<Definitions, 'questionnaires' | 'types' | 'versions'>, view: DashboardDefinition, editions: EditionChoice[] = []): { versions: string; notices: string[] } {
  const versions = viewTypes(view).map((type) => {
    const definition = definitions.questionnaires.get(type);
    const name = definitions.types.get(type)?.name ?? definition?.title ?? String(type);
    if (!definition) return format(m.noVersion, { name });
    const major = editions.find((edition) => edition.type === type)?.chosen ?? definition.version ?? 1;
    const version = (definitions.versions.get(type) ?? []).filter((candidate) => candidate.number.major === major).at(-1)?.version;
    const line = version ? format(m.versionOf, { name, version }) : format(m.noVersion, { name });
    // An example instrument says so beside its name, on every report of its answers.
    return isValidated(definition) ? line : format(m.notValidated, { version: line });
  });
  const notices = editions.map((edition) =>
    format(m.editionNotice, {
      name: edition.name,
      count: edition.available.find((available) => available.major === edition.chosen)?.respondents ?? 0,
      chosen: edition.chosen,
      others: edition.available
        .filter((available) => available.major !== edition.chosen)
        .map((available) => format(m.editionOther, { count: available.respondents, major: available.major }))
        .join(', '),
    }),
  );
  return { versions: versions.join('; '), notices };
}

/** The names of the chosen filters, as the first page's lines. */
async function subjectOf(db: Db, view: DashboardDefinition, filters: DashboardFilters): Promise<Subject> {
  const { company, course, cycle, sector, colleague: person, evaluated } = await chosenNames(db, filters);
  // The round, on a view that has the filter: the chosen one, else every round pooled.
  const round = view.filters.includes('cycle') ? format(m.subjectCycle, { name: cycle ?? messages.dashboard.allCycles }) : undefined;
  const lines = [
    company === undefined ? (course === undefined ? m.subjectAll : undefined) : format(m.subjectCompany, { name: company }),
    course === undefined ? undefined : format(m.subjectCourse, { name: course }),
    round,
    sector === undefined ? undefined : format(m.subjectSector, { name: sector }),
    person === undefined ? undefined : format(m.subjectPerson, { name: person }),
    evaluated === undefined ? undefined : format(m.subjectEvaluated, { name: evaluated }),
  ].filter((line): line is string => line !== undefined);
  const people: ChosenPeople = { ...(person === undefined ? {} : { colleague: person }), ...(evaluated === undefined ? {} : { evaluated }) };
  return { lines, people, name: person ?? evaluated ?? company ?? course ?? m.subjectAll, company: company ?? course ?? m.subjectAll };
}

/** What a view's report is made from besides the view: checked filters and, optionally, the evaluation's name. */
export interface ReportRequest {
  view: DashboardDefinition;
  filters: DashboardFilters;
  /** The evaluation type's name, for `{evaluation}` in the file name. Default the view's title. */
  evaluation?: string;
  /** Extra lines for the first page (the evaluation of a single-evaluation report). */
  lines?: string[];
  now?: Date;
  /** The file's extension (the spreadsheets of the print dialog's exports). Default "pdf". */
  extension?: 'pdf' | 'xlsx';
}

/** What a view's report is made from under checked filters: the same datasets the screen draws, every page. */
export async function buildReport(deps: ReportDeps, request: ReportRequest): Promise<{ source: ReportSource; fileName: string }> {
  const { view, filters } = request;
  const [data, subject] = await deps.reports.read(async () => [
    await dashboardData(deps.db, deps.definitions, view, { ...filters, page_size: REPORT_ROW_LIMIT, pages: undefined }, { period: true, timeZone: deps.settings.timeZone }),
    await subjectOf(deps.db, view, filters),
  ] as const);
  const title = view.report?.title ?? view.title;
  const day = reportDay(request.now ?? new Date(), deps.settings.timeZone);
  const { versions, notices } = scoringVersions(deps.definitions, view, data.editions);
  const source: ReportSource = {
    view,
    data,
    people: subject.people,
    timeZone: deps.settings.timeZone,
    orientation: view.report?.orientation ?? 'portrait',
    createdAt: day.iso,
    meta: {
      title,
      // Withheld anonymous groups say why on the first page, as on the screen.
      subject: [...subject.lines, ...(request.lines ?? []), ...notices, ...new Set((data.withheld ?? []).map((group) => group.message))],
      generated: day.text,
      versions,
      supportEmail: deps.settings.support.email,
      supportPhone: deps.settings.support.phone,
    },
  };
  const fileName = reportFileName(view.report?.fileName, { title, name: subject.name, company: subject.company, evaluation: request.evaluation ?? view.title }, request.extension);
  return { source, fileName };
}

/**
 * A file of the view's print dialog (`exports[index]`): its widgets under the view's filters, as a PDF
 * (rendered on the report threads) or a spreadsheet. Null for an unknown index.
 */
export async function renderExport(deps: ReportDeps, view: DashboardDefinition, index: number, filters: DashboardFilters): Promise<ReportFile | null> {
  const spec = view.exports?.[index];
  if (!spec) return null;
  const request: ReportRequest = { view: { ...view, report: { title: spec.title, fileName: spec.fileName, layout: spec.layout } }, filters, extension: spec.format };
  if (spec.format === 'pdf') return renderReport(deps, request);
  const { source, fileName } = await buildReport(deps, request);
  return { fileName, pdf: await renderXlsx(reportDocument(source)), title: source.meta.title };
}

/** A view's report as a PDF file, rendered on the report threads. */
export async function renderReport(deps: ReportDeps, request: ReportRequest): Promise<ReportFile> {
  const { source, fileName } = await buildReport(deps, request);
  return { fileName, pdf: await deps.reports.renderSource(source), title: source.meta.title };
}

/** A person a report is about. */
export interface Person {
  id: number;
  name: string;
  companyId: number | null;
}

/**
 * A person's report (`POST /tableresponse/report/download`, 'Enviar Relatório'): the view of the type
 * (the scanner for -1, the team performance for 7, else the type's result view) with the person chosen
 * in its person filter. `publicCall`: asked with the person's own key, only of a view with
 * `publicReport`; one with `"ownAnswers"` (the scanner) reads nothing but the person's evaluations (no
 * list of colleagues).
 */
export function personReport(definitions: Pick<Definitions, 'dashboards' | 'types'>, type: number, person: Person, publicCall: boolean): ReportRequest {
  const view = definitions.dashboards.get(type) ?? dashboardOfType(definitions, type);
  const personFilter = view?.filters.includes('colleague') ? 'colleague_id' : view?.filters.includes('evaluated') ? 'evaluated_id' : undefined;
  // Without a session, only the views a person may download about themselves (`publicReport`).
  if (!view || !personFilter || (publicCall && !view.publicReport)) throw new HttpError(400, format(m.typeWithoutReport, { type: String(type) }));
  const filters: DashboardFilters = { [personFilter]: person.id, ...(person.companyId === null ? {} : { company_id: person.companyId }) };
  if (publicCall && view.publicReport === 'ownAnswers') filters.person_ids = [person.id];
  return { view, filters, evaluation: definitions.types.get(type)?.name };
}

/** The alignment types of a view that compares with them (values and needs: the manager's 17). */
function alignmentSides(view: DashboardDefinition): number[] {
  if (view.requires?.filter !== 'alignment') return [];
  return Object.values(view.datasets).flatMap((dataset) => ('from' in dataset ? [] : (dataset.alignWith ?? [])));
}

/** The view that reports an answered evaluation of a type, or undefined (no result view, one without `evaluationReport`, or the manager's side of an alignment). */
export function evaluationReportView(definitions: Pick<Definitions, 'dashboards'>, type: number): DashboardDefinition | undefined {
  const view = dashboardOfType(definitions, type);
  return view && view.evaluationReport !== false && !alignmentSides(view).includes(type) ? view : undefined;
}

/**
 * Whether one evaluation alone has a report for its respondent: its type's result view reports it and
 * holds no anonymous group (the 360's evaluators, psychological safety), whose answers show only in the
 * group's result, never as one person's report.
 */
export function hasOwnReport(definitions: Pick<Definitions, 'dashboards'>, type: number): boolean {
  const view = evaluationReportView(definitions, type);
  return view !== undefined && !Object.values(view.datasets).some((dataset) => 'anonymous' in dataset && dataset.anonymous !== undefined);
}

/** An answered evaluation's report, or null for an unknown id; `request` is null when its type has no result view. */
export async function evaluationReport(
  deps: Pick<ReportDeps, 'db' | 'definitions'>,
  id: string,
): Promise<{ type: number; done: boolean; evaluatorId: number; request: ReportRequest | null } | null> {
  const row = await reportedEvaluation(deps.db, id);
  if (!row) return null;
  const type = Number(row.type_evaluation);
  const view = evaluationReportView(deps.definitions, type);
  const answer = { type, done: row.done, evaluatorId: Number(row.user_id) };
  if (!view) return { ...answer, request: null };
  // Only this evaluation's answers, with the person filters the view needs set from it.
  const filters: DashboardFilters = {
    evaluation_ids: [id],
    colleague_id: Number(row.user_id),
    ...(row.rated === null ? {} : { evaluated_id: Number(row.rated) }),
    ...(row.version === null ? {} : { version: Number(row.version) }),
    ...(row.company_id === null ? {} : { company_id: Number(row.company_id) }),
  };
  const sides = alignmentSides(view);
  if (sides.length > 0) {
    // Values and needs: the participant's answers against the company's latest alignment evaluation
    // (the manager's, which has no report of its own).
    const latest = await latestDoneEvaluation(deps.db, row.company_id, sides);
    if (latest) filters.alignment_id = latest;
  }
  const evaluation = deps.definitions.types.get(type)?.name ?? view.title;
  return {
    ...answer,
    request: {
      view: { ...view, report: { ...view.report, fileName: '{evaluation} - {name}.pdf' } },
      filters,
      evaluation,
      lines: [format(m.subjectEvaluation, { name: evaluation })],
    },
  };
}

/**
 * Answers a report file made by `render`: a PDF or a spreadsheet with its file name (UTF-8). A full
 * report queue is a 503 ('Muitos relatórios…'), any other failure a 502 'Erro ao gerar relatório'
 * (logged), and no file (an unknown export) a 404.
 */
export async function replyWithFile(app: { log: FastifyBaseLogger }, reply: FastifyReply, render: () => Promise<ReportFile | null>) {
  let file: ReportFile | null;
  try {
    file = await render();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof ReportsBusyError) throw new HttpError(503, m.busy);
    app.log.error({ err: error }, 'report not generated');
    throw new HttpError(502, m.generationFailed);
  }
  if (!file) throw new HttpError(404, m.unknownReport);
  const xlsx = file.fileName.toLowerCase().endsWith('.xlsx');
  return reply
    .header('content-type', xlsx ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'application/pdf')
    .header('content-disposition', attachmentHeader(file.fileName))
    .header('cache-control', 'no-store')
    .send(file.pdf);
}
