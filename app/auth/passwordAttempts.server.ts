/**
 * Failed passwords are counted per ID (the typed e-mail address, as a keyed
 * hash), whatever address they come from, beside the per-address rate limits.
 * After MAX_FAILED_PASSWORDS in a row the ID must wait before a password is tried
 * again, longer each time the failures go on (NIST SP 800-63B allows at most 100
 * consecutive failures); the member can still prove themselves another way at
 * once: a code to their phone, or password recovery. A correct password, or a
 * recovered one, clears the count. Kept in the password-failures store, so every server process
 * sees the same counts.
 */
import type { Services } from "~/context";
import { keyedHash } from "~/infra/secrets.server";
import type { PasswordFailureState } from "~/stores/passwordFailures";

export const MAX_FAILED_PASSWORDS = 10;
/** The first wait; each further lock without a success in between doubles it, up to a day. */
export const FIRST_LOCK_MS = 15 * 60_000;
const LONGEST_LOCK_MS = 24 * 60 * 60_000;
/** Failures this far apart are not "in a row". */
const FORGET_AFTER_MS = 24 * 60 * 60_000;

/** The state after one more wrong password at `now` (the store applies it inside its transaction). */
export function afterFailure(previous: PasswordFailureState | null, now: number): PasswordFailureState {
  const fresh = !previous || now - previous.lastFailureAt > FORGET_AFTER_MS;
  let failures = (fresh ? 0 : previous.failures) + 1;
  let locks = fresh ? 0 : previous.locks;
  let lockedUntil = fresh ? 0 : previous.lockedUntil;
  if (failures >= MAX_FAILED_PASSWORDS) {
    lockedUntil = now + Math.min(FIRST_LOCK_MS * 2 ** locks, LONGEST_LOCK_MS);
    locks += 1;
    failures = 0;
  }
  return { failures, locks, lastFailureAt: now, lockedUntil };
}

export function passwordAttempts(services: Pick<Services, "sessionSecret" | "stores">) {
  const store = services.stores.passwordFailures;
  const keyOf = (email: string) => keyedHash(services.sessionSecret, "password-id", email.trim().toLowerCase());

  return {
    /** When the ID may try a password again (ms), or null when it may now. */
    async lockedUntil(email: string, now = Date.now()): Promise<number | null> {
      const until = await store.lockedUntil(keyOf(email));
      return until !== null && until > now ? until : null;
    },

    /** Records a wrong password; resolves with the end of the wait it started, if it started one. */
    async failed(email: string, now = Date.now()): Promise<number | null> {
      const { lockedUntil } = await store.recordFailure(keyOf(email), now, afterFailure);
      return lockedUntil > now ? lockedUntil : null;
    },

    /** The member proved themselves (right password, or recovery): the count starts again. */
    async succeeded(email: string): Promise<void> {
      await store.clear(keyOf(email));
    },
  };
}
