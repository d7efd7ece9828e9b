import { fsyncSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** What PGlite's Emscripten module gives a pre-run hook (only the part used here). */
interface EmscriptenModule {
  NODEFS: { stream_ops: Record<string, unknown> };
}

interface NodeStream {
  nfd?: number;
}

/**
 * PGlite's Node file system with a working `fsync`. Emscripten's NODEFS writes through real file
 * descriptors but has no `fsync` operation, so PostgreSQL's flushes were silently no-ops: an answer
 * acknowledged to a respondent sat in the kernel's page cache, safe from a crashed process but not
 * from a power loss. Here `fsync` reaches the disk (`fsync(2)` on the real descriptor).
 */
export class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]): ReturnType<NodeFS['init']> {
    const result = await super.init(pg, opts);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [
      ...(Array.isArray(preRun) ? preRun : [preRun]),
      (module: EmscriptenModule) => {
        module.NODEFS.stream_ops.fsync = (stream: NodeStream) => {
          if (stream.nfd !== undefined) fsyncSync(stream.nfd);
          return 0;
        };
      },
    ];
    return result;
  }
}

/** PGlite's own start parameters (`-F` among them: fsync off), as the library publishes them. */
const LIBRARY_START_PARAMS: readonly string[] = (PGlite as unknown as { defaultStartParams?: string[] }).defaultStartParams ?? [
  '--single', '-F', '-O', '-j', '-c', 'search_path=public', '-c', 'exit_on_error=false', '-c', 'log_checkpoints=false',
  '-c', 'max_worker_processes=0', '-c', 'max_parallel_workers=0', '-c', 'max_parallel_workers_per_gather=0', '-c', 'io_method=sync',
  '-c', 'max_parallel_maintenance_workers=0',
];

/**
 * Start parameters of a durable PGlite: PostgreSQL's fsync back on, and the WAL flushed with `fsync`
 * (the one call NODEFS routes to the disk; `fdatasync` is a no-op in Emscripten).
 */
export const DURABLE_START_PARAMS: readonly string[] = [...LIBRARY_START_PARAMS.filter((param) => param !== '-F'), '-c', 'fsync=on', '-c', 'wal_sync_method=fsync'];

/** Options that open a PGlite data directory durably: a commit returns only once its WAL is on disk. */
export function durablePgliteOptions(dir: string): PGliteOptions & { fs: DurableNodeFS } {
  return { fs: new DurableNodeFS(dir), startParams: [...DURABLE_START_PARAMS] };
}
