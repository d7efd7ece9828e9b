import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailDeliveries, outbox } from '../db/schema.ts';
import type { MailMessage } from '../types.ts';

/** Stores a message in the outbox; false when a message with its key is already there. */
export async function insertOutbox(db: Db, message: MailMessage): Promise<boolean> {
  const rows = await db
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
  return rows.length === 1;
}

/** One page of the outbox, newest first, and the total count. */
export async function listOutbox(db: Db, page: number, pageSize: number) {
  const items = await db
    .select()
    .from(outbox)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(outbox);
  return { items, total: Number(total!.n) };
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
