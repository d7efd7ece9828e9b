import type { HostilePart } from './report.ts';

/** Placeholder, replaced by the part's author. */
export const requests: HostilePart = {
  name: 'requests',
  summary: 'a fazer',
  async run() {
    return { part: 'requests', title: 'requests', markdown: 'a fazer', failures: ['a fazer'] };
  },
};
