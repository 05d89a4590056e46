/**
 * The job that sends reminders out of the app (issue 42): for every member with a channel on, the occasion due now
 * of each kind they chose (reminderSchedule.ts) goes to each chosen channel — one text message to their number, one
 * push to each of their browsers — exactly once: each (member, reminder, channel or device) is claimed in the
 * store before anything is sent and marked sent after, so a retry, a restart or a second process never sends it
 * twice. A failed attempt is retried with backoff while the reminder is still due; a push service's "gone" (404,
 * 410) forgets that browser; its "slow down" (429) is honoured. Nothing is sent in the quiet hours.
 *
 * A reminder carries only what it is about: never an offer, a loan, a shop item or a partner.
 */
import { createHash } from "node:crypto";
import type { SmsSender } from "~/infra/sms/sender.server";
import { i18nFor } from "~/i18n/instances.server";
import { directionOf } from "~/i18n/config";
import type { AppointmentRecord, ChannelChoice, PushMessage, PushOutcome, PushSender } from "~/stores/reminders";

export type { PushMessage, PushOutcome, PushSender } from "~/stores/reminders";
import type { Stores } from "~/stores/stores";
import {
  deliveryKey,
  dueOccasion,
  isQuietHour,
  appointmentOccasions,
  passportOccasions,
  seoulInstant,
  visaOccasions,
  type ReminderKind,
  type ReminderOccasion,
} from "./reminderSchedule";
import { seoulDateTime } from "./immigrationOffices";
import { reminderSms } from "./reminderSms.server";
import { stopToken } from "./reminderStop.server";
import { passportSeenKey, seoulDate } from "./reminders";

export interface DeliveryDeps {
  stores: Pick<Stores, "members" | "notifications" | "reminders">;
  sms: SmsSender;
  /** Null when push is not configured: push choices wait. */
  push: PushSender | null;
  /** The site's origin for links (`https://…`). */
  origin: string;
  secret: string;
  /**
   * The wall clock an opt-out link is issued on (Date.now unless told): the time the message leaves. A run at
   * another `now` (a day replayed by hand, a test) still sends links that work from the moment they arrive.
   */
  clock?: () => number;
}

export interface DeliveryRun {
  job: "reminders.deliver";
  now: string;
  /** Members with a channel on that the run looked at. */
  checked: number;
  sent: number;
  /** Due, not sent yet, and held back by the quiet hours (sent from 08:00): one per text and per browser. */
  deferred: number;
  failed: number;
  /** Browsers forgotten because their push service said they are gone. */
  gone: number;
}

const MEMBERS_PER_PAGE = 200;
const MINUTE = 60_000;
/** Attempts of one delivery before it is given up; the waits grow 2, 4, 8, 16, 32 minutes. */
export const MAX_ATTEMPTS = 6;
const backoff = (attempt: number) => 2 ** attempt * MINUTE;

/** The part of a delivery key naming one browser: a digest of its endpoint (never the endpoint itself). */
const deviceOf = (endpoint: string) => createHash("sha256").update(endpoint).digest("base64url").slice(0, 16);

/** The page a reminder is about, in the member's language. */
function detailsUrl(origin: string, kind: ReminderKind, lng: string) {
  const path = kind === "appointment" ? "/mypage/visa/appointment" : "/mypage/visa";
  return `${origin}${path}?lng=${encodeURIComponent(lng)}`;
}

/**
 * The occasions of a kind for a member, as far as their profile says: the visa's expiry, the passport's (the
 * optional date of /mypage/visa); the appointment's are its stored appointment's (/mypage/visa/appointment).
 */
function occasionsOf(
  kind: ReminderKind,
  profile: { visaExpiresOn: string | null; passportExpiresOn: string | null },
  appointment: AppointmentRecord | null,
) {
  if (kind === "visa") return profile.visaExpiresOn ? visaOccasions(profile.visaExpiresOn) : [];
  if (kind === "passport") return profile.passportExpiresOn ? passportOccasions(profile.passportExpiresOn) : [];
  return appointment ? appointmentOccasions(appointment.id, appointment.startsAt) : [];
}

