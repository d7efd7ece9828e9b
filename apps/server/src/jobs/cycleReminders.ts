import type { FastifyInstance } from 'fastify';
import type { Job } from 'pg-boss';
import { messages } from '../../../../engine/messages.ts';
import { pendingCycleEvaluations, type MailEvaluation } from '../repositories/jobs.ts';
import type { CycleReminderJobData } from '../types.ts';
import { pendingReminder, sentResult } from './evaluationEmails.ts';

/*
 * 'Lembrar pendentes' of a round (issue 26): `POST /cycles/{id}/remind` queues one `cycleReminder` job
 * per person with pending evaluations of the round, starting in the reminders' business hours; at send
 * time the worker reads again what the person still has pending and e-mails it in one reminder.
 */

/**
 * The round's evaluations (of one evaluator when `userId` is given) that are neither done nor expired at
 * `now` and have a link (a type with a slug), by evaluator: the ones a reminder lists.
 */
export async function remindableOfCycle(app: FastifyInstance, cycleId: number, now: Date, userId?: number): Promise<MailEvaluation[]> {
  const pending = await pendingCycleEvaluations(app.db, cycleId, now, userId);
  return pending.filter((evaluation) => app.definitions.types.get(evaluation.typeEvaluation)?.slug);
}

/** The people (evaluators) of these evaluations, each once, in their order. */
export function remindedPeople(pending: MailEvaluation[]): MailEvaluation[] {
  const people = new Map<number, MailEvaluation>();
  for (const evaluation of pending) if (!people.has(evaluation.evaluatorId)) people.set(evaluation.evaluatorId, evaluation);
  return [...people.values()];
}

/**
 * Worker of `cycleReminder`: e-mails the person the manual reminder of the evaluations of the round
 * still pending (not answered, not expired, with a link) when it runs; none left, it sends nothing
 * (`sent: false`, with the reason for the monitor). The job id is the idempotency key, so a retried job never sends twice.
 */
export async function sendCycleReminder(app: FastifyInstance, job: Job<CycleReminderJobData>): Promise<Record<string, unknown>> {
  const cycleId = Number(job.data?.cycle_id);
  const userId = Number(job.data?.user_id);
  const nothing = { sent: false, message: messages.cycles.reminderNotNeeded };
  if (!Number.isInteger(cycleId) || !Number.isInteger(userId)) return nothing;
  const pending = await remindableOfCycle(app, cycleId, new Date(), userId);
  if (pending.length === 0) return nothing;
  const person = pending[0]!;
  const content = pendingReminder(app, pending);
  const { skipped } = await app.mailer.send({ key: `cycle-reminder:${job.id}`, to: person.evaluatorEmail, ...content, kind: 'reminder', companyId: person.evaluatorCompanyId });
  // The monitor's message says where it went, as the other e-mail jobs do.
  return { sent: true, evaluations: pending.length, ...sentResult(app, person.evaluatorEmail, skipped) };
}
