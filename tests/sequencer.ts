/**
 * The order the suite's files start in: Vitest's own (project groups, then its cache of the last run's
 * durations), except that files the checked-in `tests/durations.json` knows as slow start first within
 * their group of projects. A clean clone (CI) has no cache, and a slow browser file that happens to start last
 * leaves one worker idle for minutes while it finishes. `npm run test:durations` refreshes the file from
 * the last run's report.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds a file took in a recorded run, by path from the repository root. */
const recorded: Record<string, number> = JSON.parse(readFileSync(new URL('./durations.json', import.meta.url), 'utf8'));

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const seconds = (file: TestSpecification) => recorded[relative(file.project.config.root, file.moduleId)] ?? 0;
    // Projects of one group share its workers: the longest files of the group go first, whatever their
    // project (the isolated ones still before the others, as Vitest has them). A project that shares its
    // workers' modules keeps its files together (a worker is reused only for the same project's next file),
    // and so a block of its own.
    const group = (file: TestSpecification) =>
      `${file.project.config.sequence.groupOrder}/${file.project.config.isolate}${file.project.config.isolate ? '' : `/${file.project.name}`}`;
    // Stable: files keep Vitest's order unless one is recorded as slower.
    return ordered
      .map((file, index) => ({ file, index }))
      .sort((a, b) => {
        if (group(a.file) !== group(b.file)) return a.index - b.index;
        return seconds(b.file) - seconds(a.file) || a.index - b.index;
      })
      .map(({ file }) => file);
  }
}
