import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { saveSession } from '../../../apps/web/src/auth/session';
import { PersonalDataDialog } from '../../../apps/web/src/pages/users/PersonalDataDialog';
import { staffTheme as theme } from '../../../apps/web/src/staffTheme';

/*
 * The administrator's LGPD dialog of one person (issue 14): export everything held about the person
 * (JSON or PDF, downloaded with the session's token) and erase their personal data once their name is
 * typed. Every call goes through a stubbed fetch; the expected requests are the API contract's.
 */

const admin = { id: 1, name: 'Administrador', email: 'admin@avalia.test', type_account: 1, company_id: null };
const person = { id: 42, name: 'Ana Paula Souza', email: 'ana.souza@demonstracao.com.br' };

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderDialog(handlers: { onClose?: () => void; onErased?: () => void } = {}) {
  return render(
    <ThemeProvider theme={theme}>
        <PersonalDataDialog person={person} onClose={handlers.onClose ?? (() => undefined)} onErased={handlers.onErased ?? (() => undefined)} />
    </ThemeProvider>,
  );
}

const eraseButton = () => screen.getByRole('button', { name: 'Apagar dados pessoais' }) as HTMLButtonElement;
const typeName = (value: string) => fireEvent.change(screen.getByLabelText('Nome da pessoa'), { target: { value } });

/** The one call the stubbed fetch received: its URL, method, headers and JSON body. */
function callOf(fetchMock: ReturnType<typeof vi.fn>, index = 0) {
  const [url, init] = fetchMock.mock.calls[index] as unknown as [string, RequestInit];
  return {
    url,
    method: init.method ?? 'GET',
    headers: init.headers as Record<string, string>,
    body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
  };
}

