/**
 * The dates of the dashboards' filter choices are written in the app's time zone (APP_TIMEZONE), like
 * every other date of the product: an evaluation saved at 20:00 UTC on 10 March is the 10th in São
 * Paulo and the 11th in Tokyo. (The choices once wrote them in São Paulo whatever the setting.)
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { evaluations } from '../../apps/server/src/db/schema.ts';
import { bearer } from './testApp.ts';
import { adminToken, demo, setUpWorld, t } from './world.ts';

setUpWorld({ timeZone: 'Asia/Tokyo', seed: { demoResults: true } });

const EVENING_UTC = new Date('2026-03-10T20:00:00.000Z');

async function labels(id: number, filter: string, query: Record<string, string | number>): Promise<{ value: string | number; label: string }[]> {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString();
  const answer = await t.app.inject({ method: 'GET', url: `/api/dashboards/${id}/options/${filter}?${search}`, headers: bearer(adminToken) });
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as { options: { value: string | number; label: string }[] }).options;
}

describe('filter choices in the configured time zone', () => {
  it('dates the alignment choices in APP_TIMEZONE', async () => {
    const [first] = await labels(15, 'alignment', { company_id: demo.companyId });
    expect(first).toBeDefined();
    await t.db.update(evaluations).set({ createdAt: EVENING_UTC }).where(eq(evaluations.id, String(first!.value)));
    const chosen = (await labels(15, 'alignment', { company_id: demo.companyId })).find((option) => option.value === first!.value);
    expect(chosen?.label).toMatch(/\(11\/03\/2026\)$/);
  });

  it('dates the version choices in APP_TIMEZONE', async () => {
    const [evaluated] = await labels(2, 'evaluated', { company_id: demo.companyId });
    expect(evaluated).toBeDefined();
    const query = { company_id: demo.companyId, evaluated_id: evaluated!.value };
    const [version] = await labels(2, 'version', query);
    expect(version).toBeDefined();
    // Every evaluation of that person is made older, so the version's first one is the evening above.
    await t.db.update(evaluations).set({ createdAt: EVENING_UTC }).where(sql`coalesce(${evaluations.rated}, ${evaluations.userId}) = ${Number(evaluated!.value)}`);
    const [dated] = await labels(2, 'version', query);
    expect(dated?.label).toContain('11/03/2026');
  });
});
