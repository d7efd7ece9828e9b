import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { readableAnswers, type ReadableAnswer } from '../../../../engine/answers/readable.ts';
import { rows, type Reader } from '../db/rows.ts';
import { questionnaireOf } from '../definitions.ts';

/*
 * Everything the product holds about one person (the LGPD right of access, issue 14), read in one
 * place so the export and the erase agree on what "about the person" means:
 * - the account (users) and what hangs on it: company, sectors, positions, courses;
 * - the evaluations the person answers (user_id) and those about the person (rated);
 * - the outbox messages to the person's address or about those evaluations, with their attachments;
 * - the audit entries the person did, or that name the person or those evaluations.
 */


/** The identity of a person: what an erase replaces and a search must no longer find. */
export interface PersonIdentity {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  personalKey: string;
  typeAccount: number;
  companyId: number | null;
  erasedAt: Date | null;
}

/** The person's row, or null. `lock` takes the row for the rest of the transaction (the erase). */
export async function findPerson(db: Reader, id: number, lock = false): Promise<PersonIdentity | null> {
  const [row] = await rows<{ id: number; name: string; email: string; phone: string | null; personal_key: string; type_account: number; company_id: number | null; erased_at: string | Date | null }>(
    db,
    sql`select id, name, email, phone, personal_key, type_account, company_id, erased_at from users where id = ${id} ${lock ? sql`for update` : sql``}`,
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    name: row.name,
    email: row.email,
    phone: row.phone,
    personalKey: row.personal_key,
    typeAccount: Number(row.type_account),
    companyId: row.company_id === null ? null : Number(row.company_id),
    erasedAt: row.erased_at === null ? null : new Date(row.erased_at),
  };
}

/** An evaluation the person takes part in: as who answers it, or as who it is about. */
export interface PersonEvaluation {
  id: string;
  typeEvaluation: number;
  definitionVersion: string | null;
  userId: number;
  rated: number | null;
  done: boolean;
  createdAt: Date;
  expireAt: Date | null;
}

/** Every evaluation the person answers or is evaluated in, oldest first. */
export async function personEvaluations(db: Reader, personId: number): Promise<PersonEvaluation[]> {
  const found = await rows<{ id: string; type_evaluation: number; definition_version: string | null; user_id: number; rated: number | null; done: boolean; created_at: string | Date; expire_at: string | Date | null }>(
    db,
    sql`select id, type_evaluation, definition_version, user_id, rated, done, created_at, expire_at from evaluations
        where user_id = ${personId} or rated = ${personId} order by created_at, id`,
  );
  return found.map((row) => ({
    id: row.id,
    typeEvaluation: Number(row.type_evaluation),
    definitionVersion: row.definition_version,
    userId: Number(row.user_id),
    rated: row.rated === null ? null : Number(row.rated),
    done: row.done,
    createdAt: new Date(row.created_at),
    expireAt: row.expire_at === null ? null : new Date(row.expire_at),
  }));
}

/** The outbox messages about the person: sent to the person's address, or about one of the person's evaluations. */
export async function personOutboxIds(db: Reader, person: PersonIdentity, evaluationIds: string[]): Promise<number[]> {
  const byEvaluation = evaluationIds.length > 0 ? sql`or evaluation_id in (${sql.join(evaluationIds.map((id) => sql`${id}::uuid`), sql`, `)})` : sql``;
  const found = await rows<{ id: number }>(db, sql`select id from outbox where lower("to") = lower(${person.email}) ${byEvaluation} order by id`);
  return found.map((row) => Number(row.id));
}

/** The audit entries the person did or that concern the person (by id, e-mail, evaluation or course place). */
async function personAudit(db: Reader, person: PersonIdentity, evaluationIds: string[]) {
  const targets = [`user:${person.id}`, ...evaluationIds.map((id) => `evaluation:${id}`)];
  const places = await rows<{ id: number }>(db, sql`select id from user_courses where user_id = ${person.id}`);
  targets.push(...places.map((row) => `participant:${row.id}`));
  return rows<{ id: number; at: string | Date; actor_user_id: number | null; actor_email: string | null; company_id: number | null; action: string; target: string | null; details: unknown; ip: string | null }>(
    db,
    sql`select id, at, actor_user_id, actor_email, company_id, action, target, details, ip from audit_log
        where actor_user_id = ${person.id} or lower(actor_email) = lower(${person.email})
           or target in (${sql.join(targets.map((target) => sql`${target}`), sql`, `)})
           or details->>'user_id' = ${String(person.id)} or details->>'rated' = ${String(person.id)}
           or details->'filters'->>'evaluated_id' = ${String(person.id)} or details->'filters'->>'colleague_id' = ${String(person.id)}
        order by at, id`,
  );
}

