import { resolve } from 'node:path';
/** Server configuration read from the environment (README "Configuration"). */
export interface Config {
  /** HTTP port of the single server (API and web app). Default 3000. */
  port: number;
  /** Directory of the embedded PGlite database and its lock file. Default `./data`. */
  dataDir: string;
  /** PostgreSQL connection string; when set the server runs on PostgreSQL instead of PGlite. */
  databaseUrl?: string;
  /**
   * Secret of the sign-in tokens. When unset, one is generated on the first start and kept in the
   * database (`meta` table, key `jwt_secret`), so restarts keep sessions valid.
   */
  jwtSecret?: string;
  /** Demo administrator (type_account 1), created on the first start. */
  adminEmail: string;
  adminPassword: string;
  /** Demo company user (type_account 2), created on the first start. */
  companyEmail: string;
  companyPassword: string;
  /** Time zone of expiry days (a link expires at 23:59:59.999 of its last day there). */
  timeZone: string;
  /** Base of the questionnaire links printed and sent. Default `http://localhost:{port}`. */
  publicUrl: string;
  /** Pino log level. Default `info`. */
  logLevel: string;
  /** TRUST_PROXY=1: behind a reverse proxy, take the client address from X-Forwarded-For. Default false. */
  trustProxy: boolean;
  /**
   * Requests per minute per client address of the public link calls (find, submit): RATE_LIMIT_PUBLIC,
   * default 600, sized for a whole office answering behind one address. Sign-in stays at 10.
   */
  publicRateLimit: number;
  /** DEMO_DATA=0: the first start creates only the administrator (an empty installation). Default true. */
  demoData: boolean;
  /** WEB_ROOT: the built web app to serve. Default `dist/web` of the repository. */
  webRoot?: string;
  /**
   * SMTP_URL: connection URL of the SMTP server e-mails go through (`smtp://user:pass@host:587`, or
   * `smtps://…:465`). Unset: e-mails are not sent but kept in the `outbox` table (GET /api/outbox).
   */
  smtpUrl?: string;
  /** MAIL_FROM: sender of the e-mails (`Avalia <nao-responda@empresa.com.br>`). Default `Avalia <nao-responda@avalia.local>`. */
  mailFrom?: string;
}

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  const text = nonEmpty(value);
  if (text === undefined) return fallback;
  const number = Number(text);
  if (!Number.isInteger(number) || number < 1) throw new Error(`${name} inválido / invalid ${name}: ${text}`);
  return number;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/** Reads the configuration from `env`; throws on a malformed PORT. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const portText = nonEmpty(env.PORT) ?? '3000';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT inválida / invalid PORT: ${portText}`);
  const timeZone = nonEmpty(env.APP_TIMEZONE) ?? 'America/Sao_Paulo';
  // Fails early on an unknown time zone instead of at the first evaluation.
  new Intl.DateTimeFormat('en-US', { timeZone });
  return {
    port,
    dataDir: nonEmpty(env.DATA_DIR) ?? './data',
    databaseUrl: nonEmpty(env.DATABASE_URL),
    jwtSecret: nonEmpty(env.JWT_SECRET),
    adminEmail: (nonEmpty(env.ADMIN_EMAIL) ?? 'admin@avalia.com.br').toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD || 'avalia123',
    companyEmail: (nonEmpty(env.COMPANY_EMAIL) ?? 'empresa@avalia.com.br').toLowerCase(),
    companyPassword: env.COMPANY_PASSWORD || 'avalia123',
    timeZone,
    publicUrl: (nonEmpty(env.PUBLIC_URL) ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'info',
    trustProxy: ['1', 'true', 'yes'].includes((env.TRUST_PROXY ?? '').trim().toLowerCase()),
    publicRateLimit: positiveInteger('RATE_LIMIT_PUBLIC', env.RATE_LIMIT_PUBLIC, 600),
    webRoot: nonEmpty(env.WEB_ROOT) === undefined ? undefined : resolve(nonEmpty(env.WEB_ROOT)!),
    demoData: !['0', 'false', 'no', 'nao', 'não'].includes((env.DEMO_DATA ?? '').trim().toLowerCase()),
    smtpUrl: nonEmpty(env.SMTP_URL),
    mailFrom: nonEmpty(env.MAIL_FROM),
  };
}
