import type { CatalogEntry } from '../../../../engine/definition/catalog';
import { messages } from '../../../../engine/messages';

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

/** The side menu of an account type (administration.md 2): type 1 and 2 get theirs, others none. */
export function menuFor(typeAccount: number | undefined, dashboards: CatalogEntry[]): MenuSection[] {
  const results: MenuSection = {
    title: messages.layout.menuResults,
    links: dashboards.map((entry) => ({ label: entry.name, to: `/dash/${entry.dashboard}` })),
  };
  const l = messages.layout;
  // The 360-by-interview report is the private route `/{hash}` (administration.md 2).
  const interview: MenuLink = { label: l.menuInterview, to: `/${INTERVIEW_REPORT_HASH}` };
  if (typeAccount === 1) {
    return [
      {
        links: [
          { label: l.menuCompany, to: '/company' },
          { label: l.menuCourses, to: '/courses' },
          { label: l.menuQueues, to: '/queues' },
          { label: l.menuDataManagement, to: '/gestaodados' },
          { label: l.menuOutbox, to: '/outbox' },
        ],
      },
      { ...results, links: [...results.links, interview] },
    ];
  }
  if (typeAccount === 2) {
    return [
      {
        links: [
          { label: l.menuUsers, to: '/users' },
          { label: l.menuDataManagement, to: '/gestaodados' },
        ],
      },
      { ...results, links: [...results.links, interview] },
    ];
  }
  return [];
}
