import { afterAll, beforeAll } from 'vitest';
import { addOtherCompany, demoData } from './fixtures.ts';
import { buildTestApp, signIn, type TestApp } from './testApp.ts';

/*
 * The shared world of a route-test file: a fresh app on its own database, the demo data, a second
 * company, and both staff tokens. Exported as live bindings that `setUpWorld` fills before the tests run
 * (Vitest gives each test file its own copy of this module).
 */

/** The app under test and its database. */
export let t: TestApp;
/** Token of the demo administrator (type 1). */
export let adminToken: string;
/** Token of the demo company user (type 2). */
export let companyToken: string;
/** The seeded demo company, its sectors, employees and evaluations. */
export let demo: Awaited<ReturnType<typeof demoData>>;
/** A second company whose data the company user must never see. */
export let other: Awaited<ReturnType<typeof addOtherCompany>>;

/** Registers the hooks that build the world before the file's tests and close it after. */
export function setUpWorld(options: Parameters<typeof buildTestApp>[0] = {}): void {
  beforeAll(async () => {
    t = await buildTestApp(options);
    demo = await demoData(t.db);
    other = await addOtherCompany(t.db);
    adminToken = await signIn(t.app, 'admin');
    companyToken = await signIn(t.app, 'company');
  });
  afterAll(async () => {
    await t?.close();
  });
}
