import { createHash } from 'node:crypto';
import nodemailer from 'nodemailer';
import { format, messages } from '../../../../engine/messages.ts';
import type { Db } from '../db/client.ts';
import { claimDelivery, insertOutbox, markDeliverySent, releaseDelivery } from '../repositories/outbox.ts';
import type { MailMessage, Mailer } from '../types.ts';

/** What the mailer needs. */
export interface MailerOptions {
  db: Db;
  /** SMTP connection URL (`smtp://user:pass@host:587`, `smtps://…`); absent: messages go to the outbox table. */
  smtpUrl?: string;
  /** Sender of every message (`Avalia <nao-responda@empresa.com.br>`). */
  from: string;
}

/** A mail failure whose message is the Portuguese reason a job monitor shows. */
export class MailError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MailError';
  }
}

/** The domain part of the sender address, for Message-IDs. */
function senderDomain(from: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from);
  return match?.[1] ?? 'avalia.local';
}

/**
 * The Message-ID of a key: the same on every attempt, so a receiving server or client that saw the
 * message already can recognise a repeat.
 */
export function messageIdFor(key: string, from: string): string {
  return `<${createHash('sha256').update(key).digest('hex').slice(0, 40)}@${senderDomain(from)}>`;
}

/** Error codes nodemailer uses when it failed before the message could have been accepted. */
const NOT_SENT_CODES = new Set(['ECONNECTION', 'EDNS', 'EAUTH', 'ETLS', 'EENVELOPE', 'ECONFIG', 'EMESSAGE']);

/**
 * Whether an SMTP error proves the message did not leave: the server answered with an error code, or
 * the connection/envelope failed before any data went out. Anything else (a socket dropped or a
 * timeout during DATA) is ambiguous: the server may have accepted the message.
 */
function certainlyNotSent(error: unknown): boolean {
  const e = error as { responseCode?: unknown; code?: unknown; errno?: unknown; syscall?: unknown };
  if (typeof e.responseCode === 'number' && e.responseCode >= 400) return true;
  if (typeof e.code === 'string' && NOT_SENT_CODES.has(e.code)) return true;
  return e.syscall === 'connect' || e.errno === 'ECONNREFUSED' || e.code === 'ECONNREFUSED';
}

/** Outbox delivery: the message and its attachments stored together; a key already stored is skipped. */
function outboxMailer(db: Db): Mailer {
  return {
    transport: 'outbox',
    async send(message) {
      return { skipped: !(await insertOutbox(db, message)) };
    },
  };
}

/**
 * SMTP delivery with the `mail_deliveries` protocol: `sending` is committed before the SMTP
 * conversation and `sent` after it. A key already `sent` is skipped. A key found in `sending` means an
 * earlier attempt stopped between the two (a crash, or an ambiguous network failure): the message may
 * have left, so it is NOT sent again blindly; the attempt fails with 'Envio interrompido: verifique
 * antes de reenviar' and an operator checks the mailbox and, if needed, sends it again by hand (the
 * reminder and e-mail calls use fresh keys). A refusal the server reported clears the claim, so the
 * job's next retry sends normally.
 */
function smtpMailer(db: Db, smtpUrl: string, from: string): Mailer & { close(): void } {
  // Pooled: the messages of a batch of jobs reuse a few open connections (5) instead of opening one
  // each. The pool puts a message on another connection only when not a byte of it was sent, so the
  // protocol above still sees one conversation per attempt. `?pool=false` in SMTP_URL turns it off.
  const transporter = nodemailer.createTransport({ url: smtpUrl, pool: true });
  return {
    transport: 'smtp',
    async send(message: MailMessage) {
      const messageId = messageIdFor(message.key, from);
      const claim = await claimDelivery(db, message.key, message.to, messageId);
      if (claim === 'sent') return { skipped: true };
      if (claim === 'sending') throw new MailError(messages.mail.sendInterrupted);
      try {
        await transporter.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          messageId,
          attachments: (message.attachments ?? []).map(({ filename, contentType, content }) => ({ filename, contentType, content })),
        });
      } catch (error) {
        if (certainlyNotSent(error)) await releaseDelivery(db, message.key);
        throw new MailError(format(messages.mail.smtpFailed, { detail: error instanceof Error ? error.message : String(error) }));
      }
      await markDeliverySent(db, message.key);
      return { skipped: false };
    },
    close() {
      transporter.close();
    },
  };
}

/** The mailer of the app: SMTP when `smtpUrl` is set, otherwise the outbox table. */
export function createMailer(options: MailerOptions): Mailer & { close(): void } {
  if (options.smtpUrl) return smtpMailer(options.db, options.smtpUrl, options.from);
  return { ...outboxMailer(options.db), close() {} };
}
