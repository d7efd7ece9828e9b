/**
 * `npm run hostile -- --only=tokens`: forged, tampered, expired, re-signed and replayed tokens against
 * every signed-in route of the OpenAPI document (its valid request as company user A: A's ids, a valid
 * body).
 *
 * The server is started with a known `JWT_SECRET`, so the run also plays an attacker who holds the
 * secret (a leaked `.env`): such a token must still carry the claims the server issues (`uid`, `sv`,
 * `iat` not ahead, `exp` at most 12 h after it) and name an active staff account at its current session
 * version. Without the secret: `alg: none`, HS256 with a wrong secret, HS512 with the right one (the
 * algorithm is pinned), a valid token with its payload changed (user, company, type) and its signature
 * kept. Replayed: a deactivated user's token, a token after `DELETE /api/sessions`, a token after a
 * password change. Not tokens at all: a respondent's link id, empty, garbage, `Basic`, oversized.
 *
 * A forged token must be answered 401 with the one Portuguese message, or exactly as the same request
 * without a token (a request the schema refuses is refused before the token is read; a route whose
 * session is optional reads the personal key instead), and carry no data.
 * Failures: any other answer (a 2xx above all), an answer holding data, a genuine token refused (the
 * control: each route is first called with A's real token, which must not get 401).
 *
 * Options: `--seed=N` (default 23: the secret and the marker), `--postgres` (a scratch PostgreSQL
 * database instead of PGlite).
 */
import { createHash, createHmac } from 'node:crypto';
import { messages } from '../../engine/messages.ts';
import type { HostileOptions, HostilePart, HostileReport } from './report.ts';
import { errorShapeProblem, fill, routesOf, sample, validParams, type Actor, type Operation, type Route } from './requests.ts';
import { api, signIn, setUpWorld, startTarget, type Answer } from './target.ts';
import { seededRandom } from '../lib/random.ts';

const part = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** A JWT signed by hand: HS256/HS512 with `secret`, or `none` (no signature). */
function sign(payload: object, secret: string, alg: 'HS256' | 'HS512' | 'none' = 'HS256', header: object = {}): string {
  const unsigned = `${part({ alg, typ: 'JWT', ...header })}.${part(payload)}`;
  if (alg === 'none') return `${unsigned}.`;
  return `${unsigned}.${createHmac(alg === 'HS256' ? 'sha256' : 'sha512', secret).update(unsigned).digest('base64url')}`;
}

/** A token's payload, decoded. */
function claims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** A real token with its payload replaced and its signature kept. */
function tampered(token: string, change: Record<string, unknown>): string {
  const [header, , signature] = token.split('.');
  return `${header}.${part({ ...claims(token), ...change })}.${signature}`;
}

/** One forged credential: the Authorization header sent (or none), and its family for the table. */
interface Forgery {
  family: string;
  label: string;
  authorization: string | undefined;
  /** Statuses that are this forgery's documented answer besides "as without a token". */
  also?: number[];
}

const SESSION_SECONDS = 12 * 60 * 60;

/** The one answer a refused token gets. */
const UNAUTHORIZED = JSON.stringify({ message: messages.api.unauthorized });

