import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import catalog from '../../../definitions/catalog.json' with { type: 'json' };
import { requestedTypeOf } from '../../../engine/lifecycle/creationPlan.ts';
import { expiryFor } from '../../../engine/lifecycle/linkState.ts';
import { localDay } from '../../../engine/rules/dates.ts';
import type { Database, Db } from './db/client.ts';
import { asOnlyStarter, readMeta, storedJwtSecret } from './db/meta.ts';
import { companies, cycles, evaluations, meta, positions, sectors, userPositions, userSectors, users } from './db/schema.ts';
import { exposureGroupPositions, exposureGroups, exposureGroupSectors } from './db/riskSchema.ts';
import { automaticCycles } from './cycles.ts';
import { seedDemoResults } from './demoResults.ts';
import { hashPassword } from './passwords.ts';
import { ACCOUNT } from '../../../engine/accounts.ts';

/** What the seed takes from the configuration. */
export interface SeedOptions {
  adminEmail: string;
  adminPassword: string;
  companyEmail: string;
  companyPassword: string;
  timeZone: string;
  /** Create the demo company, its user, employees and links. False: only the administrator. Default true. */
  demoData?: boolean;
  /** With the demo data, also sample answers for every results dashboard (`demoResults.ts`). Default false. */
  demoResults?: boolean;
}

/** An employee's open questionnaire link. */
export interface DemoLink {
  name: string;
  email: string;
  evaluationId: string;
  /** Evaluation type of the link. */
  type: number;
}

/** The outcome of `seed`: whether it created the demo now, and the demo employees' open links. */
export interface SeedResult {
  created: boolean;
  links: DemoLink[];
}

/** The demo company's exposure groups (NR-1): made of its sectors and positions by name. */
const DEMO_EXPOSURE_GROUPS = [
  { name: 'Operação em turnos', description: 'Atendimento e operação em turnos, com metas diárias.', sectors: ['Operações'], positions: [] },
  { name: 'Lideranças', description: 'Coordenação de equipes e metas.', sectors: [], positions: ['Coordenador'] },
];

const DEMO_COMPANY = {
  commercialName: 'Empresa Demonstração',
  companyName: 'Empresa Demonstração Ltda.',
  cnpj: '11.222.333/0001-81',
  phone: '(11) 3333-4444',
};

/** Demo employees (type 3): sector and position by name. */
export const DEMO_EMPLOYEES = [
  { name: 'Ana Paula Souza', email: 'ana.souza@demonstracao.com.br', sector: 'Administrativo', position: 'Analista' },
  { name: 'Bruno Henrique Lima', email: 'bruno.lima@demonstracao.com.br', sector: 'Administrativo', position: 'Coordenador' },
  { name: 'Carla Mendes Ribeiro', email: 'carla.ribeiro@demonstracao.com.br', sector: 'Administrativo', position: 'Analista' },
  { name: 'Diego Alves Santos', email: 'diego.santos@demonstracao.com.br', sector: 'Operações', position: 'Operador' },
  { name: 'Fernanda Oliveira Costa', email: 'fernanda.costa@demonstracao.com.br', sector: 'Operações', position: 'Coordenador' },
  { name: 'Gabriel Pereira Rocha', email: 'gabriel.rocha@demonstracao.com.br', sector: 'Operações', position: 'Operador' },
  { name: 'Juliana Martins Carvalho', email: 'juliana.carvalho@demonstracao.com.br', sector: 'Operações', position: 'Operador' },
] as const;

const SECTORS = ['Administrativo', 'Operações'];
const POSITIONS = ['Analista', 'Coordenador', 'Operador'];
/** The PSS-14 evaluation type and how long the demo links stay open. */
const DEMO_TYPE = 13;
const DEMO_DAYS = 30;
/** Every other questionnaire of the catalogue: the first demo employee gets one link of each. */
/** A questionnaire's name in the catalogue. */
const typeName = (type: number) => catalog.types.find((entry) => entry.type === type)?.name ?? String(type);

const SAMPLE_TYPES = catalog.types.filter((entry) => 'definition' in entry && entry.slug && entry.type !== DEMO_TYPE);
const slugOf = new Map(catalog.types.map((entry) => [entry.type, entry.slug]));
const nameOf = new Map(catalog.types.map((entry) => [entry.type, entry.name]));

function byName<T extends { id: number }>(rows: T[], key: (row: T) => string): Map<string, number> {
  return new Map(rows.map((row) => [key(row), row.id]));
}

/**
 * Creates the demo data on the first start only: the administrator and the company user from the
 * configuration, "Empresa Demonstração" with two sectors, employees, and one pending PSS-14 evaluation
 * each (30 days). A `meta` row marks it done; everything is one transaction, so a second run (or a
 * second process) creates nothing.
 */
