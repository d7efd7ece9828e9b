import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describeErrors, parseQuestionnaire } from '../../../engine/definition/parse.ts';
import type { QuestionnaireDefinition } from '../../../engine/definition/types.ts';
import {
  canonicalJson,
  checkVersion,
  compareVersions,
  formatVersion,
  parseVersion,
  versionContent,
  type DefinitionChange,
  type VersionCheck,
  type VersionNumber,
} from '../../../engine/definition/versions.ts';
import type { Db } from './db/client.ts';
import { rows } from './db/rows.ts';

/*
 * The published versions of the questionnaires: `definitions/versions/{file}/{major}.{minor}.json`,
 * frozen copies of the resolved definitions (`extends` applied), never edited once written.
 */

/** One published version of a questionnaire. */
export interface QuestionnaireVersion {
  /** "2.1". */
  version: string;
  number: VersionNumber;
  /** SHA-256 (hex) of the version's canonical JSON. */
  hash: string;
  definition: QuestionnaireDefinition;
}

/** The SHA-256 of a definition's content (key order and `$schema` do not matter). */
export function definitionHash(definition: QuestionnaireDefinition): string {
  return createHash('sha256').update(canonicalJson(versionContent(definition))).digest('hex');
}

const versionsDir = (dir: string, name: string) => `${dir}/versions/${name}`;

/** The published versions of one questionnaire file, oldest first; throws on a file that is not one. */
export function readVersions(dir: string, name: string): QuestionnaireVersion[] {
  const folder = versionsDir(dir, name);
  if (!existsSync(folder)) return [];
  const versions = readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .map((file) => {
      const number = parseVersion(file.slice(0, -'.json'.length));
      if (!number) throw new Error(`definitions/versions/${name}/${file}: o nome deve ser a versão, como 1.0.json`);
      const parsed = parseQuestionnaire(JSON.parse(readFileSync(`${folder}/${file}`, 'utf8')) as unknown);
      if (!parsed.ok) throw new Error(describeErrors(`definitions/versions/${name}/${file}`, parsed.errors));
      if ((parsed.value.version ?? 1) !== number.major) throw new Error(`definitions/versions/${name}/${file}: declara "version": ${parsed.value.version ?? 1}, não ${number.major}`);
      return { version: formatVersion(number), number, hash: definitionHash(parsed.value), definition: parsed.value };
    });
  return versions.sort((a, b) => compareVersions(a.number, b.number));
}

/** A questionnaire file compared with its latest published version. */
export interface FileVersionState {
  /** File name without `.json`. */
  name: string;
  check: VersionCheck;
  /** The published versions, oldest first. */
  versions: QuestionnaireVersion[];
}

/** Compares a questionnaire (already parsed) with the versions published for its file. */
export function fileVersionState(dir: string, name: string, current: QuestionnaireDefinition): FileVersionState {
  const versions = readVersions(dir, name);
  const latest = versions.at(-1);
  return { name, versions, check: checkVersion(latest ? { version: latest.number, definition: latest.definition } : null, current) };
}

/** A change as a line of the check's output. */
const changeLine = (change: DefinitionChange) => `  ${change.pointer}: ${change.detail}`;

const KIND_NAMES = { text: 'de texto', structure: 'de estrutura', scoring: 'de pontuação' } as const;

/**
 * What a consultant reads about a file's versions, or null when it is published as it is. Problems
 * (`refused`) and pending work (`unpublished`) both stop the build: the server only runs published
 * versions, so what respondents see is always a version an evaluation can name.
 */
export function describeVersionState(state: FileVersionState): string | null {
  const file = `definitions/questionnaires/${state.name}.json`;
  const { check } = state;
  if (check.state === 'published') return null;
  if (check.state === 'refused') {
    const latest = formatVersion(check.latest);
    return [
      `${file}: a pontuação mudou desde a versão ${latest} publicada, sem nova versão principal:`,
      ...check.changes.map(changeLine),
      `  As respostas já dadas foram pontuadas pela chave da versão ${check.latest.major}. Se a mudança é intencional, declare "version": ${check.needed} no questionário e rode \`npm run definitions:publish\`:`,
      `  as respostas de cada versão continuam pontuadas pela sua chave, e os painéis não as misturam. Se não é, desfaça a mudança.`,
    ].join('\n');
  }
  if (state.versions.length === 0) return `${file}: ainda não tem versão publicada: rode \`npm run definitions:publish\` para publicar a versão ${formatVersion(check.next)}.`;
  return [
    `${file}: alterações ${KIND_NAMES[check.kind]} ainda não publicadas; rode \`npm run definitions:publish\` para publicar a versão ${formatVersion(check.next)}:`,
    ...check.changes.map(changeLine),
  ].join('\n');
}

/**
 * Writes the next version of every questionnaire whose file changed since its last published version;
 * refuses (writing nothing for that file) a scoring change without a new major version. Returns one
 * line per file published and the problems.
 */
export function publishVersions(dir: string, entries: { name: string; definition: QuestionnaireDefinition }[]): { published: string[]; problems: string[] } {
  const published: string[] = [];
  const problems: string[] = [];
  for (const { name, definition } of entries) {
    const state = fileVersionState(dir, name, definition);
    const { check } = state;
    if (check.state === 'published') continue;
    if (check.state === 'refused') {
      problems.push(describeVersionState(state)!);
      continue;
    }
    const version = formatVersion(check.next);
    mkdirSync(versionsDir(dir, name), { recursive: true });
    writeFileSync(`${versionsDir(dir, name)}/${version}.json`, `${JSON.stringify(versionContent(definition), null, 2)}\n`);
    published.push(`${name}: versão ${version} publicada (${state.versions.length === 0 ? 'primeira versão' : `alterações ${KIND_NAMES[check.kind]}`})`);
  }
  return { published, problems };
}

/**
 * Records the versions in the database (in one transaction) and marks each type's current one, the
 * version new evaluations take. A version already recorded with another hash was edited after it was
 * published: refused, nothing changes.
 */
export async function registerVersions(db: Db, versions: Map<number, QuestionnaireVersion[]>): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [type, list] of versions) {
      for (const version of list) {
        const [row] = await rows<{ hash: string }>(
          tx,
          sql`insert into definition_versions (type_evaluation, version, hash) values (${type}, ${version.version}, ${version.hash})
          on conflict (type_evaluation, version) do update set hash = definition_versions.hash returning hash`,
        );
        if (row && row.hash !== version.hash) {
          throw new Error(`a versão ${version.version} do questionário do tipo ${type} mudou depois de publicada (registrada com outro conteúdo): restaure o arquivo de definitions/versions/ e publique a mudança como nova versão`);
        }
      }
      const current = list.at(-1);
      if (!current) continue;
      await tx.execute(sql`update definition_versions set current = (version = ${current.version}) where type_evaluation = ${type}`);
      // Evaluations inserted while no version was registered (a seed before the first start) were made with the current files.
      await tx.execute(sql`update evaluations set definition_version = ${current.version}, definition_hash = ${current.hash} where type_evaluation = ${type} and definition_version is null`);
    }
  });
}
