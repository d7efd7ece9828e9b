import { existsSync, readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';

/** One chunk of Vite's build manifest (`.vite/manifest.json`). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** Where the web app's Vite root is, from the repository root (manifest sources are relative to it). */
const VITE_ROOT = 'apps/web';

/**
 * The built web app's chunks by source file, from Vite's manifest: which files a page will load, so
 * the server can tell the browser to fetch them all at once instead of one after another.
 */
export class BuildAssets {
  private readonly bySource = new Map<string, { key: string; chunk: ManifestChunk }>();

  constructor(private readonly manifest: Record<string, ManifestChunk>) {
    for (const [key, chunk] of Object.entries(manifest)) {
      if (chunk.src) this.bySource.set(normalize(join(VITE_ROOT, chunk.src)), { key, chunk });
    }
  }

  /** Reads `{webRoot}/.vite/manifest.json`; null when the build has none. */
  static read(webRoot: string): BuildAssets | null {
    const path = join(webRoot, '.vite', 'manifest.json');
    if (!existsSync(path)) return null;
    try {
      return new BuildAssets(JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>);
    } catch {
      return null;
    }
  }

  private closure(key: string, into: Set<string>): void {
    if (into.has(key)) return;
    into.add(key);
    for (const imported of this.manifest[key]?.imports ?? []) this.closure(imported, into);
  }

  /**
   * The files (`/assets/…`) of the chunks of these source files (repository paths) and of everything
   * they import statically, minus what the HTML entry `entry` already loads. Unknown sources are skipped.
   */
  preloads(sources: string[], entry: string): { scripts: string[]; styles: string[] } {
    const loaded = new Set<string>();
    this.closure(entry, loaded);
    const wanted = new Set<string>();
    for (const source of sources) {
      const found = this.bySource.get(normalize(source));
      if (found) this.closure(found.key, wanted);
    }
    const keys = [...wanted].filter((key) => !loaded.has(key));
    const alreadyStyled = new Set([...loaded].flatMap((key) => this.manifest[key]?.css ?? []));
    return {
      scripts: keys.map((key) => `/${this.manifest[key]!.file}`),
      styles: [...new Set(keys.flatMap((key) => this.manifest[key]!.css ?? []))].filter((file) => !alreadyStyled.has(file)).map((file) => `/${file}`),
    };
  }
}
