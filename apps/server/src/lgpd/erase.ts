import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { freeTextQuestionIds } from '../../../../engine/answers/readable.ts';
import { messages } from '../../../../engine/messages.ts';
import type { Tx } from '../db/client.ts';
import { rows } from '../db/rows.ts';
import { questionnaireOf } from '../definitions.ts';
import { JOB_SCHEMA } from '../jobs/queue.ts';
import { escapeHtml } from '../mail/escape.ts';
import { findPerson, personEvaluations, personOutboxIds, type PersonIdentity } from './personData.ts';
import type { EraseCounts } from '../contract/lgpd.ts';

const m = messages.lgpd;

/*
 * The erase of a person (LGPD, issue 14). The users row stays, so every evaluation keeps pointing at
 * it and the person's numeric answers keep counting in the aggregates exactly as before; what made it
 * a person goes:
 * - the account: name, e-mail, phone, password and personal key replaced, closed (status false);
 * - free text written by the person or about the person (text and rich-text answers of their
 *   evaluations, saved interviews' included), and the person's name or e-mail wherever another answer wrote it;
 * - the outbox: the address, and the identity in subjects and bodies; the files attached to messages
 *   about the person (their reports) replaced by a one-page notice;
 * - delivery records of the address; pg-boss jobs about the person (their data names the person);
 * - the person's e-mail in the audit log, through the one exception its trigger allows.
 */

/** Whose data an erase replaced, and what it replaced, counted (the audit entry's details and the API's answer). */
export type EraseSummary = EraseCounts & { userId: number; companyId: number | null };

/** Shortest name searched for in other people's texts: a shorter one would hit ordinary words. */
const MIN_NAME_LENGTH = 4;
/** Fewest digits of a phone searched for in texts. */
const MIN_PHONE_DIGITS = 8;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The texts that identify the person, as they may appear in stored text (plain and HTML-escaped). */
function identityStrings(person: PersonIdentity): string[] {
  const name = person.name.trim();
  const found = new Set<string>([person.email, person.personalKey]);
  if (name.length >= MIN_NAME_LENGTH) {
    found.add(name);
    found.add(escapeHtml(name));
  }
  return [...found].filter((text) => text.length > 0);
}

/** A pattern finding the person's identity in a text: name, e-mail, personal key, and the phone however it was written. */
function identityPattern(person: PersonIdentity): RegExp {
  const parts = identityStrings(person)
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp);
  const digits = (person.phone ?? '').replace(/\D/g, '');
  // '(11) 98765-4321', '11 987654321', '+55 11 98765 4321': the digits in order, a few separators between.
  if (digits.length >= MIN_PHONE_DIGITS) parts.push(digits.split('').join('[\\s().+-]{0,3}'));
  return new RegExp(parts.join('|'), 'giu');
}

/** A SQL condition: `column` (as text) holds one of the person's identity strings, ignoring case. */
function mentions(column: ReturnType<typeof sql>, person: PersonIdentity): ReturnType<typeof sql> {
  const digits = (person.phone ?? '').replace(/\D/g, '');
  const needles = [...identityStrings(person), ...(digits.length >= MIN_PHONE_DIGITS ? [digits] : [])];
  return sql.join(
    needles.map((needle) => sql`strpos(lower(${column}::text), lower(${needle})) > 0`),
    sql` or `,
  );
}

const placeholders = new WeakMap<FastifyInstance, Promise<Buffer>>();

/** The one-page PDF that takes the place of a removed file (rendered once per app). */
function placeholderPdf(app: FastifyInstance): Promise<Buffer> {
  let pdf = placeholders.get(app);
  if (!pdf) {
    pdf = app.reports.render({
      orientation: 'portrait',
      createdAt: '2026-01-01T12:00:00.000Z',
      meta: { title: m.attachmentRemovedTitle, subject: [], generated: '', versions: '', supportEmail: app.settings.support.email, supportPhone: app.settings.support.phone },
      blocks: [{ kind: 'empty', text: m.attachmentRemovedText }],
    });
    placeholders.set(app, pdf);
    pdf.catch(() => placeholders.delete(app));
  }
  return pdf;
}

/** Replaces the free-text answers of the person's evaluations; returns how many were replaced. */
async function replaceFreeTexts(app: FastifyInstance, tx: Tx, evaluations: Awaited<ReturnType<typeof personEvaluations>>): Promise<number> {
  let replaced = 0;
  for (const evaluation of evaluations) {
    const definition = questionnaireOf(app.definitions, evaluation.typeEvaluation, evaluation.definitionVersion);
    const ids = definition ? freeTextQuestionIds(definition) : [];
    if (ids.length === 0) continue;
    const idList = sql.join(ids.map((id) => sql`${id}`), sql`, `);
    // A blank answer stays blank: it said nothing, and counts of written answers must not change. A
    // rich text without words ('<p></p>', as the interview's confidential comments may be) is blank too.
    const updated = await rows<{ id: number }>(
      tx,
      sql`update responses set response = ${m.freeTextRemoved}
          where evaluation_id = ${evaluation.id}::uuid and question in (${idList})
            and btrim(regexp_replace(response, '<[^>]*>|&nbsp;', '', 'g')) <> '' and response <> ${m.freeTextRemoved}
          returning id`,
    );
    replaced += updated.length;
  }
  return replaced;
}

