import { parentPort } from 'node:worker_threads';
import { reportDocument, type ReportDocument, type ReportSource } from '../../../../engine/reports/document.ts';
import { renderPdf } from './pdf.ts';

/**
 * A report-rendering thread: receives `{ id, report }` (a document) or `{ id, source }` (a view and its
 * data: the blocks and chart options are built here), answers `{ id, pdf }` or `{ id, error }`.
 */
parentPort!.on('message', (task: { id: number; report?: ReportDocument; source?: ReportSource }) => {
  const answer = (pdf: Buffer) => {
    const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength).slice();
    parentPort!.postMessage({ id: task.id, pdf: bytes }, [bytes.buffer]);
  };
  const fail = (error: unknown) => parentPort!.postMessage({ id: task.id, error: error instanceof Error ? `${error.message}\n${error.stack}` : String(error) });
  Promise.resolve()
    .then(() => renderPdf(task.source ? reportDocument(task.source) : task.report!))
    .then(answer, fail);
});
