import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { saveSession } from '../../../apps/web/src/auth/session';
import OutboxPage from '../../../apps/web/src/pages/OutboxPage';
import { staffTheme as theme } from '../../../apps/web/src/staffTheme';

const admin = { id: 1, name: 'Administrador', email: 'admin@avalia.test', type_account: 1, company_id: null };
const PDF_NAME = 'Avaliação desempenho de equipe - José Conceição.pdf';

/** One page of the outbox as GET /api/outbox answers it: a report with two files, a reminder with none. */
const PAGE = {
  total: 2,
  page: 1,
  pageSize: 25,
  items: [
    {
      id: 41,
      key: 'report:1',
      to: 'jose@empresa.test',
      subject: 'Resultado da avaliação: Desempenho',
      text: 't',
      html: '<p>t</p>',
      kind: 'report',
      evaluation_id: null,
      company_id: 3,
      created_at: '2026-03-10T15:00:00.000Z',
      attachments: [
        { position: 0, filename: PDF_NAME, content_type: 'application/pdf', size: 2560 },
        { position: 1, filename: 'notas.csv', content_type: 'text/csv', size: 20 },
      ],
    },
    {
      id: 40,
      key: 'reminder:1',
      to: 'ana@empresa.test',
      subject: 'Lembrete: você tem avaliações pendentes',
      text: 't',
      html: '<p>t</p>',
      kind: 'reminder',
      evaluation_id: null,
      company_id: 3,
      created_at: '2026-03-10T14:00:00.000Z',
      attachments: [],
    },
  ],
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderPage() {
  return render(
    <ThemeProvider theme={theme}>
        <OutboxPage />
    </ThemeProvider>,
  );
}

describe('OutboxPage attachments', () => {
  beforeEach(() => {
    localStorage.clear();
    saveSession('token-admin', admin);
  });
  const blobUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  afterEach(() => {
    URL.createObjectURL = blobUrls.create;
    // saveFile revokes its URL 10 s later, possibly after this file: keep a harmless revoke.
    URL.revokeObjectURL = blobUrls.revoke ?? (() => undefined);
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists each message’s files with a download button named after the file', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(200, PAGE)));
    renderPage();
    const pdf = await screen.findByRole('button', { name: `Baixar ${PDF_NAME}` }, { timeout: 5000 });
    expect(pdf.textContent).toBe(`${PDF_NAME} (2,5 KB)`);
    expect(screen.getByRole('button', { name: 'Baixar notas.csv' }).textContent).toBe('notas.csv (20 B)');
    expect(screen.getByText('Sem anexos')).toBeTruthy();
  });

  it('downloads the file signed in, shows it is busy meanwhile, and saves it under its own name', async () => {
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31]);
    let finish: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn(async (url: string) =>
      url.includes('/attachments/') ? new Promise<Response>((resolve) => (finish = resolve)) : json(200, PAGE),
    );
    vi.stubGlobal('fetch', fetchMock);
    const saved: { name: string; size: number }[] = [];
    const createObjectURL = vi.fn((blob: Blob) => (saved.push({ name: '', size: blob.size }), 'blob:anexo'));
    // jsdom has no blob URLs: these two stand in for the browser's (saveFile revokes the URL later).
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved[saved.length - 1]!.name = this.download;
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: `Baixar ${PDF_NAME}` }, { timeout: 5000 }));

    const busy = await screen.findByRole('button', { name: `Baixando ${PDF_NAME}…` });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    const [url, init] = fetchMock.mock.calls.find(([called]) => String(called).includes('/attachments/'))! as unknown as [string, RequestInit];
    expect(url).toBe('/api/outbox/41/attachments/0');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer token-admin');

    finish(new Response(bytes, { status: 200, headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="Avaliacao.pdf"` } }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(saved).toEqual([{ name: PDF_NAME, size: 6 }]);
    expect(((await screen.findByRole('button', { name: `Baixar ${PDF_NAME}` })) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says in a toast why a download failed, and lets the user try again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url.includes('/attachments/') ? json(404, { message: 'Anexo não encontrado neste e-mail.' }) : json(200, PAGE))),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Baixar notas.csv' }, { timeout: 5000 }));
    expect(await screen.findByText('Não foi possível baixar o anexo notas.csv: Anexo não encontrado neste e-mail.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Baixar notas.csv' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