/** Replaces the person's identity wherever another answer wrote it (a 360 comment naming them, an interview's attendee). */
async function redactMentions(tx: Tx, person: PersonIdentity, pattern: RegExp): Promise<number> {
  let replaced = 0;
  const found = await rows<{ id: number; response: string }>(tx, sql`select id, response from responses where ${mentions(sql`response`, person)} for update`);
  for (const row of found) {
    const next = row.response.replace(pattern, m.identityRemoved);
    if (next === row.response) continue;
    await tx.execute(sql`update responses set response = ${next} where id = ${row.id}`);
    replaced += 1;
  }
  return replaced;
}

/** Redacts the outbox: messages about the person lose the identity and their files; others lose mentions. */
async function redactOutbox(app: FastifyInstance, tx: Tx, person: PersonIdentity, pattern: RegExp, evaluationIds: string[], anonymousEmail: string) {
  const about = new Set(await personOutboxIds(tx, person, evaluationIds));
  const mentioning = await rows<{ id: number }>(tx, sql`select id from outbox where ${mentions(sql`"to"`, person)} or ${mentions(sql`subject`, person)} or ${mentions(sql`text`, person)} or ${mentions(sql`html`, person)}`);
  const ids = [...new Set([...about, ...mentioning.map((row) => Number(row.id))])].sort((a, b) => a - b);
  let attachments = 0;
  for (const id of ids) {
    const [message] = await rows<{ to: string; subject: string; text: string; html: string }>(tx, sql`select "to", subject, text, html from outbox where id = ${id} for update`);
    if (!message) continue;
    const to = message.to.toLowerCase() === person.email.toLowerCase() ? anonymousEmail : message.to.replace(pattern, m.identityRemoved);
    await tx.execute(
      sql`update outbox set "to" = ${to}, subject = ${message.subject.replace(pattern, m.identityRemoved)}, text = ${message.text.replace(pattern, m.identityRemoved)}, html = ${message.html.replace(pattern, m.identityRemoved)} where id = ${id}`,
    );
    if (!about.has(id)) continue;
    // The files of a message about the person are the person's reports: their content goes.
    const files = await rows<{ position: number }>(tx, sql`select position from outbox_attachments where outbox_id = ${id}`);
    if (files.length === 0) continue;
    const pdf = await placeholderPdf(app);
    await tx.execute(sql`update outbox_attachments set filename = ${m.attachmentRemovedFile}, content_type = 'application/pdf', content = ${pdf} where outbox_id = ${id}`);
    attachments += files.length;
  }
  return { messages: ids.length, attachments };
}

/** Removes the queue's jobs about the person: pending ones would e-mail an erased address, finished ones name the person. */
async function removeJobs(tx: Tx, person: PersonIdentity, evaluationIds: string[]): Promise<number> {
  const [table] = await rows<{ found: string | null }>(tx, sql`select to_regclass(${`${JOB_SCHEMA}.job`})::text as found`);
  if (!table?.found) return 0;
  const byEvaluation = evaluationIds.length > 0 ? sql`or data->>'evaluation_id' in (${sql.join(evaluationIds.map((id) => sql`${id}`), sql`, `)})` : sql``;
  const removed = await rows<{ id: string }>(
    tx,
    sql`delete from ${sql.identifier(JOB_SCHEMA)}.job
        where data->>'user_id' = ${String(person.id)} ${byEvaluation}
           or (state in ('completed', 'failed', 'cancelled') and (${mentions(sql`data`, person)} or ${mentions(sql`output`, person)}))
        returning id`,
  );
  return removed.length;
}

/**
 * Erases a person (LGPD), inside `tx`: everything that identifies them is replaced (see above) and
 * their numeric answers stay as anonymous contributions. Returns null when there is no such person or
 * the person was already erased. The caller records the audit entry (in the same transaction).
 */
export async function erasePerson(app: FastifyInstance, tx: Tx, userId: number): Promise<EraseSummary | null> {
  const person = await findPerson(tx, userId, true);
  if (!person || person.erasedAt) return null;
  const anonymousEmail = `anonimizado-${randomUUID()}@anonimizado.invalid`;
  const pattern = identityPattern(person);
  const evaluations = await personEvaluations(tx, person.id);
  const evaluationIds = evaluations.map((evaluation) => evaluation.id);

  const freeTexts = (await replaceFreeTexts(app, tx, evaluations)) + (await redactMentions(tx, person, pattern));
  const outbox = await redactOutbox(app, tx, person, pattern, evaluationIds, anonymousEmail);
  await tx.execute(sql`update mail_deliveries set "to" = ${anonymousEmail} where lower("to") = lower(${person.email})`);
  // The count of failed password checks of the e-mail (migration 0010).
  await tx.execute(sql`delete from sign_in_throttle where email = lower(${person.email})`);
  const jobs = await removeJobs(tx, person, evaluationIds);
  // The audit log's one allowed change (migration 0009): the person's e-mail, announced for this transaction only.
  await tx.execute(sql`select set_config('avalia.lgpd_erase', ${`user:${person.id}`}, true)`);
  const audited = await rows<{ id: number }>(tx, sql`update audit_log set actor_email = ${anonymousEmail} where lower(actor_email) = lower(${person.email}) returning id`);
  await tx.execute(sql`select set_config('avalia.lgpd_erase', '', true)`);
  await tx.execute(
    sql`update users set name = ${m.erasedName}, email = ${anonymousEmail}, phone = null, password_hash = null, status = false,
          session_version = session_version + 1, personal_key = gen_random_uuid(), erased_at = now()
        where id = ${person.id}`,
  );
  return {
    userId: person.id,
    companyId: person.companyId,
    evaluations: evaluations.length,
    freeTexts,
    outboxMessages: outbox.messages,
    attachments: outbox.attachments,
    jobs,
    auditEntries: audited.length,
  };
}
