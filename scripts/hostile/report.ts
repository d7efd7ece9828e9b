/**
 * What every part of `npm run hostile` takes and gives back: the command line's options, and a report
 * (a markdown table for the README's security section, and the failures that make the run exit 1).
 */
import { testPostgresUrl } from '../lib/scratchDatabase.ts';

/** The options of one run: `--name=value` pairs, repeatable. */
export interface HostileOptions {
  /** The first value of `--name`, or undefined. */
  text(name: string): string | undefined;
  /** `--name` as a number, or the fallback. */
  number(name: string, fallback: number): number;
  /** Whether `--name` was given (`--name` alone is `true`). */
  flag(name: string): boolean;
  /** The PostgreSQL server scratch databases are created on (`TEST_POSTGRES_URL` or the local cluster). */
  postgresUrl: string;
  /** Progress on stderr, prefixed with the part's name. */
  log(text: string): void;
}

/** What one part found. */
export interface HostileReport {
  /** The part's name, as given to `--only`. */
  part: string;
  /** A heading for the README, e.g. 'Generated hostile requests'. */
  title: string;
  /** The figures: a markdown table (and a sentence or two), ready for the README. */
  markdown: string;
  /** Anything that got through (a 5xx, a leak, a lost answer, a reset): empty when the product held. */
  failures: string[];
}

/** One part of the run. */
export interface HostilePart {
  /** The name given to `--only`. */
  name: string;
  /** One line for `--help`. */
  summary: string;
  run(options: HostileOptions): Promise<HostileReport>;
}

/** Parses `--name=value` arguments into options for the parts. */
export function parseOptions(argv: string[], prefix = 'hostile'): HostileOptions & { values: Map<string, string[]> } {
  const values = new Map<string, string[]>();
  for (const arg of argv) {
    const [key, value = 'true'] = arg.replace(/^--/, '').split('=', 2) as [string, string?];
    values.set(key, [...(values.get(key) ?? []), value]);
  }
  return {
    values,
    text: (name) => values.get(name)?.[0],
    number: (name, fallback) => Number(values.get(name)?.[0] ?? fallback),
    flag: (name) => values.has(name),
    postgresUrl: testPostgresUrl,
    log: (text) => process.stderr.write(`[${prefix}] ${text}\n`),
  };
}
