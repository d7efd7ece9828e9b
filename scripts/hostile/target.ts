/**
 * What the `requests`, `tokens` and `bombs` parts of `npm run hostile` attack: the real server
 * (`scripts/lib/appServer.ts`) on a fresh PGlite data directory, or with `--postgres` on a scratch
 * PostgreSQL database (`emptyPostgresDatabase`), with a second company (B) made through the API as staff
 * would, whose people carry a unique marker in their names and e-mails; raw HTTP requests (any path,
 * any bytes); sign-in of each role.
 *
 * The server trusts one proxy hop (`TRUST_PROXY=1`) and every hostile request names its own client
 * address in `X-Forwarded-For`, as the fuzz test's `remoteAddress` does: the per-address rate limits
 * (sign-in, public links) then let each request reach its handler instead of answering 429.
 */
import { request as httpRequest, Agent } from 'node:http';
import { performance } from 'node:perf_hooks';
import { credentials, startAppServer, type AppServer, type SeedLink } from '../lib/appServer.ts';
import { emptyPostgresDatabase } from '../lib/scratchDatabase.ts';
import type { HostileOptions } from './report.ts';

/** One HTTP answer, its body as text, and how long it took. */
export interface Answer {
  status: number;
  contentType: string;
  body: string;
  ms: number;
  /** The client address the request named (`X-Forwarded-For`): the server's log lines carry it as `req.remoteAddress`. */
  address: string;
}

/** A request as sent: the raw path (any bytes the HTTP parser lets through), headers and body. */
export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Sent as is; a non-string is sent as JSON. */
  body?: string | Buffer;
}

/** A started target, its database and how to stop it. */
export interface Target {
  server: AppServer;
  backend: 'PGlite' | 'PostgreSQL';
  send(request: RawRequest): Promise<Answer>;
  stop(): Promise<void>;
}

let addressCounter = 0;
/** A client address of its own for each request (10.x.y.z), for the per-address limits. */
export function nextAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** Starts the server on PGlite, or on a scratch PostgreSQL database with `--postgres`; `env` adds to its environment. */
export async function startTarget(options: HostileOptions, env: Record<string, string> = {}): Promise<Target> {
  const postgres = options.flag('postgres') ? await emptyPostgresDatabase(options.postgresUrl, 'avalia_hostile') : undefined;
  let server: AppServer;
  try {
    server = await startAppServer({ env: { TRUST_PROXY: '1', ...env, ...(postgres ? { DATABASE_URL: postgres.url } : {}) } });
    await server.waitForLinks('estresse');
  } catch (error) {
    await postgres?.drop();
    throw error;
  }
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  const url = new URL(server.baseUrl);
  const send = (raw: RawRequest) =>
    new Promise<Answer>((resolve, reject) => {
      const started = performance.now();
      const body = raw.body;
      const headers: Record<string, string | number> = { 'x-forwarded-for': nextAddress(), ...raw.headers };
      const address = String(headers['x-forwarded-for']);
      if (body !== undefined) headers['content-length'] = Buffer.byteLength(body);
      const request = httpRequest({ host: url.hostname, port: url.port, method: raw.method, path: raw.path, headers, agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: String(response.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
            address,
          }),
        );
        response.on('error', reject);
      });
      request.setTimeout(60_000, () => request.destroy(new Error(`timeout: ${raw.method} ${raw.path.slice(0, 100)}`)));
      request.on('error', reject);
      request.end(body);
    });
  return {
    server,
    backend: postgres ? 'PostgreSQL' : 'PGlite',
    send,
    async stop() {
      agent.destroy();
      await server.stop();
      await postgres?.drop();
    },
  };
}

