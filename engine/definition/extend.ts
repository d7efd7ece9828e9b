import { format, messages } from '../messages.ts';
import type { DefinitionError } from './parse.ts';

/** Reads another questionnaire file by name (without `.json`), for `extends`; undefined when there is none. */
export type QuestionnaireLookup = (name: string) => unknown;

/**
 * Applies `extends`: the base file's top-level fields, replaced by the extension's own. Chains are
 * followed; a missing base or a cycle is an error at `/extends`. Free of Ajv, so the browser can use it.
 */
export function resolveQuestionnaire(json: unknown, lookup: QuestionnaireLookup, seen: string[] = []): { ok: true; value: unknown } | { ok: false; errors: DefinitionError[] } {
  if (!json || typeof json !== 'object' || !('extends' in json)) return { ok: true, value: json };
  const { extends: name, ...own } = json as Record<string, unknown>;
  const fail = (message: string) => ({ ok: false as const, errors: [{ pointer: '/extends', message }] });
  if (typeof name !== 'string') return fail(messages.definitionCheck.extendsName);
  if (seen.includes(name)) return fail(format(messages.definitionCheck.extendsCircular, { chain: [...seen, name].join(' → ') }));
  const base = lookup(name);
  if (base === undefined) return fail(format(messages.definitionCheck.extendsUnknown, { name }));
  const resolved = resolveQuestionnaire(base, lookup, [...seen, name]);
  if (!resolved.ok) return resolved;
  return { ok: true, value: { ...(resolved.value as Record<string, unknown>), ...own } };
}

/** The file name a questionnaire file extends, if any. */
export function baseName(json: unknown): string | undefined {
  if (!json || typeof json !== 'object' || !('extends' in json)) return undefined;
  const name = (json as { extends: unknown }).extends;
  return typeof name === 'string' ? name : undefined;
}
