import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { format, messages } from '../../../engine/messages.ts';

/** Thrown when another live process holds the data directory. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(format(messages.api.dataDirLocked, { dir, pid }));
    this.name = 'DataDirLockedError';
  }
}

/** A held lock; `release` removes the lock file (only if it is still ours). */
export interface DataDirLock {
  path: string;
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(path: string): number | null {
  try {
    const pid = Number(readFileSync(path, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Takes `{dir}/avalia.lock` for this process (PGlite allows one process per data directory). A lock
 * whose pid is dead is stale and taken over; a live holder (this process included) makes it throw
 * `DataDirLockedError`.
 */
export function lockDataDir(dir: string): DataDirLock {
  const absolute = resolve(dir);
  mkdirSync(absolute, { recursive: true });
  const path = join(absolute, 'avalia.lock');
  for (let attempt = 0; attempt < 5; attempt += 1) {
    // Written aside and hard-linked into place, so the lock file never exists without its pid.
    const candidate = `${path}.${process.pid}`;
    writeFileSync(candidate, `${process.pid}\n`);
    try {
      linkSync(candidate, path);
      unlinkSync(candidate);
      return {
        path,
        release() {
          if (readPid(path) === process.pid) unlinkSync(path);
        },
      };
    } catch (error) {
      unlinkSync(candidate);
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readPid(path);
    if (holder !== null && isAlive(holder)) throw new DataDirLockedError(absolute, holder);
    try {
      unlinkSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new DataDirLockedError(absolute, readPid(path) ?? 0);
}