export async function seed(db: Db, options: SeedOptions, now: Date = new Date()): Promise<SeedResult> {
  if ((await readMeta(db, 'seeded')) === null) {
    // Hashing is slow and is I/O-free CPU work: done before the transaction, which must not wait on it.
    const [adminHash, companyHash] = await Promise.all([hashPassword(options.adminPassword), hashPassword(options.companyPassword)]);
    const expireAt = expiryFor(now, DEMO_DAYS, options.timeZone);
    const created = await db.transaction(async (tx) => {
      const marked = await tx.insert(meta).values({ key: 'seeded', value: now.toISOString() }).onConflictDoNothing().returning();
      if (marked.length === 0) return false;
      if (options.demoData === false) {
        // An empty installation: the administrator signs in and registers everything else.
        await tx
          .insert(users)
          .values({ name: 'Administrador Avalia', email: options.adminEmail.toLowerCase(), passwordHash: adminHash, typeAccount: ACCOUNT.administrator })
          .onConflictDoNothing();
        return true;
      }
      const [company] = await tx.insert(companies).values(DEMO_COMPANY).returning({ id: companies.id });
      const companyId = company!.id;
      const sectorIds = byName(
        await tx.insert(sectors).values(SECTORS.map((sectorName) => ({ companyId, sectorName }))).returning(),
        (row) => row.sectorName,
      );
      const positionIds = byName(
        await tx.insert(positions).values(POSITIONS.map((positionName) => ({ companyId, positionName }))).returning(),
        (row) => row.positionName,
      );
      await tx
        .insert(users)
        .values([
          { name: 'Administrador Avalia', email: options.adminEmail.toLowerCase(), passwordHash: adminHash, typeAccount: ACCOUNT.administrator },
          { name: 'Gestão Empresa Demonstração', email: options.companyEmail.toLowerCase(), passwordHash: companyHash, typeAccount: ACCOUNT.company, companyId },
        ])
        .onConflictDoNothing();
      const employees = await tx
        .insert(users)
        .values(DEMO_EMPLOYEES.map((employee) => ({ name: employee.name, email: employee.email, typeAccount: ACCOUNT.participant, companyId })))
        .returning({ id: users.id, email: users.email });
      const idOf = byName(employees, (row) => row.email);
      await tx.insert(userSectors).values(DEMO_EMPLOYEES.map((employee) => ({ userId: idOf.get(employee.email)!, sectorId: sectorIds.get(employee.sector)! })));
      await tx
        .insert(userPositions)
        .values(DEMO_EMPLOYEES.map((employee) => ({ userId: idOf.get(employee.email)!, positionId: positionIds.get(employee.position)! })));
      // Two exposure groups of the psychosocial risk programme: one shown beside the sectors, one under the minimum.
      const groups = await tx
        .insert(exposureGroups)
        .values(DEMO_EXPOSURE_GROUPS.map((group) => ({ companyId, name: group.name, description: group.description })))
        .returning({ id: exposureGroups.id });
      await tx.insert(exposureGroupSectors).values(DEMO_EXPOSURE_GROUPS.flatMap((group, index) => group.sectors.map((sector) => ({ groupId: groups[index]!.id, sectorId: sectorIds.get(sector)! }))));
      await tx.insert(exposureGroupPositions).values(DEMO_EXPOSURE_GROUPS.flatMap((group, index) => group.positions.map((position) => ({ groupId: groups[index]!.id, positionId: positionIds.get(position)! }))));
      // One link of every other questionnaire for the first employee; the 360 evaluates the second one.
      const [first, second] = DEMO_EMPLOYEES;
      const firstId = idOf.get(first.email)!;
      const links = [
        ...DEMO_EMPLOYEES.map((employee) => {
          const userId = idOf.get(employee.email)!;
          return { userId, rated: userId, ratedSector: sectorIds.get(employee.sector)!, typeEvaluation: DEMO_TYPE, version: 1, expireAt };
        }),
        ...SAMPLE_TYPES.map((entry) => ({
          userId: firstId,
          rated: entry.type === 2 ? idOf.get(second.email)! : firstId,
          ratedSector: sectorIds.get(first.sector)!,
          typeEvaluation: entry.type,
          version: 1,
          expireAt,
        })),
      ];
      const owner = { companyId, courseId: null };
      // With the sample answers, each link joins the open round of its questionnaire's answers (a round
      // under way: some answered, these pending); otherwise each questionnaire's links are a round of
      // their own, as an 'Avaliar' without a cycle makes.
      let rounds = new Map<number, number>();
      if (options.demoResults) {
        const people = DEMO_EMPLOYEES.map((employee) => ({ id: idOf.get(employee.email)!, sectorId: sectorIds.get(employee.sector)!, position: employee.position }));
        ({ rounds } = await seedDemoResults(tx, { companyId, employees: people }, { now, timeZone: options.timeZone, typeName }));
      }
      const roundOf = (type: number) => rounds.get(requestedTypeOf(type, catalog.types));
      const alone = links.filter((link) => roundOf(link.typeEvaluation) === undefined);
      const automatic = await automaticCycles(
        tx,
        alone.map((link) => ({ owner, requestedType: link.typeEvaluation, typeEvaluation: link.typeEvaluation, expireAt })),
        { now, timeZone: options.timeZone, typeName },
      );
      const own = new Map(alone.map((link, index) => [link, automatic[index]]));
      await tx.insert(evaluations).values(links.map((link) => ({ ...link, cycleId: roundOf(link.typeEvaluation) ?? own.get(link) ?? null })));
      // The answered rounds the links joined stay open until the links expire.
      const joined = [...new Set(links.flatMap((link) => roundOf(link.typeEvaluation) ?? []))];
      if (joined.length > 0) {
        await tx
          .update(cycles)
          .set({ closesOn: sql`greatest(${cycles.closesOn}, ${localDay(expireAt, options.timeZone)}::date)` })
          .where(inArray(cycles.id, joined));
      }
      return true;
    });
    return { created, links: await demoLinks(db, now) };
  }
  return { created: false, links: await demoLinks(db, now) };
}

