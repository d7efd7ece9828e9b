/**
 * `npm run restore -- file.tar.gz [--replace]`: puts a PGlite backup (`npm run backup`) back into
 * DATA_DIR. The server must be stopped (the data directory's lock is taken). The directory must hold
 * no cluster, unless --replace, which moves the current one aside (`pglite.replaced-{time}`) rather
 * than deleting it. PostgreSQL backups are restored with pg_restore (see the README).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../apps/server/src/config.ts';
import { restorePglite } from '../apps/server/src/db/backup.ts';
import { DataDirLockedError, lockDataDir } from '../apps/server/src/lock.ts';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const args = process.argv.slice(2);
const file = args.find((arg) => !arg.startsWith('--'));
if (!file) fail('Uso: npm run restore -- arquivo.tar.gz [--replace]');
if (!existsSync(file)) fail(`${file} não existe.`);
const config = loadConfig({ ...process.env, NODE_ENV: undefined });
if (config.databaseUrl) fail('DATABASE_URL está definida: restaure cópias do PostgreSQL com pg_restore (veja o README).');
const dataDir = resolve(config.dataDir);
let lock;
try {
  lock = lockDataDir(dataDir);
} catch (error) {
  fail(error instanceof DataDirLockedError ? `${error.message} Pare o servidor antes de restaurar.` : String(error));
}
try {
  const result = await restorePglite(resolve(file), dataDir, { replace: args.includes('--replace') });
  lock.release();
  if (result.movedAside) process.stdout.write(`Os dados anteriores foram movidos para ${result.movedAside}.\n`);
  process.stdout.write(`Restaurado em ${dataDir} (${result.evaluations} avaliações). Inicie com: npm start\n`);
} catch (error) {
  lock.release();
  fail(`Falha na restauração: ${error instanceof Error ? error.message : String(error)}`);
}
