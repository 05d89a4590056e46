/** Phone verification codes in SQLite (table `phone_codes`); the rules are verification/phoneCodes.server.ts's. */
import type { CodeLimits, NewPhoneCode, PhoneCodeStore, ReserveResult } from "~/stores/phoneCodes";
import { phoneCodeOf, type PhoneCodeRow } from "~/infra/rows/identity.server";
import type { Db } from "./database.server";
import { PHONE_CODES } from "~/infra/rows/statements.server";

export function sqlitePhoneCodeStore(db: Db): PhoneCodeStore {
  const latest = db.prepare(
    "SELECT created_at FROM phone_codes WHERE phone = ? AND purpose = ? ORDER BY created_at DESC LIMIT 1",
  );
  const perNumber = db.prepare(
    "SELECT count(*) AS n, min(created_at) AS first FROM phone_codes WHERE phone = ? AND created_at > ?",
  );
  const perClient = db.prepare(
    "SELECT count(*) AS n, min(created_at) AS first FROM phone_codes WHERE client_hash = ? AND created_at > ?",
  );
  const closeOlder = db.prepare(
    "UPDATE phone_codes SET closed_at = ? WHERE phone = ? AND purpose = ? AND closed_at IS NULL",
  );
  const insert = db.prepare(
    `INSERT INTO phone_codes (id, phone, purpose, code_hash, browser_hash, client_hash, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const byId = db.prepare(PHONE_CODES.byId);
  const countWrong = db.prepare(PHONE_CODES.countWrong);
  const closeOpen = db.prepare(PHONE_CODES.close);
  const deleteOne = db.prepare(PHONE_CODES.remove);
  const deleteOld = db.prepare(PHONE_CODES.prune);

  const reserve = db.transaction((code: NewPhoneCode, limits: CodeLimits): ReserveResult => {
    const now = code.createdAt;
    const last = latest.get(code.phone, code.purpose) as { created_at: number } | undefined;
    if (last && now - last.created_at < limits.cooldownMs) {
      return { ok: false, reason: "cooldown", retryAt: last.created_at + limits.cooldownMs };
    }
    const since = now - limits.windowMs;
    const number = perNumber.get(code.phone, since) as { n: number; first: number | null };
    if (number.n >= limits.capPerNumber) {
      return { ok: false, reason: "numberCap", retryAt: (number.first ?? now) + limits.windowMs };
    }
    const client = perClient.get(code.clientHash, since) as { n: number; first: number | null };
    if (client.n >= limits.capPerClient) {
      return { ok: false, reason: "clientCap", retryAt: (client.first ?? now) + limits.windowMs };
    }
    closeOlder.run(now, code.phone, code.purpose);
    insert.run(
      code.id,
      code.phone,
      code.purpose,
      code.codeHash,
      code.browserHash,
      code.clientHash,
      code.createdAt,
      code.expiresAt,
    );
    return { ok: true };
  });

  return {
    // IMMEDIATE: the limits are read under the write lock, so two connections cannot both pass them.
    async reserve(code, limits) {
      return reserve.immediate(code, limits);
    },
    async find(id) {
      const row = byId.get(id) as PhoneCodeRow | undefined;
      return row ? phoneCodeOf(row) : null;
    },
    async recordWrongAttempt(id) {
      return (countWrong.get(id) as { attempts: number } | undefined)?.attempts ?? null;
    },
    async close(id, at, maxAttempts) {
      return closeOpen.run(at, id, at, maxAttempts).changes === 1;
    },
    async delete(id) {
      deleteOne.run(id);
    },
    async prune(createdBefore) {
      return deleteOld.run(createdBefore).changes;
    },
  };
}
