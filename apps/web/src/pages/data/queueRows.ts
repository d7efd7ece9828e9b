import { messages } from '../../../../../engine/messages';
import type { QueueJob } from '../../../../server/src/contract/notifications';
import { catalog } from '../../catalog';

const m = messages.screenData;

/** How the monitor shows a job's outcome. */
export type JobStatus = 'failed' | 'succeeded' | 'waiting';

/**
 * A job is failed when it has a failure reason and succeeded when it finished; one still queued or
 * running (the spec is silent: it only knows the two end states) is shown as waiting.
 */
export function jobStatus(job: Pick<QueueJob, 'failedReason' | 'state'>): JobStatus {
  if (job.failedReason) return 'failed';
  return job.state === 'completed' ? 'succeeded' : 'waiting';
}

/** The Mensagem column: the failure reason, or the job's return value (its message when it has one). */
export function jobMessage(job: Pick<QueueJob, 'failedReason' | 'returnvalue'>): string {
  if (job.failedReason) return job.failedReason;
  const value = job.returnvalue;
  if (!value) return '';
  return typeof value.message === 'string' ? value.message : JSON.stringify(value);
}

/** The Portuguese name of a queue (createEvaluation, updateEvaluation, reportEmail), or the name itself. */
export function jobTypeLabel(type: string): string {
  const labels: Record<string, string> = { createEvaluation: m.job_createEvaluation, updateEvaluation: m.job_updateEvaluation, reportEmail: m.job_reportEmail, cycleReminder: m.job_cycleReminder };
  return labels[type] ?? type;
}

/** The name of an evaluation type, or '' when absent. */
export function evaluationName(type: number | null | undefined): string {
  if (type === null || type === undefined) return '';
  return catalog.types.find((entry) => entry.type === type)?.name ?? String(type);
}