/** What a reminder's words name: the date (an expiry, or the appointment's day) and the appointment's time. */
function wordsOf(occasion: ReminderOccasion, appointment: AppointmentRecord | null) {
  if (occasion.kind === "appointment" && appointment) return seoulDateTime(appointment.startsAt);
  return { date: occasion.about, time: "" };
}

async function pushMessage(
  occasion: ReminderOccasion,
  words: { date: string; time: string },
  lng: string,
  origin: string,
  stop: string,
): Promise<PushMessage> {
  const i18n = await i18nFor(lng);
  const t = i18n.getFixedT(lng, "inbox");
  return {
    title: t(`push.${occasion.kind}`),
    body: t(`messages.${occasion.kind}.${occasion.milestone}`, words),
    url: detailsUrl(origin, occasion.kind, lng),
    lang: lng,
    dir: directionOf(lng),
    stop: { url: stop, label: i18n.getFixedT(lng, "common")("titles.stopReminders") },
  };
}

/**
 * The day a date first seen by this run is recorded as: the run's day, but never after the wall clock's, so a run
 * as at a later time (an operator's `--now`) does not mark a date seen in the future and silence the milestones
 * before that day.
 */
const seenOn = (deps: Pick<DeliveryDeps, "clock">, now: number) => seoulDate(Math.min(now, (deps.clock ?? Date.now)()));

/** One pass at `now` over every member with a channel on. */
export async function runDeliveryJob(deps: DeliveryDeps, now: number): Promise<DeliveryRun> {
  const run: DeliveryRun = {
    job: "reminders.deliver",
    now: new Date(now).toISOString(),
    checked: 0,
    sent: 0,
    deferred: 0,
    failed: 0,
    gone: 0,
  };
  const quiet = isQuietHour(now);
  const today = seoulDate(now);
  let after: string | null = null;
  for (;;) {
    const uids = await deps.stores.reminders.membersWithChannelsOn(after, MEMBERS_PER_PAGE);
    if (uids.length === 0) break;
    for (const uid of uids) {
      run.checked++;
      await deliverTo(deps, uid, now, quiet, today, run);
    }
    after = uids[uids.length - 1] ?? null;
    if (uids.length < MEMBERS_PER_PAGE) break;
  }
  return run;
}

async function deliverTo(
  deps: DeliveryDeps,
  uid: string,
  now: number,
  quiet: boolean,
  today: string,
  run: DeliveryRun,
) {
  const { stores } = deps;
  const profile = await stores.members.profile(uid);
  if (!profile) return;
  const choices = (await stores.reminders.choices(uid)).filter((c) => c.on);
  const kinds = new Set(choices.map((c) => c.kind));
  const appointment = kinds.has("appointment") ? await stores.reminders.appointment(uid) : null;
  for (const kind of kinds) {
    const occasions = occasionsOf(kind, profile, appointment);
    if (occasions.length === 0) continue;
    // The inbox's rule: a milestone already past when the date was entered (an appointment: saved) is never sent.
    const firstSeenOn =
      kind === "visa" && profile.visaExpiresOn
        ? await stores.notifications.firstSeen(uid, profile.visaExpiresOn, seenOn(deps, now))
        : kind === "passport" && profile.passportExpiresOn
          ? await stores.notifications.firstSeen(uid, passportSeenKey(profile.passportExpiresOn), seenOn(deps, now))
          : kind === "appointment" && appointment
            ? seoulDate(appointment.savedAt)
            : today;
    const firstSeenAt = seoulInstant(firstSeenOn, 0) ?? now;
    if (quiet) {
      // What would be due now is held back: counted, and sent by the first run from 08:00.
      const held = occasions.find((o) => o.at <= now && now < o.until && seoulDate(o.at) >= firstSeenOn);
      if (held)
        run.deferred += await unsent(
          deps,
          profile,
          held,
          choices.filter((c) => c.kind === kind),
        );
      continue;
    }
    const occasion = dueOccasion(occasions, now, firstSeenAt);
    if (!occasion) continue;
    for (const choice of choices.filter((c) => c.kind === kind)) {
      const words = wordsOf(occasion, appointment);
      if (choice.channel === "sms") await sendSms(deps, profile, occasion, words, choice, now, run);
      else await sendPushes(deps, profile, occasion, words, now, run);
    }
  }
}

