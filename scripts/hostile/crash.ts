import type { HostilePart } from './report.ts';

/** Placeholder, replaced by the part's author. */
export const crash: HostilePart = {
  name: 'crash',
  summary: 'a fazer',
  async run() {
    return { part: 'crash', title: 'crash', markdown: 'a fazer', failures: ['a fazer'] };
  },
};
