import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from './db/client.ts';
import { auditLog } from './db/schema.ts';

/*
 * The audit log (issue 14): every staff action that creates, changes, sends, exports or deletes
 * something, and every sign-in attempt, recorded with who, when, what and from which address. The row
 * is inserted with the transaction of the action, so it exists exactly when the action took effect (a
 * refused or failed action leaves none). The table is append-only in the database (migration 0007).
 */

/** Every action key the log records; the staff app labels each (`messages.audit.actions`). */
export const AUDIT_ACTIONS = [
  'session.signIn',
  'session.signInFailed',
  'session.locked',
  'company.create',
  'company.update',
  'sector.save',
  'position.save',
  'user.create',
  'user.update',
  'userRelations.delete',
  'userRelations.create',
  'profile.update',
  'course.create',
  'participant.create',
  'participant.delete',
  'evaluation.create',
  'evaluation.renew',
  'evaluation.delete',
  'cycle.create',
  'cycle.update',
  'cycle.close',
  'cycle.reopen',
  'cycle.remind',
  'risk.severity.save',
  'risk.severity.clear',
  'risk.matrix.save',
  'risk.matrix.reset',
  'risk.inventory.publish',
  'risk.exposureGroup.create',
  'risk.exposureGroup.update',
  'risk.exposureGroup.delete',
  'risk.measure.create',
  'risk.measure.update',
  'risk.review.trigger',
  'interview.save',
  'registrationLink.create',
  'mail.reminder',
  'mail.evaluation',
  'report.email',
  'report.export',
  'spreadsheet.import',
  'spreadsheet.export',
  'person.export',
  'person.erase',
] as const;

/** An action key of the log. */
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Small facts of an action: ids, counts, flags. Never passwords, never answer contents. */
export type AuditDetails = Record<string, unknown>;

/** One thing done. */
export interface AuditEntry {
  action: AuditAction;
  /** The company concerned, when there is one. */
  companyId?: number | null;
  /** What was acted on: 'user:42', 'evaluation:{uuid}', 'company:3'. */
  target?: string | null;
  details?: AuditDetails;
  /**
   * Who acted, when it is not the signed-in account of the request: the sign-ins (the e-mail as typed;
   * no id when the sign-in failed).
   */
  actor?: { id: number | null; email: string };
}

/**
 * Records what the request did, in `tx`: the transaction of the action itself (both commit or neither).
 * The actor is the request's signed-in account unless the entry names one; the address is `request.ip`,
 * which honours the app's TRUST_PROXY setting (the address the outermost trusted proxy saw).
 */
export async function recordAudit(tx: Tx | Db, request: FastifyRequest, entries: AuditEntry | AuditEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0) return;
  const account = request.account;
  await tx.insert(auditLog).values(
    list.map((entry) => ({
      actorUserId: entry.actor ? entry.actor.id : (account?.id ?? null),
      actorEmail: entry.actor ? entry.actor.email.slice(0, 254) : (account?.email ?? null),
      companyId: entry.companyId ?? null,
      action: entry.action,
      target: entry.target ?? null,
      details: entry.details ?? null,
      ip: request.ip ?? null,
    })),
  );
}

/**
 * Records what the server did on its own (the daily retention job): no account, no address. The entry
 * is inserted in `tx`, the transaction of the action.
 */
export async function recordSystemAudit(tx: Tx | Db, entries: AuditEntry | AuditEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0) return;
  await tx.insert(auditLog).values(
    list.map((entry) => ({
      actorUserId: null,
      actorEmail: null,
      companyId: entry.companyId ?? null,
      action: entry.action,
      target: entry.target ?? null,
      details: entry.details ?? null,
      ip: null,
    })),
  );
}
