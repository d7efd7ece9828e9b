import { ACCOUNT } from '../../../../engine/accounts';

/**
 * Who may open each private route (administration.md 2): the one table the router's guard and the side
 * menu both read, so a page a user cannot reach from the menu cannot be reached by its address either.
 * The server enforces the same account types on the API behind each page.
 */

/** Account types of the staff app, from the one vocabulary. */
const ADMIN = [ACCOUNT.administrator] as const;
const COMPANY = [ACCOUNT.company] as const;
const STAFF = [ACCOUNT.administrator, ACCOUNT.company] as const;

/** Every private route pattern (as given to the router) and the account types that may open it. */
export const ROUTE_ACCESS = {
  // Home and profile are open to any signed-in account: home is where a refused visit lands.
  '/home': 'any',
  '/profile': 'any',
  '/dash/:id': STAFF,
  '/company': ADMIN,
  '/courses': ADMIN,
  '/course/:id': ADMIN,
  // Rounds of assessments: an administrator picks the company, a company user sees its own.
  '/ciclos': STAFF,
  // Psychosocial risks (NR-1): an administrator picks the company and sets severities; a company user reads its own.
  '/riscos': STAFF,
  // The published inventory and the action plan (NR-1): an administrator publishes and plans; a company user reads its own.
  '/inventario': STAFF,
  '/plano-de-acao': STAFF,
  // A company user's own company; an administrator picks a company in /company (then /users/{id}).
  '/users': COMPANY,
  '/users/:id': STAFF,
  '/gestaodados': STAFF,
  '/queues': ADMIN,
  '/outbox': ADMIN,
  '/audit': ADMIN,
  '/preview': ADMIN,
  '/testing': STAFF,
  '/:hash': STAFF,
  '/interview360/:evaluation/*': ADMIN,
} as const satisfies Record<string, 'any' | readonly number[]>;

/** A private route pattern of the staff app. */
export type PrivateRoute = keyof typeof ROUTE_ACCESS;

/** The page a signed-in user is sent to when a route is not theirs. */
const HOME_ROUTE = '/home' satisfies PrivateRoute;

/** Routes with a natural stand-in for some account types that may not open them. */
const STAND_INS: Partial<Record<PrivateRoute, { types: readonly number[]; to: PrivateRoute }>> = {
  // An administrator has no company of their own: their Cadastrados are picked from the registry.
  '/users': { types: ADMIN, to: '/company' },
};

/** Whether an account type may open a private route pattern. */
export function canOpen(typeAccount: number | undefined, route: PrivateRoute): boolean {
  const allowed: 'any' | readonly number[] = ROUTE_ACCESS[route];
  return allowed === 'any' || (typeAccount !== undefined && allowed.includes(typeAccount));
}

/**
 * Where an account type that may not open a route goes instead: the route's stand-in for that type
 * (no explanation needed), or the home page (told why: `explain`).
 */
export function refusedTarget(typeAccount: number | undefined, route: PrivateRoute): { to: string; explain: boolean } {
  const standIn = STAND_INS[route];
  if (standIn && typeAccount !== undefined && standIn.types.includes(typeAccount) && canOpen(typeAccount, standIn.to)) return { to: standIn.to, explain: false };
  return { to: HOME_ROUTE, explain: true };
}
