/** Reminders that leave the app, in SQLite (tables reminder_choices, reminder_choice_log, push_subscriptions, reminder_deliveries). */
import { randomUUID } from "node:crypto";
import type { Statement } from "better-sqlite3";
import type { ChannelChoice, ChoiceChange, RemindersStore } from "~/stores/reminders";
import { PUSH_DEVICES_PER_MEMBER, REMINDERS } from "~/infra/rows/statements.server";
import type { Db } from "./database.server";

type ChoiceRow = { kind: ChannelChoice["kind"]; channel: ChannelChoice["channel"]; is_on: number; changed_at: number };
type LogRow = {
  kind: ChoiceChange["kind"];
  channel: ChoiceChange["channel"];
  is_on: number;
  at: number;
  source: ChoiceChange["source"];
};

export function sqliteReminderStore(db: Db): RemindersStore {
  const s = Object.fromEntries(Object.entries(REMINDERS).map(([name, text]) => [name, db.prepare(text)])) as Record<
    keyof typeof REMINDERS,
    Statement
  >;
  const setChoices = db.transaction(
    (uid: string, choices: Parameters<RemindersStore["setChoices"]>[1], now: number, source: string) => {
      if (!s.memberExists.get(uid)) return 0;
      let changed = 0;
      for (const { kind, channel, on } of choices) {
        const current = s.choice.get(uid, kind, channel) as { is_on: number } | undefined;
        if ((current?.is_on === 1) === on) continue;
        s.setChoice.run(uid, kind, channel, on ? 1 : 0, now);
        s.logChoice.run(randomUUID(), uid, kind, channel, on ? 1 : 0, now, source);
        changed++;
      }
      return changed;
    },
  );
  const addSubscription = db.transaction((uid: string, endpoint: string, p256dh: string, auth: string, now: number) => {
    s.addSubscription.run(endpoint, uid, p256dh, auth, now);
    s.trimSubscriptions.run(uid, uid, PUSH_DEVICES_PER_MEMBER);
  });

  type AppointmentRow = { uid: string; id: string; office: string; starts_at: number; saved_at: number };
  const appointmentOf = (r: AppointmentRow) => ({
    id: r.id,
    office: r.office,
    startsAt: r.starts_at,
    savedAt: r.saved_at,
  });

  return {
    async appointment(uid) {
      const row = s.appointment.get(uid) as AppointmentRow | undefined;
      return row ? appointmentOf(row) : null;
    },
    async setAppointment(uid, { id, office, startsAt, savedAt }) {
      return s.setAppointment.run(uid, id, office, startsAt, savedAt, uid).changes === 1;
    },
    async deleteAppointment(uid) {
      return s.deleteAppointment.run(uid).changes === 1;
    },
    async appointmentsFrom(from, after, limit) {
      return (s.appointmentsFrom.all(from, after ?? "", limit) as AppointmentRow[]).map((r) => ({
        uid: r.uid,
        ...appointmentOf(r),
      }));
    },
    async choices(uid) {
      return (s.choices.all(uid) as ChoiceRow[]).map((r) => ({
        kind: r.kind,
        channel: r.channel,
        on: r.is_on === 1,
        changedAt: r.changed_at,
      }));
    },
    async setChoices(uid, choices, now, source) {
      return setChoices.immediate(uid, choices, now, source);
    },
    async history(uid) {
      return (s.history.all(uid) as LogRow[]).map((r) => ({
        kind: r.kind,
        channel: r.channel,
        on: r.is_on === 1,
        at: r.at,
        source: r.source,
      }));
    },
    async membersWithChannelsOn(after, limit) {
      return (s.membersWithChannelsOn.all(1, after ?? "", limit) as { uid: string }[]).map((r) => r.uid);
    },
    async addPushSubscription(uid, { endpoint, p256dh, auth }, now) {
      addSubscription.immediate(uid, endpoint, p256dh, auth, now);
    },
    async removePushSubscription(uid, endpoint) {
      return s.removeSubscription.run(uid, endpoint).changes === 1;
    },
    async forgetPushEndpoint(endpoint) {
      s.forgetEndpoint.run(endpoint);
    },
    async pushSubscriptions(uid) {
      return (s.subscriptions.all(uid) as { endpoint: string; p256dh: string; auth: string; created_at: number }[]).map(
        (r) => ({ endpoint: r.endpoint, p256dh: r.p256dh, auth: r.auth, createdAt: r.created_at }),
      );
    },
    async claimDelivery(uid, key, now) {
      return (s.claim.get(uid, key, now, now) as { attempts: number } | undefined)?.attempts ?? null;
    },
    async markSent(uid, key, now) {
      s.markSent.run(now, uid, key);
    },
    async markFailed(uid, key, retryAt) {
      s.markFailed.run(retryAt, uid, key);
    },
    async delivery(uid, key) {
      return (
        (s.delivery.get(uid, key) as { state: "claimed" | "sent" | "failed"; attempts: number } | undefined) ?? null
      );
    },
  };
}
