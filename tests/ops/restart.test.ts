/**
 * What an operator relies on with the embedded database: a restart after any crash works (the data
 * directory lock survives pid reuse), two live servers on one directory are still refused, an
 * acknowledged answer is flushed to disk before the server answers, and `npm run backup` / `restore`
 * give a copy that starts and holds the answers.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, holderText, lockDataDir, processStartTime } from '../../apps/server/src/lock.ts';
import { repoRoot, startAppServer, type AppServer } from '../../scripts/lib/appServer.ts';
import { tempDir } from '../tempDirs.ts';

const PSS_ANSWERS = Array.from({ length: 14 }, (_, index) => ({ question: String(index + 1), response: String(index % 5) }));

/** Answers the first seeded PSS-14 link not answered yet, as the respondent page does; returns its id. */
async function answerOneLink(server: AppServer, skip: Set<string> = new Set()): Promise<string> {
  const link = (await server.waitForLinks('estresse')).find((candidate) => !skip.has(candidate.id))!;
  const found = (await (await fetch(`${server.baseUrl}/api/evaluation/find/${link.id}`)).json()) as { user_id: number; version: number | null };
  const response = await fetch(`${server.baseUrl}/api/tableresponse/multiple`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ evaluator_user_id: found.user_id, rated_user_id: found.user_id, type_evaluation: 13, evaluation_id: link.id, rated_sector_id: null, version: found.version, questions: PSS_ANSWERS }),
  });
  expect(response.status).toBe(201);
  return link.id;
}

async function isDone(server: AppServer, id: string): Promise<boolean> {
  const found = (await (await fetch(`${server.baseUrl}/api/evaluation/find/${id}`)).json()) as { done: boolean };
  return found.done;
}

describe('data directory lock and pid reuse', () => {
  it('takes over a lock naming this very process when this process did not take it (its pid was reused)', () => {
    const dir = tempDir('avalia-lock-');
    // What a container leaves after `kill -9`: the dead server was pid 1, and so is the new one.
    writeFileSync(join(dir, 'avalia.lock'), `${process.pid}\n`);
    const lock = lockDataDir(dir);
    expect(readFileSync(lock.path, 'utf8').split('\n')[0]).toBe(String(process.pid));
    // Taken here, the same directory is refused to this process too.
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
  });

  it('refuses a live holder, and takes over when that pid now belongs to a process started later', async () => {
    const dir = tempDir('avalia-lock-');
    const holder = spawn('sleep', ['30']);
    try {
      await new Promise((resolve) => holder.once('spawn', resolve));
      const startTime = processStartTime(holder.pid!);
      expect(startTime).toMatch(/^\d+$/);
      writeFileSync(join(dir, 'avalia.lock'), holderText({ pid: holder.pid!, startTime }));
      expect(() => lockDataDir(dir)).toThrow(/já está em uso pelo processo/);
      // Same pid, another start time: the process that wrote the lock is gone and the pid was reused.
      writeFileSync(join(dir, 'avalia.lock'), holderText({ pid: holder.pid!, startTime: String(Number(startTime) - 1) }));
      lockDataDir(dir).release();
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('starts a server whose own pid is in the lock (the container restart after kill -9)', async () => {
    const dataDir = tempDir('avalia-reuse-');
    // The shell writes its pid into the lock, then becomes the server (exec keeps the pid).
    const server = await startAppServer({
      dataDir,
      wrap: (command) => ['sh', '-c', `echo $$ > "${join(dataDir, 'avalia.lock')}" && exec "$@"`, 'sh', ...command],
    });
    try {
      expect(readFileSync(join(dataDir, 'avalia.lock'), 'utf8').split('\n')[0]).toBe(String(server.pid));
      expect(server.output()).toContain('Avalia rodando em');
    } finally {
      await server.stop();
    }
  });

  it('restarts after kill -9 with every acknowledged answer, and still refuses a second live server', async () => {
    const dataDir = tempDir('avalia-crash-');
    const first = await startAppServer({ dataDir });
    const answered = await answerOneLink(first);
    await first.kill();
    expect(existsSync(join(dataDir, 'avalia.lock'))).toBe(true);

    const second = await startAppServer({ dataDir });
    try {
      expect(await isDone(second, answered)).toBe(true);
      const rival = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
        cwd: repoRoot,
        env: { ...process.env, DATA_DIR: dataDir, PORT: '0', NODE_ENV: '', DATABASE_URL: '' },
        encoding: 'utf8',
        timeout: 60000,
      });
      expect(rival.status).toBe(1);
      expect(rival.stderr).toContain(`já está em uso pelo processo ${second.pid}`);
    } finally {
      await second.stop();
    }
  });
});

describe('durability and backups on PGlite', () => {
  it('flushes the write-ahead log to disk (fsync) before acknowledging an answer', async () => {
    const dataDir = tempDir('avalia-fsync-');
    const trace = join(dataDir, 'fsync.trace');
    // strace sees the system calls themselves: the test trusts no counter of the code under test.
    const server = await startAppServer({ dataDir, wrap: ['strace', '-f', '-qq', '--seccomp-bpf', '-e', 'trace=fsync,fdatasync', '-y', '-o', trace] });
    try {
      await server.waitForLinks('estresse');
      const walFlushes = () => readFileSync(trace, 'utf8').split('\n').filter((line) => /sync\(\d+<[^>]*\/pg_wal\/[^>]*>\) = 0/.test(line)).length;
      const answered = new Set<string>();
      for (let round = 0; round < 3; round += 1) {
        const before = walFlushes();
        answered.add(await answerOneLink(server, answered));
        // The 201 came after the commit: its WAL flush is already in the trace.
        expect(walFlushes()).toBeGreaterThan(before);
      }
    } finally {
      await server.stop();
    }
  }, 120000);

  it('backs up a running server with npm run backup, and the restored copy starts with the answers', async () => {
    const dataDir = tempDir('avalia-backup-');
    const restoredDir = tempDir('avalia-restored-');
    const backupFile = join(tempDir('avalia-backups-'), 'copia.tar.gz');
    const server = await startAppServer({ dataDir });
    let answered: string;
    try {
      answered = await answerOneLink(server);
      const backup = spawnSync('npm', ['run', '--silent', 'backup', '--', `--out=${backupFile}`], { cwd: repoRoot, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8', timeout: 120000 });
      expect(backup.stderr).not.toContain('Falha');
      expect(backup.status).toBe(0);
      expect(backup.stdout).toContain(`pedindo a cópia a ele`);
      expect(backup.stdout).toContain(`Cópia de segurança gravada em ${backupFile}`);
    } finally {
      await server.stop();
    }

    const restore = () => spawnSync('npm', ['run', '--silent', 'restore', '--', backupFile], { cwd: repoRoot, env: { ...process.env, DATA_DIR: restoredDir, DATABASE_URL: '' }, encoding: 'utf8', timeout: 120000 });
    const restored = restore();
    expect(restored.status).toBe(0);
    expect(restored.stdout).toMatch(/Restaurado em .* \(\d+ avaliações\)/);
    // A second restore onto data refuses and leaves the data alone.
    const again = restore();
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('já tem dados');

    const copy = await startAppServer({ dataDir: restoredDir });
    try {
      expect(await isDone(copy, answered)).toBe(true);
    } finally {
      await copy.stop();
    }
  }, 180000);
});