/** An evaluation in the export. */
export interface ExportedEvaluation {
  id: string;
  type_evaluation: number;
  evaluation_name: string;
  definition_version: string | null;
  /** 'respondent': the person answered it (about themselves or someone else); 'evaluated': someone else answered it about the person. */
  role: 'respondent' | 'evaluated';
  rated_id: number | null;
  rated_name: string | null;
  done: boolean;
  created_at: string;
  expire_at: string | null;
  /** The person's own answers (respondent role only; others' answers about the person stay anonymous). */
  answers: ReadableAnswer[];
}

/** An outbox message in the export, with its files. */
export interface ExportedEmail {
  id: number;
  to: string;
  subject: string;
  kind: string;
  evaluation_id: string | null;
  created_at: string;
  text: string;
  html: string;
  attachments: { position: number; filename: string; content_type: string; size: number; content_base64: string }[];
}

/** Everything held about a person, as the JSON export gives it. */
export interface PersonExport {
  generated_at: string;
  person: {
    id: number;
    name: string;
    email: string;
    phone: string | null;
    type_account: number;
    status: boolean;
    created_at: string;
    erased_at: string | null;
    company: { id: number; name: string } | null;
    sectors: string[];
    positions: string[];
    courses: { id: number; name: string; joined_at: string }[];
  };
  evaluations: ExportedEvaluation[];
  emails: ExportedEmail[];
  /** Reports made about the person or from the person's answers: e-mailed (with the file, in `emails`) or downloaded. */
  reports: { at: string; how: 'email' | 'download'; file: string | null; audit_id: number | null; outbox_id: number | null }[];
  audit: { id: number; at: string; actor_user_id: number | null; actor_email: string | null; company_id: number | null; action: string; target: string | null; details: unknown; ip: string | null }[];
}

const iso = (value: string | Date) => new Date(value).toISOString();

/** The answers of one evaluation as stored: its rows of `responses` (a saved interview's status, dates and attendees included). */
async function storedAnswers(db: Reader, evaluation: PersonEvaluation): Promise<{ question: string; response: string }[]> {
  return rows<{ question: string; response: string }>(db, sql`select question, response from responses where evaluation_id = ${evaluation.id}::uuid order by id`);
}

