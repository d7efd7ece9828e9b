import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Files worth compressing: text the browser downloads, and the app's TrueType font (about half its size in brotli). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|xml|ttf)$/;
/** Below this size the headers cost more than the compression saves. */
const MIN_BYTES = 512;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Writes `{file}.br` (brotli, quality 11) and `{file}.gz` (gzip -9) beside every compressible file of
 * a build, once at build time, so the server sends them as they are (no compression per request).
 * A variant that would not be smaller is not written. Returns how many files were compressed.
 */
export function precompress(dir: string): number {
  let count = 0;
  for (const path of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(path) || statSync(path).size < MIN_BYTES) continue;
    const raw = readFileSync(path);
    const brotli = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
    const gzip = gzipSync(raw, { level: 9 });
    if (brotli.length < raw.length) writeFileSync(`${path}.br`, brotli);
    if (gzip.length < raw.length) writeFileSync(`${path}.gz`, gzip);
    count += 1;
  }
  return count;
}
