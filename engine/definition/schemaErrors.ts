import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import localize from 'ajv-i18n/localize/pt-BR';
import { format, messages } from '../messages.ts';
import type { DefinitionError } from './errors.ts';

/*
 * Ajv's errors as a consultant reads them: in Portuguese (ajv-i18n's pt-BR texts, with the value they
 * are about), and one branch per union. A union of the schemas (`anyOf`: the kinds of question, the
 * transforms, the widgets) makes Ajv report every branch's complaints; here the branch the author
 * meant is validated alone, found by its discriminator ("kind", "op", "query") or, failing that, as
 * the one with the fewest problems. When no branch fits, one error says what the value may be.
 */

/** An Ajv error, or one made here for a union no branch of which fits. */
interface Issue extends ErrorObject {
  /** The union's discriminator values, when every branch refused the value of that property. */
  choices?: unknown[];
  /** What the value may be ("uma lista", "\"all\""), when every branch refused its type or constant. */
  expected?: string[];
}

/** How one branch of a union judged a value. */
interface Verdict {
  issues: Issue[];
  /** The discriminator property refused (pointer) and the values it allows. */
  discriminator?: { pointer: string; values: unknown[] };
  /** What the value should have been, when the branch refused its type or constant. */
  expected?: string[];
}

const within = (path: string, parent: string) => path === parent || path.startsWith(`${parent}/`);
const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);
const quote = (value: unknown) => JSON.stringify(value);

const TYPE_NAMES: Record<string, string> = {
  array: messages.definitionCheck.typeArray,
  object: messages.definitionCheck.typeObject,
  string: messages.definitionCheck.typeString,
  number: messages.definitionCheck.typeNumber,
  integer: messages.definitionCheck.typeInteger,
  boolean: messages.definitionCheck.typeBoolean,
  null: messages.definitionCheck.typeNull,
};

/** The JSON types an Ajv `type` error allows, in Portuguese. */
function typeNames(params: Record<string, unknown>): string[] {
  const types = Array.isArray(params.type) ? params.type.map(String) : String(params.type).split(',');
  return types.map((type) => TYPE_NAMES[type] ?? type);
}

/** What an issue at the union's own value says the value should be, if it is about its type or constant. */
function expectedOf(issue: Issue): string[] | undefined {
  if (issue.expected) return issue.expected;
  if (issue.keyword === 'type') return typeNames(issue.params);
  if (issue.keyword === 'const') return [quote(issue.params.allowedValue)];
  if (issue.keyword === 'enum') return (issue.params.allowedValues as unknown[]).map(quote);
  return undefined;
}

