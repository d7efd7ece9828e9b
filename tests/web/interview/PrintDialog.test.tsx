import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { saveSession } from '../../../apps/web/src/auth/session';
import { PrintDialog } from '../../../apps/web/src/pages/interview/PrintDialog';
import { staffTheme as theme } from '../../../apps/web/src/staffTheme';

/*
 * The print dialog 'Impressão' of the 360-by-interview report: 'Entrevista 360 graus' downloads the
 * server's PDF (busy meanwhile, a toast after) instead of opening the browser's print.
 */

const admin = { id: 1, name: 'Administrador', email: 'admin@avalia.test', type_account: 1, company_id: null };
const FILE_NAME = 'Entrevista 360 graus - Ana Conceição.pdf';

function renderDialog() {
  return render(
    <ThemeProvider theme={theme}>
        <PrintDialog open onClose={() => undefined} ratedId={7} ratedName="Ana Conceição" evaluatorIds={[3, 5]} chart={null} />
    </ThemeProvider>,
  );
}

describe('PrintDialog (360 by interview)', () => {
  const blobUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  const print = window.print;
  let saved: { name: string; size: number; type: string }[];
  let printed: number;

  beforeEach(() => {
    localStorage.clear();
    saveSession('token-admin', admin);
    saved = [];
    printed = 0;
    // jsdom has no blob URLs nor print: these stand in for the browser's.
    URL.createObjectURL = (blob: Blob) => (saved.push({ name: '', size: blob.size, type: blob.type }), 'blob:relatorio');
    URL.revokeObjectURL = () => undefined;
    window.print = () => {
      printed += 1;
    };
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved[saved.length - 1]!.name = this.download;
    });
  });
  afterEach(() => {
    URL.createObjectURL = blobUrls.create;
    // saveFile revokes its URL 10 s later, possibly after this file: keep a harmless revoke.
    URL.revokeObjectURL = blobUrls.revoke ?? (() => undefined);
    window.print = print;
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('downloads the server’s PDF of the chosen evaluators, busy while it is made, then says so', async () => {
    let finish: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (finish = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Entrevista 360 graus' }));

    const busy = await screen.findByRole('button', { name: 'Gerando relatório…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/interview/report/7?evaluators=3,5');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer token-admin');

    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37]);
    finish(
      new Response(pdf, {
        status: 200,
        headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="x.pdf"; filename*=UTF-8''${encodeURIComponent(FILE_NAME)}` },
      }),
    );
    expect(await screen.findByText('Relatório gerado com sucesso')).toBeTruthy();
    expect(saved).toEqual([{ name: FILE_NAME, size: 8, type: 'application/pdf' }]);
    expect(printed).toBe(0);
    expect(((await screen.findByRole('button', { name: 'Entrevista 360 graus' })) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByRole('dialog', { name: 'Entrevista 360 graus' })).toBeNull();
  });

  it('says the report failed when the server cannot make it, and lets the user try again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ message: 'Muitos relatórios sendo gerados agora. Tente de novo em alguns segundos.' }), {
            status: 503,
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Entrevista 360 graus' }));
    expect(await screen.findByText('Erro ao gerar relatório')).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('button', { name: 'Entrevista 360 graus' }) as HTMLButtonElement).disabled).toBe(false));
    expect(saved).toEqual([]);
  });
});
