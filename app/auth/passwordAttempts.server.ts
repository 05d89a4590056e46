/**
 * Failed passwords are counted per ID (the typed e-mail address, as a keyed
 * hash), whatever address they come from, beside the per-address rate limits.
 * After MAX_FAILED_PASSWORDS in a row the ID must wait before a password is tried
 * again, longer each time the failures go on (NIST SP 800-63B allows at most 100
 * consecutive failures); the member can still prove themselves another way at
 * once: a code to their phone, or password recovery. A correct password, or a
 * recovered one, clears the count. Kept in the database, so every server process
 * sees the same counts.
 */
import type { Services } from "~/infra/services.server";
import { keyedHash } from "~/infra/secrets.server";

export const MAX_FAILED_PASSWORDS = 10;
/** The first wait; each further lock without a success in between doubles it, up to a day. */
export const FIRST_LOCK_MS = 15 * 60_000;
const LONGEST_LOCK_MS = 24 * 60 * 60_000;
/** Failures this far apart are not "in a row". */
const FORGET_AFTER_MS = 24 * 60 * 60_000;

interface Row {
  failures: number;
  locks: number;
  last_failure_at: number;
  locked_until: number;
}

export function passwordAttempts(services: Services) {
  const { db } = services;
  const keyOf = (email: string) => keyedHash(services.sessionSecret, "password-id", email.trim().toLowerCase());
  const rowOf = (key: string) =>
    db
      .prepare("SELECT failures, locks, last_failure_at, locked_until FROM password_failures WHERE key = ?")
      .get(key) as Row | undefined;

  return {
    /** When the ID may try a password again (ms), or null when it may now. */
    lockedUntil(email: string, now = Date.now()): number | null {
      const row = rowOf(keyOf(email));
      return row && row.locked_until > now ? row.locked_until : null;
    },

    /** Records a wrong password; resolves with the end of the wait it started, if it started one. */
    failed(email: string, now = Date.now()): number | null {
      const key = keyOf(email);
      return db.transaction(() => {
        const row = rowOf(key);
        const fresh = !row || now - row.last_failure_at > FORGET_AFTER_MS;
        let failures = (fresh ? 0 : row.failures) + 1;
        let locks = fresh ? 0 : row.locks;
        let lockedUntil = fresh ? 0 : row.locked_until;
        if (failures >= MAX_FAILED_PASSWORDS) {
          lockedUntil = now + Math.min(FIRST_LOCK_MS * 2 ** locks, LONGEST_LOCK_MS);
          locks += 1;
          failures = 0;
        }
        db.prepare(
          `INSERT INTO password_failures (key, failures, locks, last_failure_at, locked_until) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (key) DO UPDATE SET failures = excluded.failures, locks = excluded.locks,
             last_failure_at = excluded.last_failure_at, locked_until = excluded.locked_until`,
        ).run(key, failures, locks, now, lockedUntil);
        return lockedUntil > now ? lockedUntil : null;
      })();
    },

    /** The member proved themselves (right password, or recovery): the count starts again. */
    succeeded(email: string) {
      db.prepare("DELETE FROM password_failures WHERE key = ?").run(keyOf(email));
    },
  };
}
