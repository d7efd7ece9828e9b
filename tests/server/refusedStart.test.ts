/**
 * A start the routes refuse (here: two staff forms, where the paths without a type serve one) stops
 * what the app had already started: the job queue (pg-boss, its own connections and timers) and the
 * report threads. Before, the queue kept running after `buildApp` had thrown: on PostgreSQL its
 * connections held the database, whose drop then waited for them.
 */
import { describe, expect, it } from 'vitest';
import { loadDefinitions, type Definitions } from '../../apps/server/src/definitions.ts';
import { buildTestApp } from './testApp.ts';
import { interviewQuestionnaire } from '../staffForms.ts';

/** The loaded definitions with a copy of the interview as a second staff form (type 99). */
function twoStaffForms(): Definitions {
  const loaded = loadDefinitions();
  const second = structuredClone(interviewQuestionnaire);
  second.type = 99;
  second.title = 'Entrevista de desligamento';
  const types = new Map(loaded.types).set(99, { type: 99, name: 'Entrevista de desligamento', definition: 'desligamento' });
  return { ...loaded, types, questionnaires: new Map(loaded.questionnaires).set(99, second) };
}

describe('a refused start', () => {
  it('stops the job queue it had started, so the database is free again', { timeout: 30000 }, async () => {
    // buildTestApp drops its database when the start fails: that drop waits for every connection to end.
    await expect(buildTestApp({ seeded: false, definitions: twoStaffForms() })).rejects.toThrow(/staff|formulário|99/i);
  });
});
