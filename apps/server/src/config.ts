import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { format, messages } from '../../../engine/messages.ts';
import { PRODUCT_TIME_ZONE } from '../../../engine/rules/dates.ts';
/** Server configuration read from the environment (README "Configuration"). */
export interface Config {
  /** HTTP port of the single server (API and web app). Default 3000. */
  port: number;
  /** Directory of the embedded PGlite database and its lock file. Default `./data`. */
  dataDir: string;
  /** PostgreSQL connection string; when set the server runs on PostgreSQL instead of PGlite. */
  databaseUrl?: string;
  /**
   * PGLITE_DURABLE: PGlite flushes every commit to disk before answering (an acknowledged answer
   * survives a power loss). `0` turns it off: faster, for demos, tests and benchmarks. Default true.
   */
  pgliteDurable: boolean;
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
  /**
   * TRUST_PROXY: which proxies in front of the server to believe when they name the client in
   * X-Forwarded-For. `false` (unset, 0): none, the socket address is the client; a number N: the N
   * hops nearest the server (the client is the address the outermost trusted proxy appended, never a
   * value the client wrote itself); a list: the proxies with these addresses or CIDR ranges.
   */
  trustProxy: TrustProxy;
  /**
   * Requests per minute per client address of the public link calls (find, submit): RATE_LIMIT_PUBLIC,
   * default 600, sized for a whole office answering behind one address. Sign-in stays at 10.
   */
  publicRateLimit: number;
  /** DEMO_DATA=0: the first start creates only the administrator (an empty installation). Default true. */
  demoData: boolean;
  /**
   * DEMO_RESULTS=0: the demo company gets no sample answers (the answered evaluations that fill every
   * results dashboard on a first start). Default true; nothing without the demo data.
   */
  demoResults: boolean;
  /** WEB_ROOT: the built web app to serve. Default `dist/web` of the repository. */
  webRoot?: string;
  /**
   * SMTP_URL: connection URL of the SMTP server e-mails go through (`smtp://user:pass@host:587`, or
   * `smtps://…:465`). Unset: e-mails are not sent but kept in the `outbox` table (GET /api/outbox).
   */
  smtpUrl?: string;
  /** MAIL_FROM: sender of the e-mails (`Avalia <nao-responda@empresa.com.br>`). Default `Avalia <nao-responda@avalia.local>`. */
  mailFrom?: string;
  /** SUPPORT_EMAIL and SUPPORT_PHONE: the support contacts on every PDF report and report e-mail. Default the catalogue's. */
  supportEmail?: string;
  supportPhone?: string;
  /** REPORT_THREADS: threads rendering PDFs. Default the cores but one (at least 1). */
  reportThreads?: number;
  /**
   * LISTEN_BACKLOG: connections the kernel keeps waiting while the server is busy before it accepts
   * them (the listen backlog, capped by the kernel's `net.core.somaxconn`). Default 4096: 300
   * respondents opening a link at once make 1,800 connections (a browser opens 6); Node's own 511
   * dropped the rest (resets, seconds of retries).
   */
  listenBacklog: number;
}

/** A switch that is on unless set to 0, false, no or não. */
function onUnlessOff(value: string | undefined): boolean {
  return !['0', 'false', 'no', 'nao', 'não'].includes((value ?? '').trim().toLowerCase());
}

/** What TRUST_PROXY becomes: Fastify's `trustProxy` option (never `true`, which trusts every hop). */
export type TrustProxy = false | number | string[];

/** A configuration that must not start the server; the message says which variable to fix. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** LISTEN_BACKLOG's default: room for 300 browsers' 6 connections each, and then some (Linux's own somaxconn default). */
export const DEFAULT_LISTEN_BACKLOG = 4096;

/** The demo accounts' password when ADMIN_PASSWORD / COMPANY_PASSWORD are unset. */
export const DEFAULT_PASSWORD = 'avalia123';
/** Shortest password a production start accepts for the accounts it creates (as the app's own rule). */
const MIN_PRODUCTION_PASSWORD = 8;

