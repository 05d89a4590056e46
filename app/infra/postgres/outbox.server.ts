/**
 * Local mode's text outbox in PostgreSQL (table `sms_outbox`), so that /dev/outbox of every process shows every
 * process's texts. Bounded: a text older than a day, or beyond the newest OUTBOX_KEEP, is deleted at the next send.
 */
import { randomUUID } from "node:crypto";
import type { OutboxMessage, SmsOutbox } from "~/infra/sms/sender.server";
import type { Pg } from "./database.server";

export const OUTBOX_KEEP = 1000;
export const OUTBOX_KEEP_MS = 24 * 60 * 60_000;

export function pgOutbox(db: Pg, now: () => number = Date.now): SmsOutbox {
  // No page shown to visitors holds a text: its writes leave the change mark alone.
  const sql = db.unmarked;
  return {
    async send(to, text) {
      const at = now();
      await sql.run("INSERT INTO sms_outbox (id, recipient, body, sent_at) VALUES ($1, $2, $3, $4)", [
        randomUUID(),
        to,
        text,
        at,
      ]);
      await sql.run(
        `DELETE FROM sms_outbox WHERE sent_at < $1
           OR sent_at < (SELECT sent_at FROM sms_outbox ORDER BY sent_at DESC LIMIT 1 OFFSET $2)`,
        [at - OUTBOX_KEEP_MS, OUTBOX_KEEP - 1],
      );
    },
    async read(limit) {
      const rows = await sql.rows<{ recipient: string; body: string; sent_at: number }>(
        "SELECT recipient, body, sent_at FROM sms_outbox ORDER BY sent_at DESC, id DESC LIMIT $1",
        [limit],
      );
      return rows.map((r): OutboxMessage => ({ to: r.recipient, text: r.body, at: new Date(r.sent_at).toISOString() }));
    },
  };
}
