import { format, messages } from '../../../../engine/messages.ts';
import type { ReportBlock, ReportCell, ReportDocument } from '../../../../engine/reports/document.ts';
import { richTextToPlain } from '../../../../engine/answers/readable.ts';
import { formatDateBR, formatDateTimeBR } from '../../../../engine/rules/dates.ts';
import type { PersonExport } from './personData.ts';

const m = messages.lgpd.pdf;

/** Everything the PDF needs besides the export itself. */
export interface ExportDocumentContext {
  timeZone: string;
  /** The day it was generated, written in Portuguese ('25 de NOVEMBRO de 2026'). */
  generated: string;
  /** The PDF's fixed creation date (ISO). */
  createdAt: string;
  supportEmail: string;
  supportPhone: string;
  /** Portuguese label of an audit action key. */
  actionLabel(action: string): string;
}

const cell = (text: string): ReportCell => ({ text });

/** A section of the export: its heading, an optional note, then its table, or a sentence when it has no rows. */
function section(title: string, empty: string, header: string[], rows: ReportCell[][], note?: string): ReportBlock[] {
  return [
    { kind: 'heading', text: title, level: 2 },
    ...(note ? [{ kind: 'empty' as const, text: note }] : []),
    rows.length === 0 ? { kind: 'empty', text: empty } : { kind: 'table', header: header.map(cell), rows },
  ];
}

/**
 * The readable PDF of a person's export: the same facts as the JSON, attachments named but not embedded.
 * Each table's widest text comes first: the report tables give their first column the free width.
 */
export function personExportDocument(data: PersonExport, context: ExportDocumentContext): ReportDocument {
  const at = (iso: string) => formatDateTimeBR(new Date(iso), context.timeZone);
  const date = (iso: string) => formatDateBR(new Date(iso), context.timeZone);
  const list = (items: string[]) => (items.length > 0 ? items.join(', ') : m.none);
  const { person } = data;
  const types = m.types as Record<string, string>;

  const profile: ReportCell[][] = [
    [cell(m.name), cell(person.name)],
    [cell(m.email), cell(person.email)],
    [cell(m.phone), cell(person.phone ?? m.none)],
    [cell(m.typeAccount), cell(types[String(person.type_account)] ?? String(person.type_account))],
    [cell(m.status), cell(person.status ? m.active : m.inactive)],
    [cell(m.createdAt), cell(at(person.created_at))],
    ...(person.erased_at ? [[cell(m.erasedAt), cell(at(person.erased_at))]] : []),
    [cell(m.company), cell(person.company?.name ?? m.none)],
    [cell(m.sectors), cell(list(person.sectors))],
    [cell(m.positions), cell(list(person.positions))],
    [cell(m.courses), cell(list(person.courses.map((course) => `${course.name} (${date(course.joined_at)})`)))],
  ];
  const blocks: ReportBlock[] = [
    { kind: 'empty', text: m.about },
    { kind: 'heading', text: m.profile, level: 2 },
    { kind: 'table', header: [cell(m.field), cell(m.value)], rows: profile },
    { kind: 'heading', text: m.evaluations, level: 2 },
  ];

  const answered = data.evaluations.filter((evaluation) => evaluation.role === 'respondent');
  if (answered.length === 0) blocks.push({ kind: 'empty', text: m.noEvaluations });
  for (const evaluation of answered) {
    blocks.push({ kind: 'heading', text: format(m.evaluationHeading, { name: evaluation.evaluation_name, date: date(evaluation.created_at) }), level: 3 });
    const lines = [format(m.evaluationState, { state: evaluation.done ? m.done : m.pending, version: evaluation.definition_version ?? '—' })];
    if (evaluation.rated_name && evaluation.rated_id !== person.id) lines.push(format(m.evaluationAbout, { name: evaluation.rated_name }));
    blocks.push({ kind: 'empty', text: lines.join(' ') });
    if (evaluation.answers.length === 0) {
      blocks.push({ kind: 'empty', text: m.noAnswers });
      continue;
    }
    blocks.push({
      kind: 'table',
      header: [cell(m.question), cell(m.answer)],
      rows: evaluation.answers.map((answer) => [
        cell(answer.text === null ? answer.question : `${answer.number ?? ''}. ${answer.text}`.replace(/^\. /, '')),
        cell(answer.answer),
      ]),
    });
  }

  const about = data.evaluations.filter((evaluation) => evaluation.role === 'evaluated');
  blocks.push(
    ...section(
      m.evaluated,
      m.noEvaluated,
      m.evaluatedHeader,
      about.map((evaluation) => [cell(evaluation.evaluation_name), cell(date(evaluation.created_at)), cell(evaluation.done ? m.done : m.pending)]),
      m.evaluatedNote,
    ),
  );
  blocks.push(
    ...section(
      m.emails,
      m.noEmails,
      m.emailsHeader,
      data.emails.map((email) => [cell(email.subject), cell(at(email.created_at)), cell(email.to), cell(list(email.attachments.map((file) => file.filename)))]),
    ),
  );
  if (data.emails.length > 0) {
    blocks.push({
      kind: 'texts',
      groups: data.emails.map((email) => ({ heading: `${at(email.created_at)}: ${email.subject}`, parts: [{ items: [richTextToPlain(email.text)] }] })),
    });
  }
  blocks.push(
    ...section(
      m.reports,
      m.noReports,
      m.reportsHeader,
      data.reports.map((report) => [cell(report.file ?? '—'), cell(at(report.at)), cell(report.how === 'email' ? m.reportEmail : m.reportDownload)]),
    ),
    ...section(
      m.audit,
      m.noAudit,
      m.auditHeader,
      data.audit.map((entry) => [cell(context.actionLabel(entry.action)), cell(at(entry.at)), cell(entry.actor_email ?? '—'), cell(entry.target ?? '—'), cell(entry.ip ?? '—')]),
    ),
  );

  return {
    orientation: 'portrait',
    createdAt: context.createdAt,
    meta: {
      title: m.title,
      subject: [format(m.subject, { name: person.name, id: person.id })],
      generated: context.generated,
      versions: '',
      supportEmail: context.supportEmail,
      supportPhone: context.supportPhone,
    },
    blocks,
  };
}
