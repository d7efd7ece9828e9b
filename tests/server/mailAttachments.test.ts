/**
 * E-mail attachments: through SMTP (a real `smtp-server` on 127.0.0.1, read back with mailparser) and
 * in the outbox (stored with the message in one transaction, listed with their sizes, downloaded by
 * administrators).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailDeliveries, outbox } from '../../apps/server/src/db/schema.ts';
import { createMailer } from '../../apps/server/src/mail/mailer.ts';
import type { MailMessage } from '../../apps/server/src/types.ts';
import { startSmtp, type TestSmtp } from './smtp.ts';
import { bearer } from './testApp.ts';
import { adminToken, companyToken, setUpWorld, t } from './world.ts';

setUpWorld();

const FROM = 'Avalia Teste <nao-responda@teste.avalia>';
const PDF_NAME = 'Avaliação desempenho de equipe - José Conceição.pdf';
/** A small "PDF": the magic number, then every byte value (so any re-encoding on the way shows). */
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n', 'latin1'), Buffer.from(Array.from({ length: 256 }, (_, i) => i)), Buffer.from('\n%%EOF\n', 'latin1')]);
/** 9 + 256 + 7 bytes, counted by hand. */
const PDF_SIZE = 272;
/** The header written out by hand: ç = C3 A7, ã = C3 A3, é = C3 A9 in UTF-8; spaces %20. */
const PDF_DISPOSITION =
  `attachment; filename="Avaliacao desempenho de equipe - Jose Conceicao.pdf"; ` +
  `filename*=UTF-8''Avalia%C3%A7%C3%A3o%20desempenho%20de%20equipe%20-%20Jos%C3%A9%20Concei%C3%A7%C3%A3o.pdf`;

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

function message(key: string, attachments: MailMessage['attachments']): MailMessage {
  return { key, to: 'destino@teste.avalia', subject: `Relatório ${key}`, text: 'Segue o relatório.', html: '<p>Segue o relatório.</p>', kind: 'report', attachments };
}

async function outboxIdOf(key: string): Promise<number | undefined> {
  const [row] = await t.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.key, key));
  return row?.id;
}

