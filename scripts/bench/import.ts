/**
 * Benchmark of the spreadsheet import: builds an .xlsx of N employees (default 10,000) spread over 20
 * sectors and 10 positions, and imports it through the real route (`POST /api/users/excel/{companyId}`
 * of `buildApp`, signed in as the administrator) on a fresh in-memory PGlite, or on a fresh database of
 * the PostgreSQL server of `postgresUrl` (dropped afterwards). Only the upload-and-import call is timed.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { buildApp } from '../../apps/server/src/app.ts';
import { companies } from '../../apps/server/src/db/schema.ts';
import { seed } from '../../apps/server/src/seed.ts';
import { freshDatabase } from '../lib/scratchDatabase.ts';

/** What to measure. */
export interface BenchImportOptions {
  /** Employees in the file. Default 10,000. */
  rows?: number;
  /** A PostgreSQL server URL (any database on it); absent: PGlite in memory. */
  postgresUrl?: string;
}

/** The result: rows imported, seconds of the import call, and their ratio. */
export interface BenchImportResult {
  rows: number;
  seconds: number;
  rowsPerSecond: number;
}

const admin = { email: 'admin@bench.avalia', password: 'Admin-bench-2024!' };

/** The .xlsx the benchmark uploads, in the template layout. */
export async function benchWorkbook(rows: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const people = workbook.addWorksheet('Colaboradores');
  const sectorSheet = workbook.addWorksheet('Setores');
  const positionSheet = workbook.addWorksheet('Cargos');
  people.addRow(['Nome', 'Email', 'Telefone', 'Setor', 'Cargo', 'Id']);
  sectorSheet.addRow(['Setor', 'Id']);
  positionSheet.addRow(['Cargo', 'Id']);
  for (let index = 1; index <= 20; index += 1) sectorSheet.addRow([`Setor ${index}`]);
  for (let index = 1; index <= 10; index += 1) positionSheet.addRow([`Cargo ${index}`]);
  for (let index = 0; index < rows; index += 1) {
    people.addRow([`Colaborador ${index}`, `colaborador.${index}@bench.avalia`, `119${String(index).padStart(8, '0')}`, `Setor ${(index % 20) + 1}`, `Cargo ${(index % 10) + 1}`]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Imports `rows` employees into a fresh company and measures the call. */
export async function benchImport(options: BenchImportOptions = {}): Promise<BenchImportResult> {
  const rows = options.rows ?? 10000;
  const file = await benchWorkbook(rows);
  const { database, drop } = await freshDatabase(options.postgresUrl);
  const app = await buildApp({ db: database.db, jwtSecret: randomBytes(32).toString('hex'), timeZone: 'America/Sao_Paulo' });
  try {
    await seed(database.db, { adminEmail: admin.email, adminPassword: admin.password, companyEmail: 'empresa@bench.avalia', companyPassword: 'Empresa-bench-2024!', timeZone: 'America/Sao_Paulo' });
    await app.ready();
    const [company] = await database.db.insert(companies).values({ commercialName: 'Empresa Benchmark', companyName: 'Empresa Benchmark S.A.' }).returning();
    const signIn = await app.inject({ method: 'POST', url: '/api/sessions', payload: admin });
    const token = (signIn.json() as { token: string }).token;
    const boundary = `----avaliaBench${randomBytes(8).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: `/api/users/excel/${company!.id}`,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
    });
    const seconds = (performance.now() - started) / 1000;
    if (response.statusCode !== 200) throw new Error(`import answered ${response.statusCode}: ${response.body.slice(0, 500)}`);
    const created = (response.json() as { created: { employees: number } }).created.employees;
    if (created !== rows) throw new Error(`import created ${created} employees, expected ${rows}`);
    return { rows, seconds, rowsPerSecond: rows / seconds };
  } finally {
    await app.close();
    await drop();
  }
}