describe('PersonalDataDialog (LGPD)', () => {
  const blobUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  let saved: { name: string; type: string; text: Promise<string> }[];

  beforeEach(() => {
    localStorage.clear();
    saveSession('token-admin', admin);
    saved = [];
    // jsdom has no blob URLs: these stand in for the browser's, recording each file offered.
    URL.createObjectURL = (blob: Blob) => (saved.push({ name: '', type: blob.type, text: blob.text() }), 'blob:dados');
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved[saved.length - 1]!.name = this.download;
    });
  });
  afterEach(() => {
    URL.createObjectURL = blobUrls.create;
    // saveFile revokes its URL 10 s later, possibly after this file: keep a harmless revoke.
    URL.revokeObjectURL = blobUrls.revoke ?? (() => undefined);
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('names the person and explains both rights, what is kept and what is replaced', () => {
    vi.stubGlobal('fetch', vi.fn());
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Dados pessoais (LGPD)' });
    expect(dialog.textContent).toContain('Ana Paula Souza');
    expect(dialog.textContent).toContain('ana.souza@demonstracao.com.br');
    expect(screen.getByRole('heading', { name: 'Receber uma cópia dos dados' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Apagar dados pessoais' })).toBeTruthy();
    expect(dialog.textContent).toMatch(/não pode ser desfeita/);
    expect(dialog.textContent).toMatch(/respostas numéricas continuam, como contribuições anônimas/);
    expect(dialog.textContent).toMatch(/Nome, e-mail e telefone/);
    // The field says which name to type.
    expect(screen.getByRole('textbox', { name: 'Nome da pessoa', description: /digite Ana Paula Souza/ })).toBeTruthy();
  });

  it('enables the erase button only once the typed name matches (trimmed, spaces collapsed, any case)', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderDialog();
    expect(eraseButton().disabled).toBe(true);
    typeName('Ana Paula');
    expect(eraseButton().disabled).toBe(true);
    typeName('Ana Paula Souzaa');
    expect(eraseButton().disabled).toBe(true);
    typeName('  ana paula SOUZA ');
    expect(eraseButton().disabled).toBe(false);
    typeName('Ana  Paula Souza');
    expect(eraseButton().disabled).toBe(false);
    typeName('');
    expect(eraseButton().disabled).toBe(true);
    // Enter in the field does not erase while the name does not match.
    typeName('Ana');
    fireEvent.submit(eraseButton().closest('form')!);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the typed name, is busy meanwhile, then says so, reloads the list and closes', async () => {
    let finish: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (finish = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    const onErased = vi.fn();
    const onClose = vi.fn();
    renderDialog({ onErased, onClose });
    typeName('ana paula souza');
    fireEvent.click(eraseButton());

    const busy = (await screen.findByRole('button', { name: 'Apagando…' })) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Exportar (JSON)' }) as HTMLButtonElement).disabled).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const call = callOf(fetchMock);
    expect(call.url).toBe('/api/users/42/erase');
    expect(call.method).toBe('POST');
    expect(call.headers.Authorization).toBe('Bearer token-admin');
    expect(call.body).toEqual({ confirm_name: 'ana paula souza' });

    finish(
      jsonResponse(200, {
        message: 'Dados pessoais apagados.',
        summary: { evaluations: 3, freeTexts: 1, outboxMessages: 2, attachments: 1, jobs: 0, auditEntries: 4 },
      }),
    );
    expect(await screen.findByText('Dados pessoais apagados.')).toBeTruthy();
    expect(onErased).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal in the dialog, keeps it open and lets the name be fixed", async () => {
    const fetchMock = vi.fn(async () => jsonResponse(400, { message: 'O nome digitado não confere com o nome da pessoa.' }));
    vi.stubGlobal('fetch', fetchMock);
    const onErased = vi.fn();
    const onClose = vi.fn();
    renderDialog({ onErased, onClose });
    typeName('Ana Paula Souza');
    fireEvent.click(eraseButton());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('O nome digitado não confere com o nome da pessoa.');
    expect(screen.getByRole('dialog', { name: 'Dados pessoais (LGPD)' })).toBeTruthy();
    expect((screen.getByLabelText('Nome da pessoa') as HTMLInputElement).value).toBe('Ana Paula Souza');
    await waitFor(() => expect(eraseButton().disabled).toBe(false));
    expect(onErased).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('downloads the JSON and the PDF with the token, under the names the server gives', async () => {
    let finish: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (finish = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    renderDialog();

    fireEvent.click(screen.getByRole('button', { name: 'Exportar (JSON)' }));
    const busy = (await screen.findByRole('button', { name: 'Baixando…' })) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Exportar (PDF)' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('progressbar', { name: 'Preparando o arquivo…' })).toBeTruthy();
    let call = callOf(fetchMock, 0);
    expect(call.url).toBe('/api/users/42/personal-data?format=json');
    expect(call.method).toBe('GET');
    expect(call.headers.Authorization).toBe('Bearer token-admin');
    finish(
      new Response(JSON.stringify({ user: { name: person.name, email: person.email } }), {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename="dados-pessoais-42.json"' },
      }),
    );
    await screen.findByRole('button', { name: 'Exportar (JSON)' });
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['dados-pessoais-42.json']));
    expect(JSON.parse(await saved[0]!.text)).toEqual({ user: { name: 'Ana Paula Souza', email: 'ana.souza@demonstracao.com.br' } });

    fireEvent.click(screen.getByRole('button', { name: 'Exportar (PDF)' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    call = callOf(fetchMock, 1);
    expect(call.url).toBe('/api/users/42/personal-data?format=pdf');
    expect(call.headers.Authorization).toBe('Bearer token-admin');
    finish(
      new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
        status: 200,
        headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="dados-pessoais-42.pdf"' },
      }),
    );
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['dados-pessoais-42.json', 'dados-pessoais-42.pdf']));
    expect(saved[1]!.type).toBe('application/pdf');
  });

  it('says why an export failed and lets the administrator try again', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(403, { message: 'Apenas administradores podem fazer isso.' })));
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Exportar (PDF)' }));
    expect(await screen.findByText('Apenas administradores podem fazer isso.')).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('button', { name: 'Exportar (PDF)' }) as HTMLButtonElement).disabled).toBe(false));
    expect(saved).toEqual([]);
  });
});
