/**
 * Phone verification codes, issued by us (Firebase's web phone sign-in needs
 * reCAPTCHA, so JavaScript). A code is 6 digits from a CSPRNG, stored as a keyed
 * hash, valid 3 minutes, used once, dead after 5 wrong tries, bound to the
 * browser that asked; a number can ask again for the same purpose after 60 s
 * (a member who has just joined can still recover a password at once), and
 * numbers and client addresses have daily caps across purposes. Times are passed in so tests need no clock.
 */
import crypto from "node:crypto";
import type { Db } from "~/infra/sqlite/database.server";
import type { SmsSender } from "~/infra/sms/sender.server";

export const CODE_TTL_MS = 3 * 60_000;
export const MAX_ATTEMPTS = 5;
export const RESEND_COOLDOWN_MS = 60_000;
export const DAILY_CAP_PER_NUMBER = 10;
export const DAILY_CAP_PER_CLIENT = 30;
const DAY_MS = 24 * 60 * 60_000;

export type CodePurpose = "signUp" | "signIn" | "recovery" | "phoneChange";

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

interface CodeRow {
  id: string;
  phone: string;
  purpose: CodePurpose;
  code_hash: string;
  browser_hash: string;
  created_at: number;
  expires_at: number;
  attempts: number;
  closed_at: number | null;
}

export function createPhoneCodes(options: { db: Db; secret: string; sender: SmsSender }) {
  const { db, secret, sender } = options;
  const keyed = (label: string, value: string) =>
    crypto.createHmac("sha256", secret).update(`${label}\0${value}`).digest("base64url");

  /** Checks the limits and stores the code; the text is sent after the transaction. */
  const reserve = db.transaction((request: CodeRequest, code: string): IssueResult => {
    const { phone, purpose, now } = request;
    const clientHash = keyed("client", request.client);
    const latest = db
      .prepare("SELECT created_at FROM phone_codes WHERE phone = ? AND purpose = ? ORDER BY created_at DESC LIMIT 1")
      .get(phone, purpose) as { created_at: number } | undefined;
    if (latest && now - latest.created_at < RESEND_COOLDOWN_MS) {
      return { ok: false, reason: "cooldown", retryAt: latest.created_at + RESEND_COOLDOWN_MS };
    }
    const since = now - DAY_MS;
    const perNumber = db
      .prepare("SELECT count(*) AS n, min(created_at) AS first FROM phone_codes WHERE phone = ? AND created_at > ?")
      .get(phone, since) as { n: number; first: number | null };
    if (perNumber.n >= DAILY_CAP_PER_NUMBER) {
      return { ok: false, reason: "numberCap", retryAt: (perNumber.first ?? now) + DAY_MS };
    }
    const perClient = db
      .prepare(
        "SELECT count(*) AS n, min(created_at) AS first FROM phone_codes WHERE client_hash = ? AND created_at > ?",
      )
      .get(clientHash, since) as { n: number; first: number | null };
    if (perClient.n >= DAILY_CAP_PER_CLIENT) {
      return { ok: false, reason: "clientCap", retryAt: (perClient.first ?? now) + DAY_MS };
    }
    // Only the newest code for a number and purpose works.
    db.prepare("UPDATE phone_codes SET closed_at = ? WHERE phone = ? AND purpose = ? AND closed_at IS NULL").run(
      now,
      phone,
      purpose,
    );
    const id = crypto.randomUUID();
    db.prepare(
      `INSERT INTO phone_codes (id, phone, purpose, code_hash, browser_hash, client_hash, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      id,
      phone,
      purpose,
      keyed(`code:${id}`, code),
      keyed("browser", request.browserId),
      clientHash,
      now,
      now + CODE_TTL_MS,
    );
    return { ok: true, codeId: id, expiresAt: now + CODE_TTL_MS, resendAt: now + RESEND_COOLDOWN_MS };
  });

  const check = db.transaction((codeId: string, code: string, browserId: string, now: number): VerifyResult => {
    const row = db.prepare("SELECT * FROM phone_codes WHERE id = ?").get(codeId) as CodeRow | undefined;
    // A code asked for in another browser does not exist for this one.
    if (!row || !safeEqual(row.browser_hash, keyed("browser", browserId))) return { ok: false, reason: "notFound" };
    if (row.attempts >= MAX_ATTEMPTS) return { ok: false, reason: "tooManyAttempts" };
    if (row.closed_at !== null) return { ok: false, reason: "used" };
    if (now >= row.expires_at) return { ok: false, reason: "expired" };
    if (!safeEqual(row.code_hash, keyed(`code:${row.id}`, code))) {
      const attempts = row.attempts + 1;
      db.prepare("UPDATE phone_codes SET attempts = ? WHERE id = ?").run(attempts, row.id);
      if (attempts >= MAX_ATTEMPTS) return { ok: false, reason: "tooManyAttempts" };
      return { ok: false, reason: "wrong", attemptsLeft: MAX_ATTEMPTS - attempts };
    }
    db.prepare("UPDATE phone_codes SET closed_at = ? WHERE id = ?").run(now, row.id);
    return { ok: true, phone: row.phone, purpose: row.purpose };
  });

  return {
    /** Issues a code and texts it; `message` turns the code into the SMS text (in the member's language). */
    async issue(request: CodeRequest, message: (code: string) => string): Promise<IssueResult> {
      const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, "0");
      const result = reserve(request, code);
      if (result.ok) {
        try {
          await sender.send(request.phone, message(code));
        } catch (error) {
          // An unsent code must not hold the cool-down or count against the caps.
          db.prepare("DELETE FROM phone_codes WHERE id = ?").run(result.codeId);
          throw error;
        }
      }
      return result;
    },

    verify(codeId: string, code: string, browserId: string, now: number): VerifyResult {
      if (!/^\d{6}$/.test(code)) return { ok: false, reason: "malformed" };
      return check(codeId, code, browserId, now);
    },

    /** Deletes codes older than a day (the caps look back one day, nothing needs them after). */
    prune(now: number) {
      return db.prepare("DELETE FROM phone_codes WHERE created_at <= ?").run(now - DAY_MS).changes;
    },
  };
}

export type PhoneCodes = ReturnType<typeof createPhoneCodes>;

function safeEqual(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}