/** Collects the export of one person (null when there is no such person). */
export async function collectPersonData(app: FastifyInstance, personId: number, now = new Date()): Promise<PersonExport | null> {
  const db = app.db;
  const person = await findPerson(db, personId);
  if (!person) return null;
  const [account] = await rows<{ status: boolean; created_at: string | Date; company_name: string | null }>(
    db,
    sql`select u.status, u.created_at, c.commercial_name as company_name from users u left join companies c on c.id = u.company_id where u.id = ${personId}`,
  );
  const sectors = await rows<{ name: string }>(db, sql`select s.sector_name as name from user_sectors us join sectors s on s.id = us.sector_id where us.user_id = ${personId} order by s.sector_name`);
  const positions = await rows<{ name: string }>(db, sql`select p.position_name as name from user_positions up join positions p on p.id = up.position_id where up.user_id = ${personId} order by p.position_name`);
  const courses = await rows<{ id: number; name: string; joined_at: string | Date }>(
    db,
    sql`select c.id, c.name, uc.created_at as joined_at from user_courses uc join courses c on c.id = uc.course_id where uc.user_id = ${personId} order by uc.created_at`,
  );
  const found = await personEvaluations(db, personId);
  const ratedNames = new Map(
    (await rows<{ id: number; name: string }>(db, sql`select id, name from users where id in (select rated from evaluations where user_id = ${personId} and rated is not null)`)).map((row) => [
      Number(row.id),
      row.name,
    ]),
  );
  const evaluations: ExportedEvaluation[] = [];
  for (const evaluation of found) {
    const respondent = evaluation.userId === personId;
    const definition = questionnaireOf(app.definitions, evaluation.typeEvaluation, evaluation.definitionVersion);
    evaluations.push({
      id: evaluation.id,
      type_evaluation: evaluation.typeEvaluation,
      evaluation_name: app.definitions.types.get(evaluation.typeEvaluation)?.name ?? String(evaluation.typeEvaluation),
      definition_version: evaluation.definitionVersion,
      role: respondent ? 'respondent' : 'evaluated',
      rated_id: evaluation.rated,
      rated_name: evaluation.rated === null ? null : evaluation.rated === personId ? person.name : (ratedNames.get(evaluation.rated) ?? null),
      done: evaluation.done,
      created_at: iso(evaluation.createdAt),
      expire_at: evaluation.expireAt ? evaluation.expireAt.toISOString() : null,
      answers: respondent ? readableAnswers(definition, await storedAnswers(db, evaluation)) : [],
    });
  }
  const evaluationIds = found.map((evaluation) => evaluation.id);
  const outboxIds = await personOutboxIds(db, person, evaluationIds);
  const emails: ExportedEmail[] = [];
  if (outboxIds.length > 0) {
    const idList = sql.join(outboxIds.map((id) => sql`${id}`), sql`, `);
    const messagesFound = await rows<{ id: number; to: string; subject: string; kind: string; evaluation_id: string | null; created_at: string | Date; text: string; html: string }>(
      db,
      sql`select id, "to", subject, kind, evaluation_id, created_at, text, html from outbox where id in (${idList}) order by created_at, id`,
    );
    const files = await rows<{ outbox_id: number; position: number; filename: string; content_type: string; content: Buffer | Uint8Array }>(
      db,
      sql`select outbox_id, position, filename, content_type, content from outbox_attachments where outbox_id in (${idList}) order by outbox_id, position`,
    );
    for (const message of messagesFound) {
      emails.push({
        id: Number(message.id),
        to: message.to,
        subject: message.subject,
        kind: message.kind,
        evaluation_id: message.evaluation_id,
        created_at: iso(message.created_at),
        text: message.text,
        html: message.html,
        attachments: files
          .filter((file) => Number(file.outbox_id) === Number(message.id))
          .map((file) => {
            const content = Buffer.from(file.content);
            return { position: Number(file.position), filename: file.filename, content_type: file.content_type, size: content.length, content_base64: content.toString('base64') };
          }),
      });
    }
  }
  const audit = (await personAudit(db, person, evaluationIds)).map((row) => ({
    id: Number(row.id),
    at: iso(row.at),
    actor_user_id: row.actor_user_id === null ? null : Number(row.actor_user_id),
    actor_email: row.actor_email,
    company_id: row.company_id === null ? null : Number(row.company_id),
    action: row.action,
    target: row.target,
    details: row.details ?? null,
    ip: row.ip,
  }));
  const reports: PersonExport['reports'] = [
    ...emails
      .filter((email) => email.kind === 'report')
      .map((email) => ({ at: email.created_at, how: 'email' as const, file: email.attachments[0]?.filename ?? null, audit_id: null, outbox_id: email.id })),
    ...audit
      .filter((entry) => entry.action === 'report.export')
      .map((entry) => ({ at: entry.at, how: 'download' as const, file: null, audit_id: entry.id, outbox_id: null })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return {
    generated_at: now.toISOString(),
    person: {
      id: person.id,
      name: person.name,
      email: person.email,
      phone: person.phone,
      type_account: person.typeAccount,
      status: account!.status,
      created_at: iso(account!.created_at),
      erased_at: person.erasedAt ? person.erasedAt.toISOString() : null,
      company: person.companyId === null ? null : { id: person.companyId, name: account!.company_name ?? '' },
      sectors: sectors.map((row) => row.name),
      positions: positions.map((row) => row.name),
      courses: courses.map((row) => ({ id: Number(row.id), name: row.name, joined_at: iso(row.joined_at) })),
    },
    evaluations,
    emails,
    reports,
    audit,
  };
}
