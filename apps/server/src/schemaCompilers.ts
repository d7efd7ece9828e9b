/**
 * Fastify's own schema compilers (Ajv for what a request sends, fast-json-stringify for what a route
 * answers), made once per process and kept by schema content: a schema written alike on several
 * routes (an id in the path, a message answer) is compiled once, and an app built again in the same
 * process (the API tests build one per file) compiles nothing it compiled before.
 *
 * A compiled function depends on nothing but its schema, the shared schemas and the compiler's options
 * (Fastify's defaults, which the cache key includes): the route, method and status are not read.
 * Given its own compilers, Fastify no longer lower-cases the names in a `headers` schema before
 * compiling it, so none is accepted here (no route declares one).
 */
import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type Factories = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type BuildValidator = NonNullable<Factories['buildValidator']>;
type BuildSerializer = NonNullable<Factories['buildSerializer']>;

/** A compiled validator or serializer of a route's schema (the route, method and status are not read). */
type Compile = (route: { schema: unknown; httpPart?: string; url?: string }) => unknown;

/** A compiler that compiles each schema content (its JSON) once. */
function byContent(compile: Compile): Compile {
  const compiled = new Map<string, unknown>();
  return (route) => {
    if (route.httpPart === 'headers') throw new Error(`${route.url ?? 'a route'}: a headers schema would be compiled without Fastify's lower-casing of header names (see schemaCompilers.ts)`);
    const key = JSON.stringify(route.schema);
    if (!compiled.has(key)) compiled.set(key, compile(route));
    return compiled.get(key);
  };
}

/** One content-keyed compiler per set of shared schemas and options, as Fastify's own pool keeps its Ajv instances. */
function pooled(build: (externalSchemas: unknown, options: unknown) => Compile): (externalSchemas: unknown, options: unknown) => Compile {
  const pool = new Map<string, Compile>();
  return (externalSchemas, options) => {
    const key = JSON.stringify([externalSchemas, options]);
    let compiler = pool.get(key);
    if (!compiler) {
      compiler = byContent(build(externalSchemas, options));
      pool.set(key, compiler);
    }
    return compiler;
  };
}

/** The compilers every app of this process uses (`schemaController.compilersFactory`). */
export const schemaCompilers: Factories = {
  buildValidator: pooled(AjvCompiler() as unknown as (externalSchemas: unknown, options: unknown) => Compile) as unknown as BuildValidator,
  buildSerializer: pooled(SerializerSelector() as unknown as (externalSchemas: unknown, options: unknown) => Compile) as unknown as BuildSerializer,
};
