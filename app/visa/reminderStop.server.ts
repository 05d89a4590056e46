/**
 * The opt-out link every pushed or texted reminder carries (`/reminders/stop?t=…`, issue 42): a token naming one
 * member, one kind and one channel, sealed with the server secret (AES-GCM: the member's id is not readable in
 * a forwarded message, and a token cannot be made or altered without the secret), expiring after
 * STOP_TOKEN_DAYS. It works once: it is good only while the channel is still on as it was when the token was
 * made, so after it turned the channel off (or the member changed that choice since) it does nothing.
 */
import { seal, unseal } from "~/infra/secrets.server";
import { reminderKinds, outboundChannels, type OutboundChannel, type ReminderKind } from "./reminderSchedule";

const LABEL = "reminders.stop";
/** Long enough to outlast the gap between two reminders of a kind (5 months for the passport's). */
export const STOP_TOKEN_DAYS = 160;
const DAY = 24 * 60 * 60 * 1000;

export interface StopClaim {
  uid: string;
  kind: ReminderKind;
  channel: OutboundChannel;
  /** ms since the epoch. */
  issuedAt: number;
}

export function stopToken(secret: string, claim: StopClaim): string {
  return seal(secret, LABEL, JSON.stringify([claim.uid, claim.kind, claim.channel, claim.issuedAt]));
}

/** The claim of a token this server made and that has not expired at `now`; null for anything else. */
export function readStopToken(secret: string, token: unknown, now: number): StopClaim | null {
  if (typeof token !== "string" || token.length > 512) return null;
  let parts: unknown;
  try {
    parts = JSON.parse(unseal(secret, LABEL, token));
  } catch {
    return null;
  }
  if (!Array.isArray(parts) || parts.length !== 4) return null;
  const [uid, kind, channel, issuedAt] = parts as unknown[];
  if (typeof uid !== "string" || !uid || typeof issuedAt !== "number") return null;
  if (!reminderKinds.includes(kind as ReminderKind) || !outboundChannels.includes(channel as OutboundChannel)) {
    return null;
  }
  if (issuedAt > now || now - issuedAt > STOP_TOKEN_DAYS * DAY) return null;
  return { uid, kind: kind as ReminderKind, channel: channel as OutboundChannel, issuedAt };
}

/**
 * Whether the token may still act: the channel is on, and was last changed before the token was made. Once it has
 * turned the channel off, the change is newer than the token, so a second use (or a copy) does nothing.
 */
export function stopTokenUsable(claim: StopClaim, channel: { on: boolean; changedAt: number } | null): boolean {
  return Boolean(channel?.on) && (channel as { changedAt: number }).changedAt <= claim.issuedAt;
}
