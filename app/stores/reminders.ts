/**
 * Reminders that leave the app (issue 42): each member's choice of channels per kind (push, sms; the inbox is
 * always on), with every change kept as consent evidence; their browsers' push subscriptions; and the deliveries,
 * one row per (member, reminder, channel or device), claimed before anything is sent so that no retry, restart or
 * second process sends it twice.
 */

/** The kinds a member opts in to per channel (app/visa/reminderSchedule.ts says when each is due). */
export const reminderKinds = ["visa", "passport", "appointment"] as const;
export type ReminderKind = (typeof reminderKinds)[number];

/** `inbox` is always on; the others are off until the member turns them on. */
export const reminderChannels = ["inbox", "push", "sms"] as const;
export type ReminderChannel = (typeof reminderChannels)[number];
export type OutboundChannel = Exclude<ReminderChannel, "inbox">;
export const outboundChannels: readonly OutboundChannel[] = ["push", "sms"];

/** The form field of one choice on /mypage/reminders (`visa.push`). */
export const channelField = (kind: ReminderKind, channel: ReminderChannel) => `${kind}.${channel}`;

export interface ChannelChoice {
  kind: ReminderKind;
  channel: OutboundChannel;
  on: boolean;
  /** ms since the epoch: when the member last changed it. */
  changedAt: number;
}

/** Where a change came from: the member's page, or the opt-out link of a reminder. */
export type ChoiceSource = "page" | "stopLink";

export interface ChoiceChange {
  kind: ReminderKind;
  channel: OutboundChannel;
  on: boolean;
  at: number;
  source: ChoiceSource;
}

/** A browser's Push API subscription (the endpoint the server calls and the keys it encrypts for). */
export interface PushSubscriptionRecord {
  endpoint: string;
  /** base64url P-256 public key of the browser (65 bytes). */
  p256dh: string;
  /** base64url authentication secret (16 bytes). */
  auth: string;
  createdAt: number;
}

/** What the service worker shows (public/sw.js): in the member's language and direction, opening `url`. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  lang: string;
  dir: "ltr" | "rtl";
  /** The opt-out every push carries (issue 42): the notification's action, its label in the member's language. */
  stop: { url: string; label: string };
}

export type PushOutcome =
  | { ok: true }
  /** The push service no longer knows the subscription (404, 410): the browser is forgotten. */
  | { ok: false; gone: true }
  /** Anything else: tried again later, after `retryAfterMs` when the service said so (429 Retry-After). */
  | { ok: false; gone?: false; retryAfterMs?: number; error: string };

/** The port of the Web Push transport (app/infra/push/webPush.server.ts). */
export interface PushSender {
  send(subscription: PushSubscriptionRecord, message: PushMessage): Promise<PushOutcome>;
}

/** A member's one upcoming appointment at an immigration office (issue 43); a new id each time it changes. */
export interface AppointmentRecord {
  /** Changes with every save, so reminders of the old time (keyed by id) are never sent for the new one. */
  id: string;
  /** An id of app/visa/immigrationOffices.ts. */
  office: string;
  /** ms since the epoch. */
  startsAt: number;
  /** ms since the epoch: when it was saved (its reminders already past then are never sent). */
  savedAt: number;
}

export interface RemindersStore {
  /** The member's appointment, or null. */
  appointment(uid: string): Promise<AppointmentRecord | null>;
  /** Keeps the member's appointment in place of any before; false when the member is gone. */
  setAppointment(uid: string, appointment: AppointmentRecord): Promise<boolean>;
  /** Removes it; false when there was none. */
  deleteAppointment(uid: string): Promise<boolean>;
  /** Appointments starting after `from`, by member uid, `limit` at a time after `after` (the inbox's job). */
  appointmentsFrom(
    from: number,
    after: string | null,
    limit: number,
  ): Promise<Array<AppointmentRecord & { uid: string }>>;

  /** The member's choices that were ever set; a kind and channel not listed is off. */
  choices(uid: string): Promise<ChannelChoice[]>;
  /**
   * Sets the given choices; each one that changes is written with `now` and logged with its source, in one
   * transaction. Returns the number changed (0 when nothing changed or the member is gone).
   */
  setChoices(
    uid: string,
    choices: Array<{ kind: ReminderKind; channel: OutboundChannel; on: boolean }>,
    now: number,
    source: ChoiceSource,
  ): Promise<number>;
  /** Every change the member made, oldest first (consent evidence). */
  history(uid: string): Promise<ChoiceChange[]>;
  /** Members with at least one channel on, by uid, `limit` at a time after `after`. */
  membersWithChannelsOn(after: string | null, limit: number): Promise<string[]>;

  /** Keeps a subscription for the member; an endpoint already kept (for them or another member) moves to them. */
  addPushSubscription(uid: string, subscription: Omit<PushSubscriptionRecord, "createdAt">, now: number): Promise<void>;
  /** Removes the member's subscription with this endpoint; false when they had none. */
  removePushSubscription(uid: string, endpoint: string): Promise<boolean>;
  /** Removes a subscription whatever its member (the push service said it is gone: 404 or 410). */
  forgetPushEndpoint(endpoint: string): Promise<void>;
  pushSubscriptions(uid: string): Promise<PushSubscriptionRecord[]>;

  /**
   * Claims the delivery `key` of the member at `now`: the attempt's number (1, 2…) when this caller is to send it
   * now — it was never claimed, or its last attempt failed and its retry time has come — otherwise null. Atomic: of callers racing, one gets it.
   * A claimed delivery that is neither sent nor failed (its sender stopped mid-way) is never claimed again: it
   * may have been sent.
   */
  claimDelivery(uid: string, key: string, now: number): Promise<number | null>;
  markSent(uid: string, key: string, now: number): Promise<void>;
  /** The attempt failed: it may be claimed again from `retryAt` (null: never, it is given up). */
  markFailed(uid: string, key: string, retryAt: number | null): Promise<void>;
  /** How a delivery stands, for the job's counts and for tests. */
  delivery(uid: string, key: string): Promise<{ state: "claimed" | "sent" | "failed"; attempts: number } | null>;
}