/**
 * What a start does to the database before serving: apply the migrations, read (or generate) the JWT
 * secret unless one is configured, and seed. Several servers may start at once on one PostgreSQL
 * database: `asOnlyStarter` makes them do it one at a time, so the later ones find it all done.
 */
export async function prepareDatabase(database: Database, options: SeedOptions & { jwtSecret?: string }): Promise<{ jwtSecret: string; seeded: SeedResult }> {
  return asOnlyStarter(database.db, async () => {
    await database.migrate();
    const jwtSecret = options.jwtSecret ?? (await storedJwtSecret(database.db));
    return { jwtSecret, seeded: await seed(database.db, options) };
  });
}

/** The demo employees' links that are still open at `now`, in the employees' order, then by type. */
export async function demoLinks(db: Db, now: Date = new Date()): Promise<DemoLink[]> {
  const rows = await db
    .select({ name: users.name, email: users.email, evaluationId: evaluations.id, type: evaluations.typeEvaluation })
    .from(evaluations)
    .innerJoin(users, eq(users.id, evaluations.userId))
    .where(
      and(
        inArray(
          users.email,
          DEMO_EMPLOYEES.map((employee) => employee.email),
        ),
        eq(evaluations.done, false),
        gt(evaluations.expireAt, now),
      ),
    );
  const order = DEMO_EMPLOYEES.map((employee) => employee.email as string);
  return rows.sort((a, b) => order.indexOf(a.email) - order.indexOf(b.email) || a.type - b.type);
}

/** The readable start-up block: accounts (on the first start) and the open links. */
export function seedReport(result: SeedResult, options: SeedOptions & { publicUrl: string }): string {
  const lines = ['', '================ Avalia: dados de demonstração ================'];
  if (result.created && options.demoData === false) {
    lines.push('Acesso (criado agora, sem dados de demonstração):', `  Administrador:    ${options.adminEmail}  senha: ${options.adminPassword}`);
  } else if (result.created) {
    lines.push(
      'Acesso (criado agora):',
      `  Administrador:    ${options.adminEmail}  senha: ${options.adminPassword}`,
      `  Usuário empresa:  ${options.companyEmail}  senha: ${options.companyPassword}`,
    );
  } else {
    lines.push('Dados de demonstração já existentes (nada foi criado de novo).');
  }
  const url = (link: DemoLink) => `${options.publicUrl}/${slugOf.get(link.type)}/${link.evaluationId}`;
  const stress = result.links.filter((link) => link.type === DEMO_TYPE);
  if (stress.length > 0) {
    lines.push('', 'Links da Escala de Estresse Percebido (PSS-14) ainda abertos:');
    const width = Math.max(...stress.map((link) => link.name.length));
    for (const link of stress) lines.push(`  ${link.name.padEnd(width)}  ${url(link)}`);
  }
  const samples = result.links.filter((link) => link.type !== DEMO_TYPE);
  if (samples.length > 0) {
    lines.push('', `Um link de cada outro questionário (respondente: ${samples[0]!.name}):`);
    const width = Math.max(...samples.map((link) => (nameOf.get(link.type) ?? '').length));
    for (const link of samples) lines.push(`  ${(nameOf.get(link.type) ?? '').padEnd(width)}  ${url(link)}`);
  }
  lines.push('==============================================================', '');
  return lines.join('\n');
}
