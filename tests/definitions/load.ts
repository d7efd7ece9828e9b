import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Root of the definition files. */
export const definitionsDir = fileURLToPath(new URL('../../definitions/', import.meta.url));

/** Every JSON file of one definitions folder, parsed, with its file name. */
export function jsonFiles(folder: string): { file: string; json: unknown }[] {
  const dir = `${definitionsDir}${folder}`;
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => ({ file: `${folder}/${file}`, json: JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')) as unknown }));
}
