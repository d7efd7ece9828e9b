/** An SMTP server on 127.0.0.1 (random port) that keeps the messages it accepts, parsed by mailparser. */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** The test SMTP server. */
export interface TestSmtp {
  /** `smtp://127.0.0.1:{port}` for SMTP_URL. */
  url: string;
  /** Every accepted message, in arrival order. */
  messages: ParsedMail[];
  /** While true, every message is refused with a 451 (a temporary failure of the receiving server). */
  failing: boolean;
  /** Data commands received, accepted or not. */
  attempts: number;
  /** Recipient addresses (lower case) refused at RCPT TO with a 550, whatever `failing` says. */
  refused: Set<string>;
  /** Waits until `count` messages were accepted (throws after `timeoutMs`). */
  waitForMessages(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/** Refusal text of the failing server. */
export const REFUSAL = 'Caixa postal temporariamente indisponivel';

/** Refusal text of a refused recipient. */
export const RECIPIENT_REFUSAL = 'Destinatario desconhecido';

/** Starts the server. */
export async function startSmtp(): Promise<TestSmtp> {
  const state: TestSmtp = {
    url: '',
    messages: [],
    failing: false,
    attempts: 0,
    refused: new Set(),
    async waitForMessages(count, timeoutMs = 15000) {
      const until = Date.now() + timeoutMs;
      while (state.messages.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} messages, got ${state.messages.length}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return state.messages;
    },
    close: async () => undefined,
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (state.refused.has(address.address.toLowerCase())) {
        callback(Object.assign(new Error(RECIPIENT_REFUSAL), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      state.attempts += 1;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.failing) {
          callback(Object.assign(new Error(REFUSAL), { responseCode: 451 }));
          return;
        }
        simpleParser(Buffer.concat(chunks))
          .then((mail) => {
            state.messages.push(mail);
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  state.url = `smtp://127.0.0.1:${port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