/** proxy-addr's named ranges, accepted in a TRUST_PROXY list. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Whether `entry` is an IP address, an address/prefix (CIDR) or a named range. */
function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address ?? '');
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset, empty, `0`, `false`, `no` → trust no proxy; a positive integer → that many hops;
 * otherwise a comma-separated list of proxy addresses or CIDR ranges. Anything else (`true` included,
 * which would trust every hop and let a client choose its own address) stops the start.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (['', '0', 'false', 'no', 'nao', 'não'].includes(text.toLowerCase())) return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (Number.isSafeInteger(hops) && hops >= 1 && hops <= 100) return hops;
  } else {
    const entries = text.split(',').map((entry) => entry.trim());
    if (entries.every((entry) => entry !== '' && isProxyAddress(entry))) return entries;
  }
  throw new ConfigError(format(messages.api.trustProxyInvalid, { value: text }));
}

/**
 * In production (NODE_ENV=production) the accounts the first start creates must not have the
 * documented default password: the start is refused, naming the variable to set.
 */
function checkProduction(env: NodeJS.ProcessEnv, config: Pick<Config, 'adminPassword' | 'companyPassword' | 'demoData'>): void {
  if ((env.NODE_ENV ?? '').trim().toLowerCase() !== 'production') return;
  const weak = (password: string) => password === DEFAULT_PASSWORD || password.length < MIN_PRODUCTION_PASSWORD;
  if (weak(config.adminPassword)) throw new ConfigError(messages.api.productionAdminPassword);
  if (config.demoData && weak(config.companyPassword)) throw new ConfigError(messages.api.productionCompanyPassword);
}

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  const text = nonEmpty(value);
  if (text === undefined) return fallback;
  const number = Number(text);
  if (!Number.isInteger(number) || number < 1) throw new ConfigError(`${name} inválido / invalid ${name}: ${text}`);
  return number;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/**
 * Reads the configuration from `env`; throws on a malformed value (PORT, TRUST_PROXY…) and, with
 * NODE_ENV=production, on a default password (ConfigError, whose message names the variable).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const portText = nonEmpty(env.PORT) ?? '3000';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT inválida / invalid PORT: ${portText}`);
  const timeZone = nonEmpty(env.APP_TIMEZONE) ?? PRODUCT_TIME_ZONE;
  // Fails early on an unknown time zone instead of at the first evaluation.
  new Intl.DateTimeFormat('en-US', { timeZone });
  const config: Config = {
    port,
    dataDir: nonEmpty(env.DATA_DIR) ?? './data',
    databaseUrl: nonEmpty(env.DATABASE_URL),
    pgliteDurable: onUnlessOff(env.PGLITE_DURABLE),
    jwtSecret: nonEmpty(env.JWT_SECRET),
    adminEmail: (nonEmpty(env.ADMIN_EMAIL) ?? 'admin@avalia.com.br').toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD || DEFAULT_PASSWORD,
    companyEmail: (nonEmpty(env.COMPANY_EMAIL) ?? 'empresa@avalia.com.br').toLowerCase(),
    companyPassword: env.COMPANY_PASSWORD || DEFAULT_PASSWORD,
    timeZone,
    publicUrl: (nonEmpty(env.PUBLIC_URL) ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    publicRateLimit: positiveInteger('RATE_LIMIT_PUBLIC', env.RATE_LIMIT_PUBLIC, 600),
    webRoot: nonEmpty(env.WEB_ROOT) === undefined ? undefined : resolve(nonEmpty(env.WEB_ROOT)!),
    demoData: onUnlessOff(env.DEMO_DATA),
    demoResults: onUnlessOff(env.DEMO_RESULTS),
    smtpUrl: nonEmpty(env.SMTP_URL),
    mailFrom: nonEmpty(env.MAIL_FROM),
    supportEmail: nonEmpty(env.SUPPORT_EMAIL),
    supportPhone: nonEmpty(env.SUPPORT_PHONE),
    reportThreads: env.REPORT_THREADS === undefined ? undefined : positiveInteger('REPORT_THREADS', env.REPORT_THREADS, 1),
    listenBacklog: positiveInteger('LISTEN_BACKLOG', env.LISTEN_BACKLOG, DEFAULT_LISTEN_BACKLOG),
  };
  checkProduction(env, config);
  return config;
}
