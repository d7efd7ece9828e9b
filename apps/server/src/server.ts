import { buildApp } from './app.ts';
import { loadConfig, type Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { answerBackupRequest } from './db/backup.ts';
import { DataDirLockedError, lockDataDir, type DataDirLock } from './lock.ts';
import { prepareDatabase, seedReport } from './seed.ts';

/** Starts the server: config, data-dir lock, database, migrations, seed, listen; stops on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    // A malformed variable, or a default password in production: the message names what to set.
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  let lock: DataDirLock | undefined;
  let database: Database | undefined;
  try {
    // Only the embedded database is single-process; PostgreSQL serves any number of servers.
    if (!config.databaseUrl) lock = lockDataDir(config.dataDir);
    database = await openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir, durable: config.pgliteDurable });
    // Migrations, JWT secret, seed: one server at a time when several start on one PostgreSQL.
    const { jwtSecret, seeded: result } = await prepareDatabase(database, config);
    process.stdout.write(seedReport(result, config));
    const app = await buildApp({ db: database.db, webRoot: config.webRoot, jwtSecret, timeZone: config.timeZone, logger: { level: config.logLevel }, trustProxy: config.trustProxy, rateLimits: { find: config.publicRateLimit, submit: config.publicRateLimit }, publicUrl: config.publicUrl, smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, support: { email: config.supportEmail, phone: config.supportPhone }, reportThreads: config.reportThreads, queue: { connectionString: config.databaseUrl } });
    await app.listen({ host: '0.0.0.0', port: config.port, backlog: config.listenBacklog });

    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      process.stdout.write(`\n${signal}: encerrando o Avalia...\n`);
      try {
        await app.close();
        await database?.close();
      } finally {
        lock?.release();
      }
      process.exit(0);
    };
    // `on`, not `once`: a second Ctrl-C (or the copy a wrapper relays) must not kill the process while
    // the database is still closing; stop() runs once and later signals are ignored.
    process.on('SIGINT', () => void stop('SIGINT'));
    process.on('SIGTERM', () => void stop('SIGTERM'));
    // `npm run backup` asks a running server on PGlite for a consistent copy (scripts/backup.ts).
    const backup = database.backup?.bind(database);
    if (backup) process.on('SIGUSR2', () => void answerBackupRequest(config.dataDir, backup));
    // Announced only once the handlers exist: a Ctrl-C right after this line must reach stop().
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite em ${config.dataDir}`;
    const mail = config.smtpUrl ? 'SMTP (SMTP_URL)' : 'caixa de saída (tabela outbox)';
    process.stdout.write(`Avalia rodando em ${config.publicUrl} (API em ${config.publicUrl}/api, dados: ${where}, e-mails: ${mail}). Ctrl-C para parar.\n`);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(`Falha ao iniciar o Avalia / failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    }
    await database?.close().catch(() => undefined);
    lock?.release();
    process.exit(1);
  }
}

void main();
