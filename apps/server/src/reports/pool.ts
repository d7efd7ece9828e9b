import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ReportDocument, ReportSource } from '../../../../engine/reports/document.ts';

/** A rendering the pool refused because too many are waiting (the route answers 503). */
export class ReportsBusyError extends Error {
  constructor() {
    super('report queue full');
    this.name = 'ReportsBusyError';
  }
}

interface Task {
  id: number;
  /** A document, or a view and its data (the thread builds the blocks). */
  report: { report: ReportDocument } | { source: ReportSource };
  resolve(pdf: Buffer): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
}

/** How the pool runs. */
export interface ReportPoolOptions {
  /** Rendering threads. Default: the cores but one, at least 1 and at most 4. */
  threads?: number;
  /** Renderings waiting beyond the running ones before new ones are refused. Default 100. */
  maxWaiting?: number;
}

/**
 * Renders PDFs on worker threads: pdfkit lays a document out synchronously, which would stall every
 * request of the server for the duration. Renderings queue in order; a thread that dies fails only
 * its own rendering and is replaced.
 */
export class ReportPool {
  private readonly slots: Slot[] = [];
  private readonly waiting: Task[] = [];
  private readonly size: number;
  private readonly maxWaiting: number;
  private nextId = 1;
  private closed = false;
  /** Renderings whose data is being read now, and those waiting for their turn to read it. */
  private reading = 0;
  private readonly readers: (() => void)[] = [];

  constructor(options: ReportPoolOptions = {}) {
    this.size = Math.max(1, options.threads ?? Math.min(4, availableParallelism() - 1));
    this.maxWaiting = options.maxWaiting ?? 100;
  }

  /** The PDF of a report document, rendered on a thread of the pool. */
  render(report: ReportDocument): Promise<Buffer> {
    return this.enqueue({ report });
  }

  /** The PDF of a view and its data: the blocks, chart options and PDF are all made on a thread. */
  renderSource(source: ReportSource): Promise<Buffer> {
    return this.enqueue({ source });
  }

  /**
   * Runs a rendering's data reading with at most as many at once as there are threads. Many
   * simultaneous reports would otherwise queue dozens of heavy queries before the light calls of other
   * users (an embedded database answers one query at a time); this way a light call waits for one
   * report's query at most, and the threads still always have the next report ready.
   */
  async read<T>(work: () => Promise<T>): Promise<T> {
    if (this.closed) throw new Error('report pool closed');
    if (this.readers.length >= this.maxWaiting) throw new ReportsBusyError();
    if (this.reading >= this.size) await new Promise<void>((resolve) => this.readers.push(resolve));
    this.reading += 1;
    try {
      return await work();
    } finally {
      this.reading -= 1;
      this.readers.shift()?.();
    }
  }

  private enqueue(report: Task['report']): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error('report pool closed'));
    if (this.waiting.length >= this.maxWaiting) return Promise.reject(new ReportsBusyError());
    return new Promise<Buffer>((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, report, resolve, reject });
      this.dispatch();
    });
  }

  /** Stops every thread; waiting renderings fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.waiting.splice(0)) task.reject(new Error('report pool closed'));
    for (const reader of this.readers.splice(0)) reader();
    await Promise.all(this.slots.splice(0).map((slot) => slot.worker.terminate()));
  }

  private spawn(): Slot {
    // A JavaScript entry that loads the TypeScript worker through tsx, as the server runs.
    // A larger young generation: a report allocates its charts' SVG and pdfkit's objects in bursts, and
    // fewer scavenges save a few percent of a long report's time.
    const worker = new Worker(new URL('./worker.mjs', import.meta.url), { resourceLimits: { maxYoungGenerationSizeMb: 96 } });
    const slot: Slot = { worker, task: null };
    worker.on('message', (message: { id: number; pdf?: Uint8Array; error?: string }) => {
      const task = slot.task;
      if (!task || task.id !== message.id) return;
      slot.task = null;
      if (message.pdf) task.resolve(Buffer.from(message.pdf.buffer, message.pdf.byteOffset, message.pdf.byteLength));
      else task.reject(new Error(message.error ?? 'report rendering failed'));
      this.dispatch();
    });
    const lost = (error: Error) => {
      const index = this.slots.indexOf(slot);
      if (index >= 0) this.slots.splice(index, 1);
      slot.task?.reject(error);
      slot.task = null;
      if (!this.closed) this.dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`report thread exited (${code})`)));
    // An idle thread does not keep the process alive.
    worker.unref();
    this.slots.push(slot);
    return slot;
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      const slot = this.slots.find((candidate) => candidate.task === null) ?? (this.slots.length < this.size ? this.spawn() : undefined);
      if (!slot) return;
      const task = this.waiting.shift()!;
      slot.task = task;
      slot.worker.ref();
      slot.worker.postMessage({ id: task.id, ...task.report });
    }
    for (const slot of this.slots) if (slot.task === null) slot.worker.unref();
  }
}
