import { parentPort } from 'node:worker_threads';
import type { ReportDocument } from '../../../../engine/reports/document.ts';
import { renderPdf } from './pdf.ts';

/** A report-rendering thread: receives `{ id, report }`, answers `{ id, pdf }` or `{ id, error }`. */
parentPort!.on('message', (task: { id: number; report: ReportDocument }) => {
  renderPdf(task.report).then(
    (pdf) => {
      const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength).slice();
      parentPort!.postMessage({ id: task.id, pdf: bytes }, [bytes.buffer]);
    },
    (error: unknown) => parentPort!.postMessage({ id: task.id, error: error instanceof Error ? `${error.message}\n${error.stack}` : String(error) }),
  );
});
