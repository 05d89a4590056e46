/** Phone verification codes in PostgreSQL (table `phone_codes`); the rules are verification/phoneCodes.server.ts's. */
import type { PhoneCodeStore } from "~/stores/phoneCodes";
import { phoneCodeOf, type PhoneCodeRow } from "~/infra/rows/identity.server";
import type { Pg } from "./database.server";
import { numberedAll } from "~/infra/rows/placeholders.server";
import { PHONE_CODES } from "~/infra/rows/statements.server";

const SQL = numberedAll(PHONE_CODES);

interface Limits {
  last: number | null;
  number_n: number;
  number_first: number | null;
  client_n: number;
  client_first: number | null;
}

export function pgPhoneCodeStore(db: Pg): PhoneCodeStore {
  return {
    async reserve(code, limits) {
      // A SERIALIZABLE transaction, as SQLite's IMMEDIATE one: two processes that both read the limits as
      // open and both insert conflict, and the retried one reads the other's code. Two round trips: the
      // three limits in one read, then closing the older codes and storing this one in one statement.
      return db.tx(async (sql) => {
        const now = code.createdAt;
        const since = now - limits.windowMs;
        const l = (await sql.row<Limits>(
          `SELECT
             (SELECT max(created_at) FROM phone_codes WHERE phone = $1 AND purpose = $2) AS last,
             (SELECT count(*) FROM phone_codes WHERE phone = $1 AND created_at > $3) AS number_n,
             (SELECT min(created_at) FROM phone_codes WHERE phone = $1 AND created_at > $3) AS number_first,
             (SELECT count(*) FROM phone_codes WHERE client_hash = $4 AND created_at > $3) AS client_n,
             (SELECT min(created_at) FROM phone_codes WHERE client_hash = $4 AND created_at > $3) AS client_first`,
          [code.phone, code.purpose, since, code.clientHash],
        ))!;
        if (l.last !== null && now - l.last < limits.cooldownMs) {
          return { ok: false as const, reason: "cooldown" as const, retryAt: l.last + limits.cooldownMs };
        }
        if (l.number_n >= limits.capPerNumber) {
          return {
            ok: false as const,
            reason: "numberCap" as const,
            retryAt: (l.number_first ?? now) + limits.windowMs,
          };
        }
        if (l.client_n >= limits.capPerClient) {
          return {
            ok: false as const,
            reason: "clientCap" as const,
            retryAt: (l.client_first ?? now) + limits.windowMs,
          };
        }
        // Only the newest code of a number and purpose works: the open ones are closed as this one is stored.
        await sql.run(
          `WITH closed AS (
             UPDATE phone_codes SET closed_at = $7 WHERE phone = $2 AND purpose = $3 AND closed_at IS NULL
           )
           INSERT INTO phone_codes (id, phone, purpose, code_hash, browser_hash, client_hash, created_at, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [code.id, code.phone, code.purpose, code.codeHash, code.browserHash, code.clientHash, now, code.expiresAt],
        );
        return { ok: true as const };
      });
    },
    async find(id) {
      const row = await db.row<PhoneCodeRow>(SQL.byId, [id]);
      return row ? phoneCodeOf(row) : null;
    },
    async recordWrongAttempt(id) {
      const row = await db.row<{ attempts: number }>(SQL.countWrong, [id]);
      return row?.attempts ?? null;
    },
    async close(id, at, maxAttempts) {
      const changed = await db.run(SQL.close, [at, id, at, maxAttempts]);
      return changed === 1;
    },
    async delete(id) {
      await db.run(SQL.remove, [id]);
    },
    async prune(createdBefore) {
      return db.run(SQL.prune, [createdBefore]);
    },
  };
}
