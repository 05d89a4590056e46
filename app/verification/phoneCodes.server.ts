/**
 * Phone verification codes, issued by us (Firebase's web phone sign-in needs
 * reCAPTCHA, so JavaScript). A code is 6 digits from a CSPRNG, stored as a keyed
 * hash, valid 3 minutes, used once, dead after 5 wrong tries, bound to the
 * browser that asked; a number can ask again for the same purpose after 60 s
 * (a member who has just joined can still recover a password at once), and
 * numbers and client addresses have daily caps across purposes. Times are passed in so tests need no clock.
 */
import crypto from "node:crypto";
import type { SmsSender } from "~/infra/sms/sender.server";
import type { CodePurpose, PhoneCodeRecord, PhoneCodeStore } from "~/stores/phoneCodes";

export type { CodePurpose } from "~/stores/phoneCodes";

export const CODE_TTL_MS = 3 * 60_000;
export const MAX_ATTEMPTS = 5;
export const RESEND_COOLDOWN_MS = 60_000;
export const DAILY_CAP_PER_NUMBER = 10;
export const DAILY_CAP_PER_CLIENT = 30;
const DAY_MS = 24 * 60 * 60_000;

const LIMITS = {
  cooldownMs: RESEND_COOLDOWN_MS,
  capPerNumber: DAILY_CAP_PER_NUMBER,
  capPerClient: DAILY_CAP_PER_CLIENT,
  windowMs: DAY_MS,
};

export interface CodeRequest {
  /** E.164, already normalised. */
  phone: string;
  purpose: CodePurpose;
  /** A random id kept in a cookie of the browser that asked. */
  browserId: string;
  /** The client's address, as the server sees it. */
  client: string;
  now: number;
}

export type IssueResult =
  | { ok: true; codeId: string; expiresAt: number; resendAt: number }
  | { ok: false; reason: "cooldown" | "numberCap" | "clientCap"; retryAt: number };

export type VerifyResult =
  | { ok: true; phone: string; purpose: CodePurpose }
  | { ok: false; reason: "malformed" | "notFound" | "expired" | "used" | "tooManyAttempts" }
  | { ok: false; reason: "wrong"; attemptsLeft: number };

type Refusal = Extract<VerifyResult, { ok: false }>;

/** Why a stored code cannot be used now, or null when it can. */
function refusalOf(record: PhoneCodeRecord, now: number): Refusal | null {
  if (record.attempts >= MAX_ATTEMPTS) return { ok: false, reason: "tooManyAttempts" };
  if (record.closedAt !== null) return { ok: false, reason: "used" };
  if (now >= record.expiresAt) return { ok: false, reason: "expired" };
  return null;
}

/** A code as people paste or type it: "123 456", "123-456", full-width digits all read as 123456. */
export function codeAsTyped(typed: string): string {
  return typed.normalize("NFKC").replace(/[\s\-‐‑–—]/g, "");
}

export function createPhoneCodes(options: {
  codes: PhoneCodeStore;
  secret: string;
  sender: SmsSender;
  /** Codes per client address a day (DAILY_CAP_PER_CLIENT unless configured). */
  capPerClient?: number;
}) {
  const { codes, secret, sender } = options;
  const limits = { ...LIMITS, capPerClient: options.capPerClient ?? DAILY_CAP_PER_CLIENT };
  const keyed = (label: string, value: string) =>
    crypto.createHmac("sha256", secret).update(`${label}\0${value}`).digest("base64url");

  return {
    /** Issues a code and texts it; `message` turns the code into the SMS text (in the member's language). */
    async issue(request: CodeRequest, message: (code: string) => string): Promise<IssueResult> {
      const { phone, purpose, now } = request;
      const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, "0");
      const id = crypto.randomUUID();
      // The limits are checked and the code stored in one step; the text is sent after it.
      const reserved = await codes.reserve(
        {
          id,
          phone,
          purpose,
          codeHash: keyed(`code:${id}`, code),
          browserHash: keyed("browser", request.browserId),
          clientHash: keyed("client", request.client),
          createdAt: now,
          expiresAt: now + CODE_TTL_MS,
        },
        limits,
      );
      if (!reserved.ok) return reserved;
      try {
        await sender.send(phone, message(code));
      } catch (error) {
        // An unsent code must not hold the cool-down or count against the caps.
        await codes.delete(id);
        throw error;
      }
      return { ok: true, codeId: id, expiresAt: now + CODE_TTL_MS, resendAt: now + RESEND_COOLDOWN_MS };
    },

    /** When the code was texted (the code screen counts down from it), or null for no such code. */
    async sentAt(codeId: string): Promise<number | null> {
      return (await codes.find(codeId))?.createdAt ?? null;
    },

    async verify(codeId: string, typed: string, browserId: string, now: number): Promise<VerifyResult> {
      const code = codeAsTyped(typed);
      if (!/^\d{6}$/.test(code)) return { ok: false, reason: "malformed" };
      const record = await codes.find(codeId);
      // A code asked for in another browser does not exist for this one.
      if (!record || !safeEqual(record.browserHash, keyed("browser", browserId)))
        return { ok: false, reason: "notFound" };
      const refused = refusalOf(record, now);
      if (refused) return refused;
      if (!safeEqual(record.codeHash, keyed(`code:${record.id}`, code))) {
        // The count is kept on the code's record and raised there: guesses at once are all counted.
        const attempts = await codes.recordWrongAttempt(record.id);
        if (attempts === null) return { ok: false, reason: "used" };
        if (attempts >= MAX_ATTEMPTS) return { ok: false, reason: "tooManyAttempts" };
        return { ok: false, reason: "wrong", attemptsLeft: MAX_ATTEMPTS - attempts };
      }
      // Closed only if still open and under the limit when closing: used once, never after 5 wrong tries.
      if (await codes.close(record.id, now, MAX_ATTEMPTS)) {
        return { ok: true, phone: record.phone, purpose: record.purpose };
      }
      const after = await codes.find(record.id);
      return (after && refusalOf(after, now)) ?? { ok: false, reason: "used" };
    },

    /** Deletes codes older than a day (the caps look back one day, nothing needs them after). */
    prune(now: number): Promise<number> {
      return codes.prune(now - DAY_MS);
    },
  };
}

export type PhoneCodes = ReturnType<typeof createPhoneCodes>;

function safeEqual(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}