async function attachmentCount(outboxId: number): Promise<number> {
  const result = await t.db.execute(sql`SELECT count(*)::int AS n FROM outbox_attachments WHERE outbox_id = ${outboxId}`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
}

interface ListedMail {
  id: number;
  key: string;
  attachments: { position: number; filename: string; content_type: string; size: number }[];
}

/** The outbox listing item of a key (the newest page is enough: each test looks at what it just sent). */
async function listed(key: string): Promise<ListedMail | undefined> {
  const response = await get('/api/outbox?pageSize=100', adminToken);
  expect(response.statusCode).toBe(200);
  return (response.json() as { items: ListedMail[] }).items.find((item) => item.key === key);
}

describe('SMTP attachments', () => {
  let smtp: TestSmtp;
  let mailer: ReturnType<typeof createMailer>;
  beforeAll(async () => {
    smtp = await startSmtp();
    mailer = createMailer({ db: t.db, smtpUrl: smtp.url, from: FROM });
  });
  afterAll(async () => {
    mailer?.close();
    await smtp?.close();
  });

  it('deliver the PDF with its accented name, its type and its exact bytes, once per key', async () => {
    const sent = message('smtp:anexo', [{ filename: PDF_NAME, contentType: 'application/pdf', content: PDF }]);
    expect(await mailer.send(sent)).toEqual({ skipped: false });
    const [mail] = await smtp.waitForMessages(1);
    expect(mail!.subject).toBe('Relatório smtp:anexo');
    expect(mail!.attachments).toHaveLength(1);
    const attachment = mail!.attachments[0]!;
    expect(attachment.filename).toBe(PDF_NAME);
    expect(attachment.contentType).toBe('application/pdf');
    expect(attachment.content.equals(PDF)).toBe(true);
    expect(attachment.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The same key again: skipped, nothing more reaches the server, the delivery is recorded once as sent.
    expect(await mailer.send(sent)).toEqual({ skipped: true });
    expect(smtp.attempts).toBe(1);
    expect(smtp.messages).toHaveLength(1);
    const deliveries = await t.db.select().from(mailDeliveries).where(eq(mailDeliveries.key, 'smtp:anexo'));
    expect(deliveries.map((row) => row.state)).toEqual(['sent']);
  });
});

describe('outbox attachments', () => {
  it('are stored with the message, listed with their sizes in bytes, and downloaded as they were', async () => {
    expect(t.app.mailer.transport).toBe('outbox');
    const csv = Buffer.from('nome;nota\nJosé;9,5\n', 'utf8');
    const sent = message('outbox:anexos', [
      { filename: PDF_NAME, contentType: 'application/pdf', content: PDF },
      { filename: 'notas.csv', contentType: 'text/csv; charset=utf-8', content: csv },
    ]);
    expect(await t.app.mailer.send(sent)).toEqual({ skipped: false });
    const item = await listed('outbox:anexos');
    expect(item?.attachments).toEqual([
      { position: 0, filename: PDF_NAME, content_type: 'application/pdf', size: PDF_SIZE },
      // "José" has one two-byte letter: 20 bytes for 19 characters.
      { position: 1, filename: 'notas.csv', content_type: 'text/csv; charset=utf-8', size: 20 },
    ]);

    const pdf = await get(`/api/outbox/${item!.id}/attachments/0`, adminToken);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(PDF_DISPOSITION);
    expect(pdf.rawPayload.equals(PDF)).toBe(true);

    const second = await get(`/api/outbox/${item!.id}/attachments/1`, adminToken);
    expect(second.statusCode).toBe(200);
    expect(second.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(second.headers['content-disposition']).toBe(`attachment; filename="notas.csv"; filename*=UTF-8''notas.csv`);
    expect(second.rawPayload.equals(csv)).toBe(true);
  });

  it('list a message without attachments with an empty list', async () => {
    await t.app.mailer.send(message('outbox:sem-anexo', undefined));
    expect((await listed('outbox:sem-anexo'))?.attachments).toEqual([]);
  });

  it('store nothing for a repeated key, not even its attachments', async () => {
    const first = message('outbox:repetida', [{ filename: 'a.pdf', contentType: 'application/pdf', content: PDF }]);
    expect(await t.app.mailer.send(first)).toEqual({ skipped: false });
    const again = message('outbox:repetida', [
      { filename: 'b.pdf', contentType: 'application/pdf', content: PDF },
      { filename: 'c.pdf', contentType: 'application/pdf', content: PDF },
    ]);
    expect(await t.app.mailer.send(again)).toEqual({ skipped: true });
    const id = (await outboxIdOf('outbox:repetida'))!;
    expect(await attachmentCount(id)).toBe(1);
    expect((await listed('outbox:repetida'))?.attachments.map((file) => file.filename)).toEqual(['a.pdf']);
  });

  it('keep no message when an attachment cannot be stored, so a retry stores it whole', async () => {
    // PostgreSQL text cannot hold a NUL character: the attachment insert fails after the message insert.
    const broken = message('outbox:transacao', [
      { filename: 'ok.pdf', contentType: 'application/pdf', content: PDF },
      { filename: 'quebrado\u0000.pdf', contentType: 'application/pdf', content: PDF },
    ]);
    await expect(t.app.mailer.send(broken)).rejects.toThrow();
    expect(await outboxIdOf('outbox:transacao')).toBeUndefined();
    const orphans = await t.db.execute(sql`SELECT count(*)::int AS n FROM outbox_attachments a LEFT JOIN outbox o ON o.id = a.outbox_id WHERE o.id IS NULL`);
    expect(Number((orphans as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(0);

    const fixed = message('outbox:transacao', [{ filename: 'ok.pdf', contentType: 'application/pdf', content: PDF }]);
    expect(await t.app.mailer.send(fixed)).toEqual({ skipped: false });
    expect(await attachmentCount((await outboxIdOf('outbox:transacao'))!)).toBe(1);
  });

  it('are for administrators only', async () => {
    await t.app.mailer.send(message('outbox:acesso', [{ filename: PDF_NAME, contentType: 'application/pdf', content: PDF }]));
    const id = (await outboxIdOf('outbox:acesso'))!;
    const url = `/api/outbox/${id}/attachments/0`;
    expect((await get(url)).statusCode).toBe(401);
    const forbidden = await get(url, companyToken);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'Você não tem permissão para esta ação.' });
    expect(forbidden.rawPayload.includes(PDF.subarray(0, 16))).toBe(false);
  });

  it('answer 404 in Portuguese for an unknown message or position, and 400 for malformed ids', async () => {
    await t.app.mailer.send(message('outbox:404', [{ filename: 'a.pdf', contentType: 'application/pdf', content: PDF }]));
    await t.app.mailer.send(message('outbox:404-vazia', undefined));
    const id = (await outboxIdOf('outbox:404'))!;
    const empty = (await outboxIdOf('outbox:404-vazia'))!;
    const [last] = await t.db.select({ id: sql<number>`max(${outbox.id})`.mapWith(Number) }).from(outbox);

    for (const url of [`/api/outbox/${last!.id + 1000}/attachments/0`, '/api/outbox/2147483647/attachments/0']) {
      const response = await get(url, adminToken);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'E-mail não encontrado na caixa de saída.' });
    }
    for (const url of [`/api/outbox/${id}/attachments/1`, `/api/outbox/${empty}/attachments/0`, `/api/outbox/${id}/attachments/2147483647`]) {
      const response = await get(url, adminToken);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Anexo não encontrado neste e-mail.' });
    }
    for (const [idText, position] of [
      ['abc', '0'],
      ['0', '0'],
      ['-1', '0'],
      ['1.5', '0'],
      ['2147483648', '0'],
      [String(id), '-1'],
      [String(id), 'x'],
      [String(id), '0.5'],
      [String(id), '99999999999999999999'],
    ]) {
      const response = await get(`/api/outbox/${idText}/attachments/${position}`, adminToken);
      expect(response.statusCode, `${idText}/${position}`).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
  });
});
