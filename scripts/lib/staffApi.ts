/**
 * What the benchmarks and hostile scripts do as staff before their respondents come: call the API as
 * the seeded administrator, create questionnaire links for the demo company's people, and wait for the
 * e-mails those links queued to be written, so that the queue's work is not counted against what is
 * measured afterwards.
 */
import { credentials, type AppServer } from './appServer.ts';

/** One API call (`/api` + path) as JSON; throws with the status and the start of the body unless 2xx. */
export async function call<T>(server: AppServer, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${server.baseUrl}/api${path}`, {
    method,
    headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} /api${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A created evaluation: its id (the link's UUID) and who answers it. */
export interface CreatedEvaluation {
  id: string;
  user_id: number;
}

/** Every object in a JSON answer that looks like an evaluation (a UUID `evaluation_id` or `id`, and a `user_id`). */
export function evaluationsIn(value: unknown, found: CreatedEvaluation[] = []): CreatedEvaluation[] {
  if (Array.isArray(value)) {
    for (const item of value) evaluationsIn(item, found);
  } else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const id = record.evaluation_id ?? record.id;
    if (typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id) && typeof record.user_id === 'number') found.push({ id, user_id: record.user_id });
    else for (const item of Object.values(record)) evaluationsIn(item, found);
  }
  return found;
}

/** The administrator's token. */
export async function adminToken(server: AppServer): Promise<string> {
  return (await call<{ token: string }>(server, 'POST', '/sessions', credentials.admin)).token;
}

/**
 * `count` new links of questionnaire `type` (valid 30 days), for the people of `/users/all` in turn, made
 * 100 at a time through `POST /api/evaluation` as staff would.
 */
export async function createEvaluations(server: AppServer, token: string, count: number, type: number): Promise<CreatedEvaluation[]> {
  const users = await call<{ id: number; name: string }[]>(server, 'GET', '/users/all', undefined, token);
  const evaluations: CreatedEvaluation[] = [];
  for (let start = 0; start < count; start += 100) {
    const batch = Array.from({ length: Math.min(100, count - start) }, (_, index) => {
      const user = users[(start + index) % users.length]!;
      return { user_id: user.id, user_name: user.name, type_evaluation: type, validate: 30 };
    });
    const found = evaluationsIn(await call<unknown>(server, 'POST', '/evaluation', { users: batch }, token));
    if (found.length !== batch.length) throw new Error(`POST /api/evaluation for ${batch.length} users returned ${found.length} evaluations`);
    evaluations.push(...found);
  }
  return evaluations.slice(0, count);
}

/** Waits until the outbox holds at least `count` e-mails (each created link queues one), or throws after ten minutes. */
export async function drainOutbox(server: AppServer, token: string, count: number): Promise<void> {
  for (const deadline = Date.now() + 600_000; ; ) {
    const outbox = await call<{ total: number }>(server, 'GET', '/outbox?pageSize=1', undefined, token);
    if (outbox.total >= count) return;
    if (Date.now() > deadline) throw new Error(`the e-mail queue did not drain: ${outbox.total} of ${count} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
