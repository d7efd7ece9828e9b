import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { DurableNodeFS, DURABLE_START_PARAMS } from './durablePglite.ts';

/** Where a PGlite data directory keeps its cluster (`openDatabase` puts it there). */
export function pgliteDir(dataDir: string): string {
  return join(dataDir, 'pglite');
}

/** Where backups go unless told otherwise. */
export function defaultBackupPath(dataDir: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
  return join(dataDir, 'backups', `avalia-${stamp}.tar.gz`);
}

/** Writes `bytes` to `path` all or nothing: a temporary file, flushed, then renamed into place. */
function writeAtomically(path: string, bytes: Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.partial`;
  writeFileSync(temporary, bytes);
  const fd = openSync(temporary, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
}

/**
 * A consistent copy of a running PGlite cluster as a .tar.gz: a checkpoint, then PGlite's own dump of
 * its files, taken while no other query can run (PGlite runs one at a time), so the copy is what a
 * crash at that instant would leave, which PostgreSQL recovers from. Returns the file's size.
 */
export async function backupPglite(client: PGlite, path: string): Promise<number> {
  await client.exec('CHECKPOINT');
  const dump = await client.dumpDataDir('gzip');
  const bytes = new Uint8Array(await dump.arrayBuffer());
  writeAtomically(path, bytes);
  return bytes.length;
}

/** Thrown when a restore would overwrite data. */
export class RestoreRefusedError extends Error {}

/**
 * Restores a backup into `{dataDir}/pglite`, which must be absent or empty; with `replace`, an existing
 * cluster is moved aside to `pglite.replaced-{time}` first (nothing is deleted). Opens the restored
 * cluster once (PostgreSQL replays its WAL) and returns how many evaluations it holds, as a check.
 */
export async function restorePglite(backupFile: string, dataDir: string, options: { replace?: boolean; now?: Date } = {}): Promise<{ evaluations: number; movedAside?: string }> {
  const target = pgliteDir(dataDir);
  let movedAside: string | undefined;
  if (existsSync(target) && readdirSync(target).length > 0) {
    if (!options.replace) throw new RestoreRefusedError(`${target} já tem dados / already holds data`);
    movedAside = `${target}.replaced-${(options.now ?? new Date()).toISOString().replace(/[:.]/g, '-')}`;
    renameSync(target, movedAside);
  }
  mkdirSync(target, { recursive: true });
  const bytes = readFileSync(backupFile);
  const client = new PGlite({ fs: new DurableNodeFS(target), startParams: [...DURABLE_START_PARAMS], loadDataDir: new Blob([bytes]) });
  try {
    await client.waitReady;
    await client.exec('CHECKPOINT');
    const result = await client.query<{ count: number }>('SELECT count(*)::int AS count FROM evaluations');
    return { evaluations: result.rows[0]?.count ?? 0, movedAside };
  } finally {
    await client.close();
  }
}

/** File in the data directory through which `npm run backup` tells a running server where to write. */
export const BACKUP_REQUEST = 'backup-request.json';

/** Where a failed backup's reason is written, beside the file it should have been. */
export function backupErrorPath(path: string): string {
  return `${path}.error`;
}

/**
 * Answers a backup request (SIGUSR2): reads `{dataDir}/backup-request.json` (`{ "out": path }`; absent:
 * the default path), writes the copy there, or the reason it failed to `{path}.error`.
 */
export async function answerBackupRequest(dataDir: string, backup: (path: string) => Promise<number>): Promise<void> {
  const requestFile = join(dataDir, BACKUP_REQUEST);
  let out = defaultBackupPath(dataDir);
  try {
    const request = JSON.parse(readFileSync(requestFile, 'utf8')) as { out?: unknown };
    if (typeof request.out === 'string' && request.out !== '') out = request.out;
  } catch {
    // No request file: a signal sent by hand; the default path will do.
  }
  try {
    const size = await backup(out);
    process.stdout.write(`Cópia de segurança gravada em ${out} (${(size / 1024 / 1024).toFixed(1)} MB).\n`);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    writeFileSync(backupErrorPath(out), `${reason}\n`);
    process.stderr.write(`Falha na cópia de segurança (${out}): ${reason}\n`);
  }
}
