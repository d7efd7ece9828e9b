import type { HostilePart } from './report.ts';

/** Placeholder, replaced by the part's author. */
export const tokens: HostilePart = {
  name: 'tokens',
  summary: 'a fazer',
  async run() {
    return { part: 'tokens', title: 'tokens', markdown: 'a fazer', failures: ['a fazer'] };
  },
};
