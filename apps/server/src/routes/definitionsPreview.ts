import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ACCOUNT } from '../../../../engine/accounts.ts';
import { resolveQuestionnaire } from '../../../../engine/definition/extend.ts';
import { parseQuestionnaire } from '../../../../engine/definition/parse.ts';
import { format, messages } from '../../../../engine/messages.ts';
import { fileVersionState, type FileVersionState } from '../definitionVersions.ts';
import { definitionsDir } from '../definitions.ts';
import { formatVersion } from '../../../../engine/definition/versions.ts';
import { bearer, errorResponses, type ContractProvider } from '../contract/common.ts';
import { definitionCheckSchema, definitionVerdictSchema, questionnaireFileListSchema, type VersionVerdict } from '../contract/definitions.ts';

/**
 * The page the preview screen draws a questionnaire in (`/preview/frame`): the one page of the web app
 * that may be shown inside a frame, and only by a page of the same origin (`web.ts`).
 */
export const PREVIEW_FRAME_PATH = '/preview/frame';

/**
 * Largest body the definition check accepts (413 beyond, before parsing): the catalogue's largest
 * questionnaire file is 31 KB, so 256 KB is eight times the real need.
 */
export const MAX_DEFINITION_BODY_BYTES = 256 * 1024;

/** One file of `definitions/questionnaires/` as it is on disk. */
interface QuestionnaireFileEntry {
  /** File name without `.json`. */
  name: string;
  /** Its parsed JSON, or undefined when the file is not JSON. */
  json: unknown;
}

/** Reads every questionnaire file now (not at start), so an author's edit shows without a restart. */
async function readQuestionnaireFiles(dir: string): Promise<QuestionnaireFileEntry[]> {
  const folder = join(dir, 'questionnaires');
  const names = (await readdir(folder))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const text = await readFile(join(folder, `${name}.json`), 'utf8');
      try {
        return { name, json: JSON.parse(text) as unknown };
      } catch {
        return { name, json: undefined };
      }
    }),
  );
}

/**
 * The shared files beside the questionnaires' folder (`definitions/interview360.json`, the ten 360
 * competencies) by the name a `$ref` gives them ('../interview360'), read now like the questionnaires.
 */
async function readSharedFiles(dir: string): Promise<QuestionnaireFileEntry[]> {
  const names = (await readdir(dir, { withFileTypes: true })).filter((entry) => entry.isFile() && entry.name.endsWith('.json')).map((entry) => entry.name);
  return Promise.all(
    names.sort().map(async (file) => {
      const name = `../${file.slice(0, -'.json'.length)}`;
      try {
        return { name, json: JSON.parse(await readFile(join(dir, file), 'utf8')) as unknown };
      } catch {
        return { name, json: undefined };
      }
    }),
  );
}

/** `extends` and `$ref` resolved against the files just read (the questionnaires and the shared files). */
function lookupIn(files: QuestionnaireFileEntry[], shared: QuestionnaireFileEntry[]) {
  const byName = new Map([...files, ...shared].map((file) => [file.name, file.json]));
  return (name: string) => byName.get(name);
}

/** The type and title of a file, from the file or what it extends; null and the file name when neither says. */
function describe(file: QuestionnaireFileEntry, lookup: (name: string) => unknown): { type: number | null; title: string } {
  const resolved = resolveQuestionnaire(file.json, lookup);
  const fields = resolved.ok && resolved.value && typeof resolved.value === 'object' ? (resolved.value as Record<string, unknown>) : {};
  return {
    type: typeof fields.type === 'number' && Number.isInteger(fields.type) ? fields.type : null,
    title: typeof fields.title === 'string' && fields.title.trim() !== '' ? fields.title : file.name,
  };
}

/**
 * The questionnaire preview of the administrators: the repository's questionnaire files as they are,
 * and the check of a definition being written (the parser's verdict, `extends` resolved against those
 * files). Nothing is written: the preview never creates an evaluation.
 */
export async function definitionPreviewRoutes(server: FastifyInstance, options: { dir?: string } = {}) {
  const app = server.withTypeProvider<ContractProvider>();
  const dir = options.dir ?? definitionsDir;
  const adminOnly = [app.authenticate, app.requireTypes(ACCOUNT.administrator)];

  app.get(
    '/definitions/questionnaires',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['definitions'],
        summary: 'Arquivos de questionário do repositório (definitions/questionnaires), por tipo e nome',
        security: bearer,
        response: { 200: questionnaireFileListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => {
      const files = await readQuestionnaireFiles(dir);
      const lookup = lookupIn(files, await readSharedFiles(dir));
      return files
        .map((file) => ({
          name: file.name,
          ...describe(file, lookup),
          json: file.json ?? null,
          ...(file.json === undefined ? { error: format(messages.preview.fileNotJson, { file: `${file.name}.json` }) } : {}),
        }))
        .sort((a, b) => (a.type ?? Number.POSITIVE_INFINITY) - (b.type ?? Number.POSITIVE_INFINITY) || a.name.localeCompare(b.name));
    },
  );

  app.post(
    '/definitions/questionnaires/check',
    {
      preHandler: adminOnly,
      bodyLimit: MAX_DEFINITION_BODY_BYTES,
      schema: {
        tags: ['definitions'],
        summary: 'Verificar uma definição de questionário (extends e $ref resolvidos contra os arquivos do repositório); nada é gravado',
        security: bearer,
        body: definitionCheckSchema,
        response: {
          200: definitionVerdictSchema,
          ...errorResponses(400, 401, 403, 413),
        },
      },
    },
    async (request) => {
      const parsed = parseQuestionnaire(request.body.definition, lookupIn(await readQuestionnaireFiles(dir), await readSharedFiles(dir)));
      if (!parsed.ok) return { ok: false, errors: parsed.errors };
      const file = app.definitions.types.get(parsed.value.type)?.definition;
      return { ok: true, definition: parsed.value, ...(file ? { version: versionVerdict(file, fileVersionState(dir, file, parsed.value)) } : {}) };
    },
  );
}

/** How a definition compares with the published versions of its file, as the preview shows it. */
function versionVerdict(file: string, { check, versions }: FileVersionState): VersionVerdict {
  const latest = versions.at(-1)?.version ?? null;
  if (check.state === 'published') return { file, state: check.state, latest, changes: [] };
  if (check.state === 'refused') return { file, state: check.state, latest, needed: check.needed, changes: check.changes };
  return { file, state: check.state, latest, next: formatVersion(check.next), kind: check.kind, changes: check.changes };
}
