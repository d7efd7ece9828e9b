/**
 * The server as a process on its data directory (PGlite): the directory lock (a second holder and a
 * second server refused with a clear message, a stale lock taken over), a production start refused
 * with a default password before the data is touched, and a clean stop when Ctrl-C is pressed twice.
 * They spawn real servers and do not depend on the database kind, so they run once, here, and not in
 * both API projects.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../../apps/server/src/lock.ts';
import { messages } from '../../engine/messages.ts';
import { repoRoot } from '../../scripts/lib/appServer.ts';
import { tempDir } from '../tempDirs.ts';

describe('data directory lock', () => {
  it('refuses a second holder and is free again after release', () => {
    const dir = tempDir('avalia-lock-');
    const lock = lockDataDir(dir);
    expect(readFileSync(lock.path, 'utf8').split('\n')[0]).toBe(String(process.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/já está em uso/);
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
    lockDataDir(dir).release();
  });

  it('takes over a stale lock whose process is dead', () => {
    const dir = tempDir('avalia-lock-');
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    writeFileSync(join(dir, 'avalia.lock'), `${dead}\n`);
    const lock = lockDataDir(dir);
    expect(readFileSync(lock.path, 'utf8').split('\n')[0]).toBe(String(process.pid));
    lock.release();
  });

  it('makes a second server on the same DATA_DIR exit with code 1 and a clear message', async () => {
    const dir = tempDir('avalia-data-');
    const lock = lockDataDir(dir);
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, PORT: '0' };
      delete env.DATABASE_URL;
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(output).toContain('já está em uso');
      expect(output).toContain(`locked by process ${process.pid}`);
    } finally {
      lock.release();
    }
  });

  it('refuses a production start with a default password: exit code 1 and the variable to set, before touching the data', async () => {
    const run = async (extra: NodeJS.ProcessEnv) => {
      const dir = tempDir('avalia-data-');
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, PORT: '0', NODE_ENV: 'production', ...extra };
      delete env.DATABASE_URL;
      if (!('ADMIN_PASSWORD' in extra)) delete env.ADMIN_PASSWORD;
      if (!('COMPANY_PASSWORD' in extra)) delete env.COMPANY_PASSWORD;
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        // A server that did start (the refusal missing) is stopped, so the test fails at once instead of hanging.
        if (output.includes('Ctrl-C para parar')) child.kill('SIGTERM');
      });
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      return { code, output, dir };
    };
    const admin = await run({});
    expect(admin.code).toBe(1);
    expect(admin.output).toContain(messages.api.productionAdminPassword);
    expect(admin.output).toContain('defina ADMIN_PASSWORD');
    expect(admin.output).not.toContain('Avalia rodando');
    // Refused before anything was opened: the data directory is still empty.
    expect(readdirSync(admin.dir)).toEqual([]);
    const company = await run({ ADMIN_PASSWORD: 'Segredo-do-admin-1' });
    expect(company.code).toBe(1);
    expect(company.output).toContain(messages.api.productionCompanyPassword);
    expect(company.output).toContain('COMPANY_PASSWORD');
    expect(company.output).toContain('DEMO_DATA=0');
  }, 60000);

  it('finishes a clean shutdown on Ctrl-C pressed twice: exit 0 and the data dir unlocked', async () => {
    const dir = tempDir('avalia-data-');
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, PORT: '0' };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const seen = (text: string) =>
      new Promise<void>((resolve) => {
        const read = () => output.includes(text) && resolve();
        child.stdout.on('data', read);
        read();
      });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    await seen('Ctrl-C para parar');
    child.kill('SIGINT');
    // The second press lands while the server is closing its database.
    await seen('encerrando o Avalia');
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(output).toContain('encerrando o Avalia');
    expect(existsSync(join(dir, 'avalia.lock'))).toBe(false);
  }, 60000);
});

