/** Rows the route tests add or look up directly in the database. */
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import { companies, evaluations, meta, positions, responses, sectors, userPositions, userSectors, users } from '../../apps/server/src/db/schema.ts';
import { hashPassword } from '../../apps/server/src/passwords.ts';

/** The seeded demo company, its sectors, employees and their pending evaluations. */
export async function demoData(db: Db) {
  const [company] = await db.select().from(companies).where(eq(companies.commercialName, 'Empresa Demonstração'));
  const sectorRows = await db.select().from(sectors).where(eq(sectors.companyId, company!.id)).orderBy(asc(sectors.id));
  const employees = await db
    .select({ id: users.id, name: users.name, email: users.email, sectorId: userSectors.sectorId })
    .from(users)
    .innerJoin(userSectors, eq(userSectors.userId, users.id))
    .where(eq(users.typeAccount, 3))
    .orderBy(asc(users.id));
  const pending = await db.select().from(evaluations).orderBy(asc(evaluations.createdAt), asc(evaluations.userId));
  const sectorId = (name: string) => sectorRows.find((row) => row.sectorName === name)!.id;
  return { companyId: company!.id, sectorId, sectors: sectorRows, employees, evaluations: pending };
}

/** Adds "Outra Empresa" with a sector, an employee and that employee's pending PSS-14 evaluation. */
export async function addOtherCompany(db: Db) {
  const [company] = await db.insert(companies).values({ commercialName: 'Outra Empresa', companyName: 'Outra Empresa S.A.' }).returning();
  const [sector] = await db.insert(sectors).values({ companyId: company!.id, sectorName: 'Vendas' }).returning();
  const [employee] = await db
    .insert(users)
    .values({ name: 'Pedro Outra', email: 'pedro@outra.com.br', typeAccount: 3, companyId: company!.id })
    .returning();
  await db.insert(userSectors).values({ userId: employee!.id, sectorId: sector!.id });
  const [evaluation] = await db
    .insert(evaluations)
    .values({ userId: employee!.id, rated: employee!.id, typeEvaluation: 13, expireAt: new Date(Date.now() + 86400000) })
    .returning();
  return { companyId: company!.id, sectorId: sector!.id, employeeId: employee!.id, evaluationId: evaluation!.id };
}

/** Adds a user with a password (to prove that type 3 or inactive users cannot sign in). */
export async function addUserWithPassword(db: Db, values: { email: string; password: string; typeAccount: number; status?: boolean; companyId?: number | null }) {
  const [user] = await db
    .insert(users)
    .values({
      name: 'Usuário Teste',
      email: values.email,
      passwordHash: await hashPassword(values.password),
      typeAccount: values.typeAccount,
      status: values.status ?? true,
      companyId: values.companyId ?? null,
    })
    .returning();
  return user!;
}

/** Row count of a table (for "nothing stored" and idempotence checks). */
const TABLES = { companies, sectors, positions, users, userSectors, userPositions, evaluations, responses, meta };

export async function countRows(db: Db, table: keyof typeof TABLES): Promise<number> {
  const [row] = await db.select({ n: count() }).from(TABLES[table]);
  return Number(row!.n);
}

/** Moves an evaluation's expiry into the past. */
export async function expire(db: Db, evaluationId: string) {
  await db.execute(sql`UPDATE evaluations SET expire_at = now() - interval '1 day' WHERE id = ${evaluationId}`);
}
