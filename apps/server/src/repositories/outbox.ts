import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailDeliveries, outbox, outboxAttachments } from '../db/schema.ts';
import type { MailMessage } from '../types.ts';

/**
 * Stores a message and its attachments in the outbox, in one transaction (both or neither); false,
 * storing nothing, when a message with its key is already there.
 */
export async function insertOutbox(db: Db, message: MailMessage): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(outbox)
      .values({
        key: message.key,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        kind: message.kind,
        evaluationId: message.evaluationId ?? null,
        companyId: message.companyId ?? null,
      })
      .onConflictDoNothing({ target: outbox.key })
      .returning({ id: outbox.id });
    const stored = rows[0];
    if (!stored) return false;
    const attachments = message.attachments ?? [];
    if (attachments.length > 0) {
      await tx.insert(outboxAttachments).values(
        attachments.map((attachment, position) => ({
          outboxId: stored.id,
          position,
          filename: attachment.filename,
          contentType: attachment.contentType,
          content: attachment.content,
        })),
      );
    }
    return true;
  });
}

/** An attachment as the outbox lists it: its size (bytes) without its content. */
export interface OutboxAttachmentInfo {
  position: number;
  filename: string;
  contentType: string;
  size: number;
}

/** One page of the outbox, newest first, each message with its attachments (no bytes), and the total count. */
export async function listOutbox(db: Db, page: number, pageSize: number) {
  const rows = await db
    .select()
    .from(outbox)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(outbox);
  const attachmentsOf = new Map<number, OutboxAttachmentInfo[]>();
  if (rows.length > 0) {
    const files = await db
      .select({
        outboxId: outboxAttachments.outboxId,
        position: outboxAttachments.position,
        filename: outboxAttachments.filename,
        contentType: outboxAttachments.contentType,
        size: sql<number>`octet_length(${outboxAttachments.content})`.mapWith(Number),
      })
      .from(outboxAttachments)
      .where(inArray(outboxAttachments.outboxId, rows.map((row) => row.id)))
      .orderBy(asc(outboxAttachments.outboxId), asc(outboxAttachments.position));
    for (const { outboxId, ...file } of files) {
      const list = attachmentsOf.get(outboxId) ?? [];
      list.push(file);
      attachmentsOf.set(outboxId, list);
    }
  }
  const items = rows.map((row) => ({ ...row, attachments: attachmentsOf.get(row.id) ?? [] }));
  return { items, total: Number(total!.n) };
}

/** Whether the outbox has a message with this id. */
export async function outboxExists(db: Db, id: number): Promise<boolean> {
  const rows = await db.select({ id: outbox.id }).from(outbox).where(eq(outbox.id, id));
  return rows.length === 1;
}

/** One attachment of an outbox message, with its bytes, or null. */
export async function findOutboxAttachment(db: Db, outboxId: number, position: number) {
  const [row] = await db
    .select({ filename: outboxAttachments.filename, contentType: outboxAttachments.contentType, content: outboxAttachments.content })
    .from(outboxAttachments)
    .where(and(eq(outboxAttachments.outboxId, outboxId), eq(outboxAttachments.position, position)));
  return row ?? null;
}

/** What `claimDelivery` found for a key. */
export type DeliveryClaim = 'claimed' | 'sent' | 'sending';

/**
 * Records that the message is about to leave (state `sending`), in its own committed transaction,
 * unless the key already has a delivery: `sent` (it left) or `sending` (an earlier attempt stopped
 * mid-way, and the message may or may not have left).
 */
export async function claimDelivery(db: Db, key: string, to: string, messageId: string): Promise<DeliveryClaim> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(mailDeliveries)
      .values({ key, state: 'sending', to, messageId })
      .onConflictDoNothing({ target: mailDeliveries.key })
      .returning({ key: mailDeliveries.key });
    if (inserted.length === 1) return 'claimed';
    const [existing] = await tx.select({ state: mailDeliveries.state }).from(mailDeliveries).where(eq(mailDeliveries.key, key)).for('update');
    if (existing?.state === 'sent') return 'sent';
    await tx
      .update(mailDeliveries)
      .set({ attempts: sql`${mailDeliveries.attempts} + 1`, updatedAt: new Date() })
      .where(eq(mailDeliveries.key, key));
    return 'sending';
  });
}

/** Marks the delivery as sent (the SMTP server accepted it). */
export async function markDeliverySent(db: Db, key: string): Promise<void> {
  await db.update(mailDeliveries).set({ state: 'sent', updatedAt: new Date() }).where(eq(mailDeliveries.key, key));
}

/** Forgets a `sending` delivery that certainly did not leave (the SMTP server refused it), so a retry may send it. */
export async function releaseDelivery(db: Db, key: string): Promise<void> {
  await db.delete(mailDeliveries).where(eq(mailDeliveries.key, key));
}

/** The delivery of a key, or null. */
export async function findDelivery(db: Db, key: string) {
  const [row] = await db.select().from(mailDeliveries).where(eq(mailDeliveries.key, key));
  return row ?? null;
}
