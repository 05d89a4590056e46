/**
 * What the reminders page (/mypage/reminders) and the opt-out link (/reminders/stop) do (issue 42): the member's
 * channel choices with the page's schema, their push devices, a posted subscription checked before it is kept,
 * the VAPID public key the browser subscribes with, and the opt-out token read, checked and used.
 */
import { z } from "zod";
import type { Services } from "~/context";
import { parseSubscription, type SubscriptionProblem } from "~/infra/push/webPush.server";
import { outboundChannels, reminderKinds, type OutboundChannel, type ReminderKind } from "~/stores/reminders";
import { readStopToken, stopTokenUsable, type StopClaim } from "./reminderStop.server";

const kindChoices = z
  .object({ push: z.boolean().optional().default(false), sms: z.boolean().optional().default(false) })
  .optional()
  .default({});

/** The page's forms: the choices (`visa.push=on`…: conform reads the dotted names as nested), a device added or removed. */
export const reminderFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save"), visa: kindChoices, passport: kindChoices, appointment: kindChoices }),
  z.object({ intent: z.literal("subscribePush"), subscription: z.string().max(4096).optional() }),
  z.object({ intent: z.literal("unsubscribePush"), endpoint: z.string().max(2048).optional() }),
]);
export type ReminderFormFields = z.input<typeof reminderFormSchema>;

export type ReminderChoices = Record<ReminderKind, Record<OutboundChannel, boolean>>;

/** Each kind's channels as stored now (off where never set). */
export async function reminderChoices(services: Pick<Services, "stores">, uid: string): Promise<ReminderChoices> {
  const stored = await services.stores.reminders.choices(uid);
  const choices = Object.fromEntries(
    reminderKinds.map((kind) => [
      kind,
      Object.fromEntries(
        outboundChannels.map((channel) => [
          channel,
          stored.some((c) => c.kind === kind && c.channel === channel && c.on),
        ]),
      ),
    ]),
  ) as ReminderChoices;
  return choices;
}

/** The page's view: the choices, whether the member has a number to text, push's key (null: push is off), devices. */
export async function reminderSettingsView(services: Pick<Services, "stores" | "vapid">, uid: string) {
  const [choices, profile, subscriptions] = await Promise.all([
    reminderChoices(services, uid),
    services.stores.members.profile(uid),
    services.stores.reminders.pushSubscriptions(uid),
  ]);
  return {
    choices,
    hasPhone: Boolean(profile?.phoneNumber),
    pushOn: services.vapid !== null,
    devices: subscriptions.map((s) => ({
      endpoint: s.endpoint,
      service: new URL(s.endpoint).host,
      since: s.createdAt,
    })),
  };
}

export type ReminderChange = { ok: true; changed: number } | { ok: false; problem: "smsNeedsPhone" };

/** Saves the page's choices (logged as the page's, with the time: consent evidence). Texts need a number. */
export async function saveReminderChoices(
  services: Pick<Services, "stores">,
  uid: string,
  value: ReminderChoices,
  now = Date.now(),
): Promise<ReminderChange> {
  const wantsSms = reminderKinds.some((kind) => value[kind].sms);
  if (wantsSms && !(await services.stores.members.profile(uid))?.phoneNumber) {
    return { ok: false, problem: "smsNeedsPhone" };
  }
  const choices = reminderKinds.flatMap((kind) =>
    outboundChannels.map((channel) => ({ kind, channel, on: value[kind][channel] })),
  );
  return { ok: true, changed: await services.stores.reminders.setChoices(uid, choices, now, "page") };
}

export type PushChange = { ok: true } | { ok: false; problem: SubscriptionProblem | "pushUnavailable" };

/** Keeps a browser's subscription once it passed the check (local mode also takes loopback push services). */
export async function subscribePush(
  services: Pick<Services, "stores" | "config" | "vapid">,
  uid: string,
  text: unknown,
  now = Date.now(),
): Promise<PushChange> {
  if (!services.vapid) return { ok: false, problem: "pushUnavailable" };
  const parsed = parseSubscription(text, {
    local: services.config.mode === "local",
    hosts: services.config.PUSH_SERVICE_HOSTS,
  });
  if (!parsed.ok) return parsed;
  await services.stores.reminders.addPushSubscription(uid, parsed.subscription, now);
  return { ok: true };
}

export async function unsubscribePush(services: Pick<Services, "stores">, uid: string, endpoint: string | undefined) {
  return endpoint ? services.stores.reminders.removePushSubscription(uid, endpoint) : false;
}

/** What /push/vapidPublicKey answers: the key browsers subscribe with; null when push is off. */
export const vapidPublicKey = (services: Pick<Services, "vapid">) => services.vapid?.publicKey ?? null;

export type StopLink =
  | { state: "invalid" }
  /** The token is genuine, but the channel is off already, or was changed since (the link was used). */
  | { state: "used"; kind: ReminderKind; channel: OutboundChannel; language: string }
  | { state: "usable"; kind: ReminderKind; channel: OutboundChannel; language: string; claim: StopClaim };

/** What an opt-out link stands for now, and the member's language (the page answers in it). */
export async function readStopLink(
  services: Pick<Services, "stores" | "sessionSecret">,
  token: unknown,
  now = Date.now(),
): Promise<StopLink> {
  const claim = readStopToken(services.sessionSecret, token, now);
  if (!claim) return { state: "invalid" };
  const profile = await services.stores.members.profile(claim.uid);
  if (!profile) return { state: "invalid" };
  const current =
    (await services.stores.reminders.choices(claim.uid)).find(
      (c) => c.kind === claim.kind && c.channel === claim.channel,
    ) ?? null;
  const about = { kind: claim.kind, channel: claim.channel, language: profile.language };
  return stopTokenUsable(claim, current) ? { state: "usable", ...about, claim } : { state: "used", ...about };
}

/** Turns the link's channel off (logged as the link's); what the link stood for, as readStopLink says it. */
export async function applyStopLink(
  services: Pick<Services, "stores" | "sessionSecret">,
  token: unknown,
  now = Date.now(),
): Promise<StopLink> {
  const link = await readStopLink(services, token, now);
  if (link.state !== "usable") return link;
  await services.stores.reminders.setChoices(
    link.claim.uid,
    [{ kind: link.kind, channel: link.channel, on: false }],
    now,
    "stopLink",
  );
  return link;
}
