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

/**
 * Who holds a lock: the pid, and where the system tells it, the process's start time (clock ticks
 * since boot) and the boot id. A pid alone is not an identity: after a `kill -9` the pid is reused
 * (in a container the server is always pid 1), so the start time tells the holder from its successor.
 */
export interface LockHolder {
  pid: number;
  /** Field 22 of `/proc/{pid}/stat`; absent where there is no /proc. */
  startTime?: string;
  /** `/proc/sys/kernel/random/boot_id`; a lock from before a reboot is stale whatever its pid. */
  bootId?: string;
}

/** Lock files this process holds, by path: a second lock of the same directory here must fail too. */
const heldHere = new Set<string>();

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** The start time of a running process, from /proc (Linux); undefined elsewhere or when it is gone. */
export function processStartTime(pid: number): string | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  if (stat === undefined) return undefined;
  // The command name (field 2) is in parentheses and may hold spaces: count fields after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19];
}

function bootId(): string | undefined {
  return readText('/proc/sys/kernel/random/boot_id')?.trim() || undefined;
}

/** This process as a lock holder. */
export function currentHolder(): LockHolder {
  return { pid: process.pid, startTime: processStartTime(process.pid), bootId: bootId() };
}

/** The lock file's text: the pid on the first line (what people and older versions read), then the identity. */
export function holderText(holder: LockHolder): string {
  const identity = [holder.startTime ? `start=${holder.startTime}` : '', holder.bootId ? `boot=${holder.bootId}` : ''].filter(Boolean);
  return `${holder.pid}\n${identity.length ? `${identity.join(' ')}\n` : ''}`;
}

function parseHolder(text: string | undefined): LockHolder | null {
  if (text === undefined) return null;
  const [first = '', second = ''] = text.split('\n');
  const pid = Number(first.trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  const fields = new Map(second.split(/\s+/).map((pair): [string, string] => [pair.split('=')[0] ?? '', pair.split('=')[1] ?? '']));
  return { pid, startTime: fields.get('start') || undefined, bootId: fields.get('boot') || undefined };
}

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the process a lock names is still the one that wrote it. A lock naming this very process is
 * stale unless this process took it (`heldHere`): its pid was reused. Elsewhere the pid must exist and,
 * where the system tells, have the same start time in the same boot.
 */
function holderAlive(holder: LockHolder, path: string): boolean {
  if (holder.pid === process.pid) return heldHere.has(path);
  if (!pidExists(holder.pid)) return false;
  const now = bootId();
  if (holder.bootId && now && holder.bootId !== now) return false;
  const startTime = processStartTime(holder.pid);
  if (holder.startTime && startTime && holder.startTime !== startTime) return false;
  return true;
}

/**
 * Takes `{dir}/avalia.lock` for this process (PGlite allows one process per data directory). A lock
 * whose holder is gone (dead pid, or a pid reused by another process, this one included) is stale and
 * taken over; a live holder, or this process taking the same directory twice, throws
 * `DataDirLockedError`.
 */
export function lockDataDir(dir: string): DataDirLock {
  const absolute = resolve(dir);
  mkdirSync(absolute, { recursive: true });
  const path = join(absolute, 'avalia.lock');
  if (heldHere.has(path)) throw new DataDirLockedError(absolute, process.pid);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    // Written aside and hard-linked into place, so the lock file never exists without its holder.
    const candidate = `${path}.${process.pid}`;
    writeFileSync(candidate, holderText(currentHolder()));
    try {
      linkSync(candidate, path);
      unlinkSync(candidate);
      heldHere.add(path);
      return {
        path,
        release() {
          if (!heldHere.delete(path)) return;
          if (parseHolder(readText(path))?.pid === process.pid) unlinkSync(path);
        },
      };
    } catch (error) {
      unlinkSync(candidate);
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const text = readText(path);
    const holder = parseHolder(text);
    if (holder !== null && holderAlive(holder, path)) throw new DataDirLockedError(absolute, holder.pid);
    // Another starting server may have taken over the stale lock meanwhile: remove only what was judged.
    if (readText(path) !== text) continue;
    try {
      unlinkSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new DataDirLockedError(absolute, parseHolder(readText(path))?.pid ?? 0);
}

/** The live process holding `{dir}/avalia.lock`, or null when the directory is free (or its lock stale). */
export function liveLockHolder(dir: string): LockHolder | null {
  const path = join(resolve(dir), 'avalia.lock');
  const holder = parseHolder(readText(path));
  return holder !== null && holderAlive(holder, path) ? holder : null;
}