/** A JSON call that must succeed (the set-up's): its parsed answer. */
export async function api<T>(target: Target, method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const answer = await target.send({
    method,
    path: `/api${path}`,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (answer.status >= 300) throw new Error(`${method} /api${path} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  return (answer.body === '' ? undefined : JSON.parse(answer.body)) as T;
}

/** Signs in; the token and the account's ids. */
export async function signIn(target: Target, email: string, password: string): Promise<{ token: string; id: number; companyId: number | null }> {
  const answer = await api<{ token: string; user: { id: number; company_id: number | null } }>(target, 'POST', '/sessions', null, { email, password });
  return { token: answer.token, id: answer.user.id, companyId: answer.user.company_id };
}

/** One company's ids the requests use: its own, or (for the other company's user) the targets of the matrix. */
export interface CompanyIds {
  companyId: number;
  /** Company user (type 2) of the company. */
  userId: number;
  /** People (participants, type 3). */
  people: number[];
  sectors: number[];
  positions: number[];
  courses: number[];
  usercourses: number[];
  /** Its rounds (cycles). */
  cycles: number[];
  /** Evaluation ids (UUIDs) of its people. */
  evaluations: string[];
}

/** The world: staff, company A (the demo seed's) and company B (made here, every name and e-mail marked). */
export interface World {
  staff: { token: string; id: number };
  a: CompanyIds & { token: string };
  b: CompanyIds & { token: string };
  /** The respondent's link (a pending evaluation of company A's seed). */
  link: SeedLink;
  /** Text that only company B's rows hold: none of it may reach anyone but staff and B. */
  markers: string[];
  /** Company B's user's password (the tokens part signs in again with it). */
  bPassword: string;
}

/** Company B's password, of the strength the registry asks. */
export const B_PASSWORD = 'Empresa-B-hostil-2026!';

/** Sets up the world through the API, as staff would. `marker` is unique to the run (seeded). */
export async function setUpWorld(target: Target, marker: string): Promise<World> {
  const staff = await signIn(target, credentials.admin.email, credentials.admin.password);
  const companyA = await signIn(target, credentials.company.email, credentials.company.password);
  const link = target.server.links().find((candidate) => candidate.slug === 'estresse')!;

  const lower = marker.toLowerCase();
  const { company } = await api<{ company: { id: number } }>(target, 'POST', '/companies', staff.token, {
    commercial_name: `Empresa ${marker}`,
    company_name: `Razão ${marker} Ltda`,
    cnpj: cnpjOf(marker),
    phone: '(11) 3333-4444',
  });
  await api(target, 'PATCH', `/sectors/${company.id}`, staff.token, { sectors: [{ sector_name: `Setor ${marker}` }, { sector_name: `Vendas ${marker}` }] });
  await api(target, 'PATCH', `/positions/${company.id}`, staff.token, { positions: [{ position_name: `Cargo ${marker}` }] });
  const sectors = (await api<{ id: number }[]>(target, 'GET', `/sectors/list/${company.id}`, staff.token)).map((row) => row.id);
  const positions = (await api<{ id: number }[]>(target, 'GET', `/positions/list/${company.id}`, staff.token)).map((row) => row.id);
  const { user: bUser } = await api<{ user: { id: number } }>(target, 'POST', '/users', staff.token, {
    name: `Gestora ${marker}`,
    email: `gestora.${lower}@empresa-b.test`,
    phone: '(11) 98888-7777',
    type_account: 2,
    company_id: company.id,
    sector_id: sectors[0],
    position_id: positions[0],
    password: B_PASSWORD,
  });
  for (let index = 1; index <= 4; index += 1) {
    await api(target, 'POST', '/users', staff.token, {
      name: `Pessoa ${index} ${marker}`,
      email: `pessoa${index}.${lower}@empresa-b.test`,
      phone: `(11) 9${String(index).repeat(4)}-${String(index).repeat(4)}`,
      type_account: 3,
      company_id: company.id,
      sector_id: sectors[index % sectors.length],
      position_id: positions[0],
    });
  }
  await api(target, 'POST', '/courses', staff.token, { name: `Curso ${marker}`, company_id: company.id });
  await api(target, 'POST', '/courses', staff.token, { name: 'Curso da empresa A', company_id: companyA.companyId });
  // A participation in each company's course.
  for (const [companyId, userId] of [
    [company.id, bUser.id],
    [companyA.companyId!, companyA.id],
  ] as const) {
    const ids = await companyIds(target, staff.token, companyId, userId);
    await api(target, 'POST', '/usercourses', staff.token, { userId: ids.people[0], courseId: ids.courses[0] });
  }
  const b = await companyIds(target, staff.token, company.id, bUser.id);
  await api(target, 'POST', '/evaluation', staff.token, { users: b.people.flatMap((userId) => [13, 12, 16].map((type) => ({ user_id: userId, type_evaluation: type, validate: 30 }))) });
  const bSignedIn = await signIn(target, `gestora.${lower}@empresa-b.test`, B_PASSWORD);
  return {
    staff,
    a: { ...(await companyIds(target, staff.token, companyA.companyId!, companyA.id)), token: companyA.token },
    b: { ...(await companyIds(target, staff.token, company.id, bUser.id)), token: bSignedIn.token },
    link,
    markers: [marker, lower, `empresa-b.test`],
    bPassword: B_PASSWORD,
  };
}

/** A valid CNPJ derived from the marker (its twelve first digits from the marker's characters). */
function cnpjOf(marker: string): string {
  const base = Array.from({ length: 12 }, (_, index) => (marker.charCodeAt(index % marker.length) + index) % 10);
  base[8] = 0;
  base[9] = 0;
  base[10] = 0;
  base[11] = 1;
  const digit = (digits: number[]) => {
    const weights = digits.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const rest = digits.reduce((sum, value, index) => sum + value * weights[index]!, 0) % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = digit(base);
  const second = digit([...base, first]);
  return [...base, first, second].join('');
}

/** A company's ids, read as staff. */
async function companyIds(target: Target, token: string, companyId: number, userId: number): Promise<CompanyIds> {
  const users = await api<{ id: number; type_account: number }[]>(target, 'GET', `/users/list/${companyId}`, token);
  const sectors = await api<{ id: number }[]>(target, 'GET', `/sectors/list/${companyId}`, token);
  const positions = await api<{ id: number }[]>(target, 'GET', `/positions/list/${companyId}`, token);
  const courses = (await api<{ id: number; company_id: number | null }[]>(target, 'GET', '/courses', token)).filter((course) => course.company_id === companyId);
  const usercourses: number[] = [];
  for (const course of courses) {
    const { userCourses } = await api<{ userCourses: { id: number }[] }>(target, 'GET', `/usercourses/${course.id}`, token);
    for (const row of userCourses) usercourses.push(row.id);
  }
  const found = await api<{ evaluations: { evaluation_id: string }[] }>(target, 'POST', '/evaluation/find', token, { company_id: companyId, limit: 200 });
  const cycles = await api<{ id: number }[]>(target, 'GET', `/cycles?company_id=${companyId}`, token);
  return {
    companyId,
    userId,
    people: users.filter((user) => user.type_account === 3).map((user) => user.id),
    sectors: sectors.map((row) => row.id),
    positions: positions.map((row) => row.id),
    courses: courses.map((course) => course.id),
    usercourses,
    cycles: cycles.map((row) => row.id),
    evaluations: found.evaluations.map((row) => row.evaluation_id),
  };
}
