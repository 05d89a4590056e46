/** Reminders that leave the app, in PostgreSQL: the same tables and statements as SQLite's (reminderStore there). */
import { randomUUID } from "node:crypto";
import type { ChannelChoice, ChoiceChange, RemindersStore } from "~/stores/reminders";
import { numberedAll } from "~/infra/rows/placeholders.server";
import { PUSH_DEVICES_PER_MEMBER, REMINDERS } from "~/infra/rows/statements.server";
import type { Pg } from "./database.server";

const SQL = numberedAll(REMINDERS);

type ChoiceRow = { kind: ChannelChoice["kind"]; channel: ChannelChoice["channel"]; is_on: boolean; changed_at: string };
type LogRow = {
  kind: ChoiceChange["kind"];
  channel: ChoiceChange["channel"];
  is_on: boolean;
  at: string;
  source: ChoiceChange["source"];
};

export function pgReminderStore(db: Pg): RemindersStore {
  // No page but the member's own reminders page shows these, and it reads them afresh: the change mark stays.
  const sql = db.unmarked;
  type AppointmentRow = { uid: string; id: string; office: string; starts_at: string; saved_at: string };
  const appointmentOf = (r: AppointmentRow) => ({
    id: r.id,
    office: r.office,
    startsAt: Number(r.starts_at),
    savedAt: Number(r.saved_at),
  });
  return {
    async appointment(uid) {
      const row = await sql.row<AppointmentRow>(SQL.appointment, [uid]);
      return row ? appointmentOf(row) : null;
    },
    async setAppointment(uid, { id, office, startsAt, savedAt }) {
      return (await db.run(SQL.setAppointment, [uid, id, office, startsAt, savedAt, uid])) === 1;
    },
    async deleteAppointment(uid) {
      return (await db.run(SQL.deleteAppointment, [uid])) === 1;
    },
    async appointmentsFrom(from, after, limit) {
      return (await sql.rows<AppointmentRow>(SQL.appointmentsFrom, [from, after ?? "", limit])).map((r) => ({
        uid: r.uid,
        ...appointmentOf(r),
      }));
    },
    async choices(uid) {
      return (await sql.rows<ChoiceRow>(SQL.choices, [uid])).map((r) => ({
        kind: r.kind,
        channel: r.channel,
        on: r.is_on,
        changedAt: Number(r.changed_at),
      }));
    },
    async setChoices(uid, choices, now, source) {
      return db.tx(async (tx) => {
        if (!(await tx.row(SQL.memberExists, [uid]))) return 0;
        let changed = 0;
        for (const { kind, channel, on } of choices) {
          const current = await tx.row<{ is_on: boolean }>(SQL.choice, [uid, kind, channel]);
          if ((current?.is_on ?? false) === on) continue;
          await tx.run(SQL.setChoice, [uid, kind, channel, on, now]);
          await tx.run(SQL.logChoice, [randomUUID(), uid, kind, channel, on, now, source]);
          changed++;
        }
        return changed;
      });
    },
    async history(uid) {
      return (await sql.rows<LogRow>(SQL.history, [uid])).map((r) => ({
        kind: r.kind,
        channel: r.channel,
        on: r.is_on,
        at: Number(r.at),
        source: r.source,
      }));
    },
    async membersWithChannelsOn(after, limit) {
      return (await sql.rows<{ uid: string }>(SQL.membersWithChannelsOn, [true, after ?? "", limit])).map((r) => r.uid);
    },
    async addPushSubscription(uid, { endpoint, p256dh, auth }, now) {
      await db.tx(async (tx) => {
        await tx.run(SQL.addSubscription, [endpoint, uid, p256dh, auth, now]);
        await tx.run(SQL.trimSubscriptions, [uid, uid, PUSH_DEVICES_PER_MEMBER]);
      });
    },
    async removePushSubscription(uid, endpoint) {
      return (await sql.run(SQL.removeSubscription, [uid, endpoint])) === 1;
    },
    async forgetPushEndpoint(endpoint) {
      await sql.run(SQL.forgetEndpoint, [endpoint]);
    },
    async pushSubscriptions(uid) {
      const rows = await sql.rows<{ endpoint: string; p256dh: string; auth: string; created_at: string }>(
        SQL.subscriptions,
        [uid],
      );
      return rows.map((r) => ({
        endpoint: r.endpoint,
        p256dh: r.p256dh,
        auth: r.auth,
        createdAt: Number(r.created_at),
      }));
    },
    async claimDelivery(uid, key, now) {
      return (await sql.row<{ attempts: number }>(SQL.claim, [uid, key, now, now]))?.attempts ?? null;
    },
    async markSent(uid, key, now) {
      await sql.run(SQL.markSent, [now, uid, key]);
    },
    async markFailed(uid, key, retryAt) {
      await sql.run(SQL.markFailed, [retryAt, uid, key]);
    },
    async delivery(uid, key) {
      return (
        (await sql.row<{ state: "claimed" | "sent" | "failed"; attempts: number }>(SQL.delivery, [uid, key])) ?? null
      );
    },
  };
}
