import type { HostilePart } from './report.ts';

/** Placeholder, replaced by the part's author. */
export const crowd: HostilePart = {
  name: 'crowd',
  summary: 'a fazer',
  async run() {
    return { part: 'crowd', title: 'crowd', markdown: 'a fazer', failures: ['a fazer'] };
  },
};