/** Escapes a property name as a JSON pointer segment. */
const segment = (name: string) => name.replace(/~/g, '~0').replace(/\//g, '~1');

/** The Portuguese text of one issue. */
function describe(issue: Issue): DefinitionError {
  const pointer = issue.instancePath || '/';
  if (issue.choices) return { pointer, message: `${localized({ ...issue, keyword: 'enum' })}: ${issue.choices.map(quote).join(', ')}` };
  if (issue.expected) return { pointer, message: format(messages.definitionCheck.mustBe, { expected: issue.expected.join(messages.definitionCheck.or) }) };
  switch (issue.keyword) {
    case 'type':
      return { pointer, message: format(messages.definitionCheck.mustBe, { expected: typeNames(issue.params).join(messages.definitionCheck.or) }) };
    case 'additionalProperties': {
      const name = String(issue.params.additionalProperty);
      return { pointer: `${issue.instancePath}/${segment(name)}`, message: `${localized(issue)}: ${quote(name)}` };
    }
    case 'const':
      return { pointer, message: `${localized(issue)}: ${quote(issue.params.allowedValue)}` };
    case 'enum':
      return { pointer, message: `${localized(issue)}: ${(issue.params.allowedValues as unknown[]).map(quote).join(', ')}` };
    default:
      return { pointer, message: localized(issue) };
  }
}

/** ajv-i18n's pt-BR message of an error (it writes `message` in place: given a copy). */
function localized(issue: Issue): string {
  const copy = { ...issue };
  localize([copy]);
  return copy.message ?? issue.keyword;
}

/**
 * Reads Ajv's errors for the schemas added to `ajv` (which must be created with `verbose: true`, so
 * a union's error carries its branches and the value): `schemas` are those schemas, by id.
 */
export function schemaErrorReader(ajv: Ajv, schemas: { $id: string }[]): (errors: ErrorObject[] | null | undefined) => DefinitionError[] {
  // Every union of the schemas, by identity of its `anyOf` list (what a verbose error carries), with its address.
  const unions = new Map<unknown, string>();
  const walk = (node: unknown, address: string) => {
    if (Array.isArray(node)) node.forEach((item, index) => walk(item, `${address}/${index}`));
    else if (isObject(node)) {
      for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
        if (key === 'anyOf' && Array.isArray(value)) unions.set(value, `${address}/anyOf`);
        walk(value, `${address}/${segment(key)}`);
      }
    }
  };
  for (const schema of schemas) walk(schema, `${schema.$id}#`);
  const branches = new Map<string, ValidateFunction>();
  const branch = (address: string) => {
    let validate = branches.get(address);
    if (!validate) {
      validate = ajv.getSchema(address);
      if (!validate) throw new Error(`No schema at ${address}`);
      branches.set(address, validate);
    }
    return validate;
  };

  /** One branch's issues with a value, at `at`, and why it refused it. */
  const judge = (address: string, value: unknown, at: string): Verdict => {
    const validate = branch(address);
    validate(value);
    const issues = simplify([...(validate.errors ?? [])]).map((issue) => ({ ...issue, instancePath: `${at}${issue.instancePath}` }));
    const verdict: Verdict = { issues };
    for (const issue of issues) {
      const rest = issue.instancePath.slice(at.length);
      const child = /^\/[^/]+$/.test(rest);
      if (child && issue.keyword === 'const') verdict.discriminator = { pointer: issue.instancePath, values: [issue.params.allowedValue] };
      else if (child && issue.choices) verdict.discriminator = { pointer: issue.instancePath, values: issue.choices };
      else if (rest === '') verdict.expected ??= expectedOf(issue);
    }
    return verdict;
  };

  /** The issues of the branch of a union meant for the value, or one issue when none fits. */
  const chooseBranch = (union: ErrorObject): Issue[] => {
    const address = unions.get(union.schema);
    if (address === undefined) return [union];
    const at = union.instancePath;
    const verdicts = (union.schema as unknown[]).map((_, index) => judge(`${address}/${index}`, union.data, at));
    const fewest = (list: Verdict[]) => list.reduce((best, verdict) => (verdict.issues.length < best.issues.length ? verdict : best)).issues;
    const viable = verdicts.filter((verdict) => !verdict.discriminator && !verdict.expected);
    if (viable.length > 0) return fewest(viable);
    const refused = verdicts.flatMap((verdict) => (verdict.discriminator ? [verdict.discriminator] : []));
    if (isObject(union.data) && refused.length > 0 && refused.every((entry) => entry.pointer === refused[0]!.pointer)) {
      const choices = [...new Set(refused.flatMap((entry) => entry.values))];
      return [{ ...union, instancePath: refused[0]!.pointer, choices }];
    }
    const expected = [...new Set(verdicts.flatMap((verdict) => verdict.expected ?? []))];
    return expected.length > 0 ? [{ ...union, expected }] : fewest(verdicts);
  };

  /** Replaces each union's errors (every branch's, then its own) by those of the branch meant. */
  function simplify(errors: ErrorObject[]): Issue[] {
    const out: Issue[] = [];
    for (const error of errors) {
      if (error.keyword !== 'anyOf') {
        out.push(error);
        continue;
      }
      while (out.length > 0 && within(out[out.length - 1]!.instancePath, error.instancePath)) out.pop();
      out.push(...chooseBranch(error));
    }
    return out;
  }

  return (errors) => {
    const seen = new Set<string>();
    return simplify(errors ?? [])
      .map(describe)
      .filter((error) => {
        const key = `${error.pointer}\n${error.message}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
  };
}
