import type { MenuEntry } from '../../../../engine/definition/dashboard';
import { groupBy } from '../../../../engine/collections';
import { messages } from '../../../../engine/messages';
import { canOpen, type PrivateRoute } from './access';


/** The view a route of its own (`menu.path`, the spec's `/{hash}`) opens: the one whose menu names it, else the first with a path. */
export function viewAtPath(path: string, dashboards: DashboardMenuItem[] = dashboardMenu): string | undefined {
  const own = dashboards.filter((item) => item.menu.path !== undefined);
  return (own.find((item) => item.menu.path === path) ?? own[0])?.id;
}

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

/** A results view's place in the menu: the id of its route and its definition's `menu` entry. */
export interface DashboardMenuItem {
  id: string;
  menu: MenuEntry;
}

// Only each definition's `menu` is bundled with the layout; the views themselves load when opened. The
// query makes these imports modules of their own (sharing the page's lazy modules would make the layout
// load every whole definition up front); its `lang.json` keeps them JSON for the bundler.
const menuFiles = import.meta.glob<MenuEntry | undefined>('../../../../definitions/dashboards/*.json', {
  eager: true,
  import: 'menu',
  query: '?menu&lang.json',
});

/** The menu entries of every dashboard definition, by the id in its file name (`/dash/{id}`). */
export const dashboardMenu: DashboardMenuItem[] = Object.entries(menuFiles).flatMap(([path, menu]) => {
  const id = /([^/]+)\.json$/.exec(path)?.[1];
  return id !== undefined && menu ? [{ id, menu }] : [];
});

const l = messages.layout;

/** The main group's links, in menu order; each is shown to the account types that may open its route. */
const MAIN_LINKS: { route: PrivateRoute; label: string }[] = [
  { route: '/users', label: l.menuUsers },
  { route: '/company', label: l.menuCompany },
  { route: '/courses', label: l.menuCourses },
  { route: '/ciclos', label: messages.screenCycles.menu },
  { route: '/riscos', label: messages.screenRisk.menu },
  { route: '/inventario', label: messages.screenInventory.menu },
  { route: '/plano-de-acao', label: messages.screenActionPlan.menu },
  { route: '/queues', label: l.menuQueues },
  { route: '/gestaodados', label: l.menuDataManagement },
  { route: '/outbox', label: l.menuOutbox },
  { route: '/audit', label: l.menuAudit },
  { route: '/preview', label: l.menuPreview },
];

/** A results link with its menu entry; `rank` breaks ties of `order` (the view's id). */
interface ResultLink {
  entry: MenuEntry;
  to: string;
  rank: number;
}

/**
 * Results links grouped under their mapping group's heading: links by their `order`, groups by the
 * smallest order in them (ties by the smaller view id, so the order never depends on file listing).
 */
function groupedSections(items: ResultLink[]): MenuSection[] {
  const groups = groupBy([...items].sort((a, b) => a.entry.order - b.entry.order || a.rank - b.rank), (item) => item.entry.group);
  // Items are sorted, so each group's first item holds its smallest order, and Map keeps that order.
  return [...groups].map(([title, links]) => ({ title, links: links.map(({ entry, to }) => ({ label: entry.label, to })) }));
}

/**
 * The side menu of an account type (administration.md 2): type 1 and 2 get theirs, others none. The
 * links are the routes the account type may open (`ROUTE_ACCESS`), so menu and router never disagree;
 * the results links come from the dashboard definitions' `menu` entries, grouped by mapping group.
 */
export function menuFor(typeAccount: number | undefined, dashboards: DashboardMenuItem[] = dashboardMenu): MenuSection[] {
  const main = MAIN_LINKS.filter((link) => canOpen(typeAccount, link.route)).map((link) => ({ label: link.label, to: link.route }));
  // A view may open at a route of its own (the 360-by-interview report's `/{hash}`: administration.md 2).
  const results: ResultLink[] = dashboards.flatMap(({ id, menu }) =>
    canOpen(typeAccount, menu.path === undefined ? '/dash/:id' : '/:hash') ? [{ entry: menu, to: menu.path ?? `/dash/${id}`, rank: Number(id) || 0 }] : [],
  );
  if (main.length === 0 && results.length === 0) return [];
  return [{ links: main }, ...groupedSections(results)];
}
