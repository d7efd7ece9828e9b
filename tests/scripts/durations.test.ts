import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/*
 * `tests/durations.json` starts the slow files first (tests/sequencer.ts). Written from another
 * checkout's report, its paths were '../ci24b/tests/…': no file matched, nothing started first, and the
 * suite's last minutes ran on one core. Every path it names must be a test file of this repository.
 */
const root = new URL('../../', import.meta.url);
const recorded = JSON.parse(readFileSync(new URL('tests/durations.json', root), 'utf8')) as Record<string, number>;

describe('tests/durations.json', () => {
  it('names only test files of this repository, by their path from its root', () => {
    const paths = Object.keys(recorded);
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((path) => !path.startsWith('tests/') || !/\.test\.tsx?$/.test(path) || !existsSync(new URL(path, root)))).toEqual([]);
  });
});
