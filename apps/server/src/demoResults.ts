import { readdirSync, readFileSync } from 'node:fs';
import catalog from '../../../definitions/catalog.json' with { type: 'json' };
import type { Db } from './db/client.ts';
import { definitionsDir } from './definitions.ts';
import { evaluations, responses } from './db/schema.ts';

/*
 * Sample answers for the demo company, so a first start shows every results dashboard with numbers:
 * each golden case of `definitions/fixtures/` (hand-checked answer sets) becomes one answered
 * evaluation of a demo employee. Only on the first start, inside the seed's transaction.
 */

interface FixtureFile {
  questionnaire: string;
  cases: { responses: Record<string, string | string[]> }[];
}

/** The demo people the answers are spread over. */
export interface DemoPeople {
  companyId: number;
  /** Employee ids in the demo's order, with each one's sector. */
  employees: { id: number; sectorId: number }[];
}

/** The types answered through a link (a slug): a staff form (the 360 interview) gets no link responses. */
const typeOf = new Map(catalog.types.flatMap((entry) => ('definition' in entry && entry.definition && 'slug' in entry && entry.slug ? [[entry.definition, entry.type] as const] : [])));

/** The 360 evaluates the second demo employee; its self-evaluation is that employee's own. */
const EVALUATED = 1;
const SELF_360 = 1;
const THREE_SIXTY = 2;

/** Inserts one answered evaluation per golden case (dated over the last weeks, oldest first). */
export async function seedDemoResults(tx: Db, people: DemoPeople, now: Date): Promise<number> {
  const files = readdirSync(`${definitionsDir}fixtures`).filter((file) => file.endsWith('.json')).sort();
  let inserted = 0;
  for (const file of files) {
    const fixture = JSON.parse(readFileSync(`${definitionsDir}fixtures/${file}`, 'utf8')) as FixtureFile;
    const type = typeOf.get(fixture.questionnaire);
    if (type === undefined) continue;
    for (const [index, answers] of fixture.cases.entries()) {
      const evaluated = people.employees[EVALUATED]!;
      // Evaluators of the 360 are everyone but the evaluated person; a self-evaluation is theirs.
      const pool = type === THREE_SIXTY ? people.employees.filter((employee) => employee !== evaluated) : people.employees;
      const person = type === SELF_360 ? evaluated : pool[index % pool.length]!;
      const createdAt = new Date(now.getTime() - (fixture.cases.length - index) * 86_400_000);
      const [row] = await tx
        .insert(evaluations)
        .values({
          userId: person.id,
          rated: type === THREE_SIXTY || type === SELF_360 ? evaluated.id : person.id,
          ratedSector: person.sectorId,
          typeEvaluation: type,
          version: 1,
          done: true,
          companyId: people.companyId,
          createdAt,
          expireAt: new Date(createdAt.getTime() + 30 * 86_400_000),
        })
        .returning({ id: evaluations.id });
      const items = Object.entries(answers.responses).flatMap(([question, response]) =>
        (Array.isArray(response) ? response : [response]).map((one) => ({ evaluationId: row!.id, question, response: one, createdAt })),
      );
      if (items.length > 0) await tx.insert(responses).values(items);
      inserted += 1;
    }
  }
  return inserted;
}