async function run(options: HostileOptions): Promise<HostileReport> {
  const seed = options.number('seed', 23);
  const random = seededRandom(seed);
  // The run's secret, derived from the seed: the same forged tokens every run.
  const secret = createHash('sha256').update(`avalia-hostil-${seed}`).digest('hex');
  const started = Date.now();
  const target = await startTarget(options, { JWT_SECRET: secret });
  const failures: string[] = [];
  const byFamily = new Map<string, { sent: number; codes: Map<number, number> }>();
  try {
    const marker = `MarcaB${Math.floor(random() * 0xffffff).toString(36)}Zq`;
    const world = await setUpWorld(target, marker);
    options.log(`${target.backend}; semente ${seed}`);
    const staff = world.staff.token;
    const a = world.a;
    const now = () => Math.floor(Date.now() / 1000);

    // Accounts to replay: deactivated, signed out, password changed (company A's users, made as staff would).
    const made: Record<string, { id: number; email: string; password: string; token: string; second?: string }> = {};
    for (const [key, name] of [
      ['inactive', 'Desativada'],
      ['signedOut', 'Saiu'],
      ['password', 'Trocou Senha'],
    ] as const) {
      const email = `token.${key.toLowerCase()}.${seed}@empresa-a.test`;
      const password = `Senha-${key}-2026!`;
      const { user } = await api<{ user: { id: number } }>(target, 'POST', '/users', staff, {
        name: `Usuária ${name}`,
        email,
        phone: '(11) 97777-6666',
        type_account: 2,
        company_id: a.companyId,
        sector_id: a.sectors[0],
        position_id: a.positions[0],
        password,
      });
      made[key] = { id: user.id, email, password, token: (await signIn(target, email, password)).token };
    }
    const inactive = made.inactive!;
    await api(target, 'PATCH', '/users/update', staff, { id: inactive.id, status: false });
    const signedOut = made.signedOut!;
    signedOut.second = (await signIn(target, signedOut.email, signedOut.password)).token;
    await api(target, 'DELETE', '/sessions', signedOut.token);
    const changed = made.password!;
    const { token: afterChange } = await api<{ token: string }>(target, 'PATCH', '/users/update', changed.token, {
      id: changed.id,
      name: 'Usuária Trocou Senha',
      email: changed.email,
      phone: '(11) 97777-6666',
      sector_ids: [a.sectors[0]],
      position_id: a.positions[0],
      password: 'Senha-nova-2026!',
    });

    const real = claims(a.token) as { uid: number; sv: number; iat: number; exp: number };
    const fresh = (change: Record<string, unknown> = {}) => ({ uid: real.uid, sv: real.sv, iat: now() - 5, exp: now() - 5 + SESSION_SECONDS, ...change });
    const withSecret = (change: Record<string, unknown>) => `Bearer ${sign(fresh(change), secret)}`;
    const without = (key: string) => {
      const payload = fresh() as Record<string, unknown>;
      delete payload[key];
      return `Bearer ${sign(payload, secret)}`;
    };
    const participant = a.people[0]!;
    const forgeries: Forgery[] = [
      { family: 'sem o segredo', label: 'alg none', authorization: `Bearer ${sign(fresh(), '', 'none')}` },
      { family: 'sem o segredo', label: 'alg none, uid da equipe', authorization: `Bearer ${sign(fresh({ uid: world.staff.id }), '', 'none')}` },
      { family: 'sem o segredo', label: 'alg "None" sem assinatura', authorization: `Bearer ${part({ alg: 'None', typ: 'JWT' })}.${part(fresh())}.` },
      { family: 'sem o segredo', label: 'HS256 com outro segredo', authorization: `Bearer ${sign(fresh(), 'outro-segredo')}` },
      { family: 'sem o segredo', label: 'HS256 com outro segredo, uid da equipe', authorization: `Bearer ${sign(fresh({ uid: world.staff.id }), 'outro-segredo')}` },
      { family: 'sem o segredo', label: 'HS512 com o segredo certo (algoritmo fixo)', authorization: `Bearer ${sign(fresh(), secret, 'HS512')}` },
      { family: 'sem o segredo', label: 'RS256 no cabeçalho, HMAC com o segredo', authorization: `Bearer ${sign(fresh(), secret, 'HS256', { alg: 'RS256' })}` },
      { family: 'sem o segredo', label: 'assinatura vazia', authorization: `Bearer ${a.token.split('.').slice(0, 2).join('.')}.` },
      { family: 'adulterado', label: 'uid trocado pelo da equipe (tipo 2 → 1)', authorization: `Bearer ${tampered(a.token, { uid: world.staff.id })}` },
      { family: 'adulterado', label: 'uid trocado pelo da empresa B', authorization: `Bearer ${tampered(a.token, { uid: world.b.userId })}` },
      { family: 'adulterado', label: 'type_account: 1 acrescentado', authorization: `Bearer ${tampered(a.token, { type_account: 1, typeAccount: 1 })}` },
      { family: 'adulterado', label: 'company_id da empresa B acrescentado', authorization: `Bearer ${tampered(a.token, { company_id: world.b.companyId, companyId: world.b.companyId })}` },
      { family: 'adulterado', label: 'exp estendido em um ano', authorization: `Bearer ${tampered(a.token, { exp: real.exp + 365 * 86400 })}` },
      { family: 'com o segredo', label: 'expirado', authorization: withSecret({ iat: now() - SESSION_SECONDS - 3600, exp: now() - 3600 }) },
      { family: 'com o segredo', label: 'sem exp', authorization: without('exp') },
      { family: 'com o segredo', label: 'exp daqui a um século', authorization: withSecret({ exp: now() + 100 * 365 * 86400 }) },
      { family: 'com o segredo', label: 'exp 24 h depois do iat', authorization: withSecret({ exp: now() + 24 * 3600 }) },
      { family: 'com o segredo', label: 'iat no futuro (1 h)', authorization: withSecret({ iat: now() + 3600, exp: now() + 7200 }) },
      { family: 'com o segredo', label: 'sem iat', authorization: without('iat') },
      { family: 'com o segredo', label: 'sem versão de sessão (sv)', authorization: without('sv') },
      { family: 'com o segredo', label: 'versão de sessão errada', authorization: withSecret({ sv: real.sv + 1 }) },
      { family: 'com o segredo', label: 'uid em texto', authorization: withSecret({ uid: String(real.uid) }) },
      { family: 'com o segredo', label: 'uid inexistente', authorization: withSecret({ uid: 2_000_000_000 }) },
      { family: 'com o segredo', label: 'uid de um participante (tipo 3)', authorization: withSecret({ uid: participant, sv: 0 }) },
      ...[0, 1, 2, 3].map((sv) => ({ family: 'com o segredo', label: `uid da usuária desativada, sv ${sv}`, authorization: withSecret({ uid: inactive.id, sv }) })),
      { family: 'reutilizado', label: 'da usuária desativada', authorization: `Bearer ${inactive.token}` },
      { family: 'reutilizado', label: 'depois de DELETE /api/sessions', authorization: `Bearer ${signedOut.token}` },
      { family: 'reutilizado', label: 'outra sessão da mesma usuária depois da saída', authorization: `Bearer ${signedOut.second}` },
      { family: 'reutilizado', label: 'depois da troca de senha', authorization: `Bearer ${changed.token}` },
      { family: 'não é token', label: 'id do link do respondente', authorization: `Bearer ${world.link.id}` },
      { family: 'não é token', label: 'Authorization vazio', authorization: '' },
      { family: 'não é token', label: '"Bearer" sem token', authorization: 'Bearer' },
      { family: 'não é token', label: '"Bearer " e espaços', authorization: 'Bearer    ' },
      { family: 'não é token', label: 'Basic com a senha certa', authorization: `Basic ${Buffer.from(`${world.staff.id}:x`).toString('base64')}` },
      { family: 'não é token', label: 'lixo', authorization: 'Bearer a.b.c' },
      { family: 'não é token', label: '12 KB', authorization: `Bearer ${'a'.repeat(12 * 1024)}` },
      // Past Node's header limit (16 KB): the connection is answered 431 before the server reads anything.
      { family: 'não é token', label: '64 KB', authorization: `Bearer ${'a'.repeat(64 * 1024)}`, also: [431] },
    ];

    const doc = (await (await fetch(`${target.server.baseUrl}/docs/json`)).json()) as { paths: Record<string, Record<string, Operation>> };
    const routes = routesOf(doc).filter((route) => route.secured);
    const actor: Actor = { role: 'companyA', token: a.token, own: a, foreign: world.b, linkId: world.link.id };
    const request = (route: Route, authorization: string | undefined) => {
      const body = route.body ? JSON.stringify(sample(route.body, 'body', route.path, a, false)) : undefined;
      return target.send({
        method: route.method,
        path: fill(route.path, validParams(route, actor)),
        headers: { ...(authorization === undefined ? {} : { authorization }), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body,
      });
    };
    const markers = world.markers.map((text) => text.toLowerCase());
    let sent = 0;
    let controlsAccepted = 0;
    for (const route of routes) {
      const label = `${route.method} ${route.path}`;
      const anonymous = await request(route, undefined);
      sent += 1;
      for (const forgery of forgeries) {
        let answer: Answer;
        try {
          answer = await request(route, forgery.authorization);
        } catch (error) {
          failures.push(`sem resposta: ${forgery.label} em ${label}: ${(error as Error).message.slice(0, 80)}`);
          continue;
        }
        sent += 1;
        const family = byFamily.get(forgery.family) ?? { sent: 0, codes: new Map() };
        byFamily.set(forgery.family, family);
        family.sent += 1;
        family.codes.set(answer.status, (family.codes.get(answer.status) ?? 0) + 1);
        // 401, or the answer the same request gets without a token (the schema's 400 before the token is
        // read; a route whose session is optional reads the personal key instead: 404).
        const expected = [401, anonymous.status, ...(forgery.also ?? [])];
        if (!expected.includes(answer.status)) {
          failures.push(`${forgery.family} / ${forgery.label}: ${label} respondeu ${answer.status} (sem token: ${anonymous.status}): ${answer.body.slice(0, 120)}`);
          continue;
        }
        if (answer.status === 431) continue;
        const problem = errorShapeProblem(answer, []);
        const lower = answer.body.toLowerCase();
        const same = answer.status === 401 ? answer.body === UNAUTHORIZED : answer.body === anonymous.body;
        if (problem || markers.some((text) => lower.includes(text)) || !same) {
          failures.push(`${forgery.family} / ${forgery.label}: ${label}: resposta diferente da sem token (${problem ?? 'dados'}): ${answer.body.slice(0, 120)}`);
        }
      }
      // The control, last (DELETE /api/sessions, sorted last, then ends A's session): A's real token passes the sign-in check.
      if (anonymous.status === 401) {
        const genuine = await request(route, `Bearer ${a.token}`);
        sent += 1;
        if (genuine.status === 401) failures.push(`controle: o token verdadeiro de A recebeu 401 em ${label}`);
        else controlsAccepted += 1;
      }
    }
    // The new token of the password change works (the change itself went through).
    const afterStatus = (await target.send({ method: 'GET', path: '/api/companies', headers: { authorization: `Bearer ${afterChange}` } })).status;
    if (afterStatus !== 200) failures.push(`controle: o token novo depois da troca de senha recebeu ${afterStatus}`);

    const seconds = (Date.now() - started) / 1000;
    const rows = [...byFamily.entries()].map(([family, tally]) => {
      const codes = [...tally.codes.entries()].sort((x, y) => x[0] - y[0]).map(([code, n]) => `${code}: ${n}`).join(', ');
      const kinds = forgeries.filter((forgery) => forgery.family === family).length;
      return `| ${family} | ${kinds} | ${tally.sent} | ${codes} |`;
    });
    const markdown = [
      `${forgeries.length} credenciais forjadas × ${routes.length} rotas com sessão do documento OpenAPI (o pedido válido de um usuário da empresa A) = ${[...byFamily.values()].reduce((sum, tally) => sum + tally.sent, 0)} pedidos, ${sent} com os de referência (sem token; com o token verdadeiro), em ${target.backend}, em ${seconds.toFixed(0)} s.`,
      '',
      '| família | credenciais | pedidos | por código |',
      '|---|---:|---:|---|',
      ...rows,
      '',
      `Cada resposta 401 com a mensagem de sessão inválida, ou igual à do mesmo pedido sem token (o 400 do esquema que recusa o pedido antes de ler o token), sem dados; ` +
        `o token verdadeiro aceito em ${controlsAccepted} rotas. Credenciais: ${forgeries.map((forgery) => forgery.label).join('; ')}.`,
    ].join('\n');
    return { part: 'tokens', title: `Tokens forjados, adulterados e reutilizados (${target.backend})`, markdown, failures };
  } finally {
    await target.stop();
  }
}

export const tokens: HostilePart = {
  name: 'tokens',
  summary: 'tokens forjados, adulterados, expirados, reassinados e reutilizados contra cada rota com sessão (--seed, --postgres)',
  run,
};
