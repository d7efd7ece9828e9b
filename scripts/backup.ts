/**
 * `npm run backup [-- --out=file]`: a consistent copy of the data.
 * - PGlite (no DATABASE_URL): a .tar.gz of the cluster in `{DATA_DIR}/backups/` (or --out). With the
 *   server running, the server itself writes it (asked through SIGUSR2 and `backup-request.json`,
 *   since only one process may open the data directory); with the server stopped, this script opens
 *   the directory (taking its lock) and writes it. Restore with `npm run restore -- file`.
 * - PostgreSQL (DATABASE_URL): `pg_dump --format=custom` to `avalia-{time}.dump` (or --out); restore
 *   with `pg_restore --clean --if-exists -d "$DATABASE_URL" file`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../apps/server/src/config.ts';
import { BACKUP_REQUEST, backupErrorPath, defaultBackupPath } from '../apps/server/src/db/backup.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { liveLockHolder, lockDataDir } from '../apps/server/src/lock.ts';

const WAIT_SECONDS = 300;

function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.slice(2).find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function backupPostgres(url: string): Promise<void> {
  const out = resolve(option('out') ?? `avalia-${new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-')}.dump`);
  const result = spawnSync('pg_dump', ['--format=custom', `--file=${out}`, url], { stdio: 'inherit' });
  if (result.error) fail(`pg_dump não foi encontrado (${result.error.message}). Instale o cliente do PostgreSQL (Debian: postgresql-client) ou use o backup do seu serviço gerenciado.`);
  if (result.status !== 0) fail(`pg_dump terminou com código ${result.status}; nada foi gravado em ${out}.`);
  process.stdout.write(`Cópia de segurança gravada em ${out} (${megabytes(statSync(out).size)}). Restaure com: pg_restore --clean --if-exists -d "$DATABASE_URL" ${out}\n`);
}

/** Asks the running server (pid) for the copy and waits for the file or its error. */
async function backupThroughServer(dataDir: string, pid: number, out: string): Promise<void> {
  const request = join(dataDir, BACKUP_REQUEST);
  rmSync(backupErrorPath(out), { force: true });
  writeFileSync(request, JSON.stringify({ out }));
  try {
    process.kill(pid, 'SIGUSR2');
    for (let waited = 0; waited < WAIT_SECONDS * 10; waited += 1) {
      if (existsSync(out)) return;
      if (existsSync(backupErrorPath(out))) fail(`O servidor não conseguiu gravar a cópia: ${readFileSync(backupErrorPath(out), 'utf8').trim()}`);
      await sleep(100);
    }
    fail(`O servidor (processo ${pid}) não gravou a cópia em ${WAIT_SECONDS} s.`);
  } finally {
    rmSync(request, { force: true });
  }
}

async function backupPglite(dataDir: string): Promise<void> {
  const out = resolve(option('out') ?? defaultBackupPath(dataDir));
  if (existsSync(out)) fail(`${out} já existe; escolha outro --out.`);
  const holder = liveLockHolder(dataDir);
  if (holder) {
    process.stdout.write(`O servidor (processo ${holder.pid}) está usando ${dataDir}: pedindo a cópia a ele...\n`);
    await backupThroughServer(dataDir, holder.pid, out);
  } else {
    const lock = lockDataDir(dataDir);
    try {
      const database = await openDatabase({ kind: 'pglite', dataDir });
      try {
        await database.backup!(out);
      } finally {
        await database.close();
      }
    } finally {
      lock.release();
    }
  }
  process.stdout.write(`Cópia de segurança gravada em ${out} (${megabytes(statSync(out).size)}). Restaure com: npm run restore -- ${out}\n`);
}

const config = loadConfig({ ...process.env, NODE_ENV: undefined });
try {
  if (config.databaseUrl) await backupPostgres(config.databaseUrl);
  else await backupPglite(resolve(config.dataDir));
} catch (error) {
  fail(`Falha na cópia de segurança: ${error instanceof Error ? error.message : String(error)}`);
}