/** How many of the deliveries of `occasion` on `choices` are still to be sent (one per text, one per browser). */
async function unsent(
  deps: DeliveryDeps,
  profile: { uid: string; phoneNumber: string | null },
  occasion: ReminderOccasion,
  choices: ChannelChoice[],
): Promise<number> {
  const { reminders } = deps.stores;
  const keys: string[] = [];
  for (const choice of choices) {
    if (choice.channel === "sms" && profile.phoneNumber) keys.push(deliveryKey(occasion, "sms"));
    if (choice.channel === "push" && deps.push) {
      for (const subscription of await reminders.pushSubscriptions(profile.uid)) {
        keys.push(`${deliveryKey(occasion, "push")}:${deviceOf(subscription.endpoint)}`);
      }
    }
  }
  const states = await Promise.all(keys.map((key) => reminders.delivery(profile.uid, key)));
  return states.filter((delivery) => delivery?.state !== "sent").length;
}

async function sendSms(
  deps: DeliveryDeps,
  profile: { uid: string; language: string; phoneNumber: string | null },
  occasion: ReminderOccasion,
  words: { date: string; time: string },
  choice: ChannelChoice,
  now: number,
  run: DeliveryRun,
) {
  if (!profile.phoneNumber) return;
  const key = deliveryKey(occasion, "sms");
  const attempt = await deps.stores.reminders.claimDelivery(profile.uid, key, now);
  if (attempt === null) return;
  const issuedAt = (deps.clock ?? Date.now)();
  const token = stopToken(deps.secret, { uid: profile.uid, kind: choice.kind, channel: "sms", issuedAt });
  try {
    const sms = await reminderSms(
      profile.language,
      { kind: occasion.kind, milestone: occasion.milestone, ...words },
      {
        details: detailsUrl(deps.origin, occasion.kind, profile.language),
        stop: `${deps.origin}/reminders/stop?t=${token}`,
      },
    );
    await deps.sms.send(profile.phoneNumber, sms.text);
  } catch {
    run.failed++;
    await deps.stores.reminders.markFailed(profile.uid, key, attempt < MAX_ATTEMPTS ? now + backoff(attempt) : null);
    return;
  }
  await deps.stores.reminders.markSent(profile.uid, key, now);
  run.sent++;
}

async function sendPushes(
  deps: DeliveryDeps,
  profile: { uid: string; language: string },
  occasion: ReminderOccasion,
  words: { date: string; time: string },
  now: number,
  run: DeliveryRun,
) {
  if (!deps.push) return;
  const subscriptions = await deps.stores.reminders.pushSubscriptions(profile.uid);
  if (subscriptions.length === 0) return;
  // Like a text's, the opt-out link is sealed on the wall clock (decision 0107), one for the member's browsers.
  const token = stopToken(deps.secret, {
    uid: profile.uid,
    kind: occasion.kind,
    channel: "push",
    issuedAt: (deps.clock ?? Date.now)(),
  });
  const message = await pushMessage(
    occasion,
    words,
    profile.language,
    deps.origin,
    `${deps.origin}/reminders/stop?t=${token}`,
  );
  for (const subscription of subscriptions) {
    const key = `${deliveryKey(occasion, "push")}:${deviceOf(subscription.endpoint)}`;
    const attempt = await deps.stores.reminders.claimDelivery(profile.uid, key, now);
    if (attempt === null) continue;
    let outcome: PushOutcome;
    try {
      outcome = await deps.push.send(subscription, message);
    } catch (error) {
      outcome = { ok: false, error: String(error) };
    }
    if (outcome.ok) {
      await deps.stores.reminders.markSent(profile.uid, key, now);
      run.sent++;
    } else if (outcome.gone) {
      await deps.stores.reminders.forgetPushEndpoint(subscription.endpoint);
      await deps.stores.reminders.markFailed(profile.uid, key, null);
      run.gone++;
    } else {
      run.failed++;
      const wait = Math.max(outcome.retryAfterMs ?? 0, backoff(attempt));
      await deps.stores.reminders.markFailed(profile.uid, key, attempt < MAX_ATTEMPTS ? now + wait : null);
    }
  }
}
