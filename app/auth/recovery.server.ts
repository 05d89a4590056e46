/**
 * Password recovery. The ID is typed, and a code goes to the mobile number of
 * that member's account, if there is one; the page answers the same either way,
 * so it tells no one which IDs are members. A checked code turns the flow into a
 * grant: it lives on the server for ten minutes, belongs to the browser that
 * earned it, and is spent (deleted) by the very step that sets the new password.
 */
import { CODE_TTL_MS, codeAsTyped, MAX_ATTEMPTS, type VerifyResult } from "~/verification/phoneCodes.server";
import { flow, type FlowServices } from "./flow.server";

/** How long a recovery may take at each stage, and how long a grant stays good after the code checked out. */
export const RECOVERY_TTL_MS = 10 * 60_000;

export type RecoveryFlow =
  | {
      stage: "code";
      /** What the visitor typed, shown back to them. */
      email: string;
      /** The member and the code texted to them; null when no code went out (no such member, no phone, limits). */
      uid: string | null;
      phone: string | null;
      codeId: string | null;
      /** For the answers when no code went out: the same ones a real code gives. */
      sentAt: number;
      attempts: number;
    }
  /** A grant: good until `until` (ms), however often a failed reset gives it back. */
  | { stage: "verified"; uid: string; until: number };

export const recoveryFlow = (services: FlowServices) =>
  flow<RecoveryFlow>(services, "recovery", { cookie: "__recovery_flow", ttlMs: RECOVERY_TTL_MS });

/**
 * What checking a code says when no code was sent: exactly what a real code
 * that does not match says (wrong, then locked after five tries, expired after
 * three minutes), so the answers do not tell the two apart.
 */
export function checkWithoutCode(
  state: { sentAt: number; attempts: number },
  code: string,
  now: number,
): { result: Exclude<VerifyResult, { ok: true }>; attempts: number } {
  if (!/^\d{6}$/.test(codeAsTyped(code)))
    return { result: { ok: false, reason: "malformed" }, attempts: state.attempts };
  if (state.attempts >= MAX_ATTEMPTS)
    return { result: { ok: false, reason: "tooManyAttempts" }, attempts: state.attempts };
  if (now >= state.sentAt + CODE_TTL_MS) return { result: { ok: false, reason: "expired" }, attempts: state.attempts };
  const attempts = state.attempts + 1;
  if (attempts >= MAX_ATTEMPTS) return { result: { ok: false, reason: "tooManyAttempts" }, attempts };
  return { result: { ok: false, reason: "wrong", attemptsLeft: MAX_ATTEMPTS - attempts }, attempts };
}
