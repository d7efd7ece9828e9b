import type { CatalogEntry } from '../../../../engine/definition/catalog';
import { messages } from '../../../../engine/messages';
import { canOpen, type PrivateRoute } from './access';

/** The `{hash}` of the 360-by-interview report route. */
export const INTERVIEW_REPORT_HASH = 'entrevista360';

/** One link of the side menu. */
export interface MenuLink {
  label: string;
  to: string;
}

/** A titled group of links (the title is absent for the main group). */
export interface MenuSection {
  title?: string;
  links: MenuLink[];
}

type LayoutMessage = keyof typeof messages.layout;

/** The main group's links, in menu order; each is shown to the account types that may open its route. */
const MAIN_LINKS: { route: PrivateRoute; label: LayoutMessage }[] = [
  { route: '/users', label: 'menuUsers' },
  { route: '/company', label: 'menuCompany' },
  { route: '/courses', label: 'menuCourses' },
  { route: '/queues', label: 'menuQueues' },
  { route: '/gestaodados', label: 'menuDataManagement' },
  { route: '/outbox', label: 'menuOutbox' },
];

/**
 * The side menu of an account type (administration.md 2): type 1 and 2 get theirs, others none. The
 * links are the routes the account type may open (`ROUTE_ACCESS`), so menu and router never disagree.
 */
export function menuFor(typeAccount: number | undefined, dashboards: CatalogEntry[]): MenuSection[] {
  const l = messages.layout;
  const main = MAIN_LINKS.filter((link) => canOpen(typeAccount, link.route)).map((link) => ({ label: l[link.label], to: link.route }));
  const results: MenuLink[] = canOpen(typeAccount, '/dash/:id') ? dashboards.map((entry) => ({ label: entry.name, to: `/dash/${entry.dashboard}` })) : [];
  // The 360-by-interview report is the private route `/{hash}` (administration.md 2).
  if (canOpen(typeAccount, '/:hash')) results.push({ label: l.menuInterview, to: `/${INTERVIEW_REPORT_HASH}` });
  if (main.length === 0 && results.length === 0) return [];
  return [{ links: main }, { title: l.menuResults, links: results }];
}
