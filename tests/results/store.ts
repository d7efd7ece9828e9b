/**
 * Stores a generated world in a test app's database, as the app would have stored it: companies with
 * their anonymity minimum, sectors, participants in them, a company user per company, the company's
 * rounds (`cycles`, in a shuffled order, each listing the types answered in it), and every planned
 * evaluation with its round and its answer rows (`responses`, one row per answer, one per tick).
 */
import { randomUUID } from 'node:crypto';
import { companies, cycles, evaluations, responses, sectors, userSectors, users } from '../../apps/server/src/db/schema.ts';
import type { Db } from '../../apps/server/src/db/client.ts';
import type { World } from './generate.ts';

/** The database ids of a stored company. */
export interface StoredCompany {
  id: number;
  anonymityMin: number;
  sectorIds: number[];
  /** Participant ids, by person index. */
  people: number[];
  /** The company user (type 2) of the company. */
  companyUser: number;
  /** Evaluation ids, by planned evaluation index. */
  evaluations: string[];
  /** Cycle ids, by planned round index (oldest first). */
  cycleIds: number[];
}

/** A stored world. */
export interface StoredWorld {
  companies: StoredCompany[];
}

const NAMES = ['Ana Souza', 'Bruno Lima', 'Carla Dias', 'Diego Rocha', 'Elisa Melo', 'Fábio Nunes', 'Gisele Reis', 'Hugo Alves', 'Íris Costa', 'João Pires', 'Kátia Ramos', 'Luís Moura'];

/** Stores a world; `tag` makes its e-mail addresses and names unique in the database. */
export async function storeWorld(db: Db, world: World, tag: string, start: Date): Promise<StoredWorld> {
  const stored: StoredWorld = { companies: [] };
  for (const [index, planned] of world.companies.entries()) {
    const [company] = await db
      .insert(companies)
      .values({ commercialName: `Gerada ${tag}.${index}`, companyName: `Gerada ${tag}.${index} Ltda.`, anonymityMin: planned.anonymityMin })
      .returning({ id: companies.id });
    const sectorRows = await db
      .insert(sectors)
      .values(Array.from({ length: planned.sectors }, (_none, n) => ({ companyId: company!.id, sectorName: `Setor ${n + 1}` })))
      .returning({ id: sectors.id });
    const sectorIds = sectorRows.map((row) => row.id);
    const people = await db
      .insert(users)
      .values(planned.people.map((_sector, n) => ({ name: `${NAMES[n % NAMES.length]} ${tag}.${index}.${n}`, email: `p${n}.${index}.${tag}@gerado.test`, typeAccount: 3, companyId: company!.id })))
      .returning({ id: users.id });
    const inSector = planned.people.flatMap((sector, n) => (sector === null ? [] : [{ userId: people[n]!.id, sectorId: sectorIds[sector]! }]));
    if (inSector.length > 0) await db.insert(userSectors).values(inSector);
    const [companyUser] = await db
      .insert(users)
      .values({ name: `Gestora ${tag}.${index}`, email: `gestora.${index}.${tag}@gerado.test`, typeAccount: 2, companyId: company!.id })
      .returning({ id: users.id });
    const cycleIds: number[] = new Array<number>(planned.cycles.length).fill(0);
    for (const round of planned.cycleStoreOrder) {
      const roundTypes = [...new Set(planned.evaluations.filter((evaluation) => evaluation.cycle === round).map((evaluation) => evaluation.type))].sort((a, b) => a - b);
      const [cycle] = await db
        .insert(cycles)
        .values({ companyId: company!.id, name: planned.cycles[round]!.name, types: roundTypes, opensOn: planned.cycles[round]!.opensOn })
        .returning({ id: cycles.id });
      cycleIds[round] = cycle!.id;
    }
    const ids = planned.evaluations.map(() => randomUUID());
    const rows = planned.evaluations.map((evaluation, n) => {
      const createdAt = new Date(start.getTime() + evaluation.order * 60000);
      return {
        id: ids[n]!,
        userId: people[evaluation.person]!.id,
        rated: evaluation.rated === null ? null : people[evaluation.rated]!.id,
        ratedSector: evaluation.ratedSector === null ? null : sectorIds[evaluation.ratedSector]!,
        typeEvaluation: evaluation.type,
        version: evaluation.version,
        cycleId: evaluation.cycle === null ? null : cycleIds[evaluation.cycle]!,
        done: evaluation.done,
        createdAt,
        expireAt: new Date(createdAt.getTime() + 30 * 86400000),
      };
    });
    for (let from = 0; from < rows.length; from += 500) await db.insert(evaluations).values(rows.slice(from, from + 500));
    const answers = planned.evaluations.flatMap((evaluation, n) => evaluation.answers.map((item) => ({ evaluationId: ids[n]!, question: item.question, response: item.response })));
    for (let from = 0; from < answers.length; from += 1000) await db.insert(responses).values(answers.slice(from, from + 1000));
    stored.companies.push({ id: company!.id, anonymityMin: planned.anonymityMin, sectorIds, people: people.map((row) => row.id), companyUser: companyUser!.id, evaluations: ids, cycleIds });
  }
  return stored;
}
