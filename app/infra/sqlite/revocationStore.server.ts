/** Session revocations in SQLite (table `session_revocations`). */
import type { RevocationStore } from "~/stores/revocations";
import type { Db } from "./database.server";
import { REVOCATIONS } from "~/infra/rows/statements.server";

export function sqliteRevocationStore(db: Db): RevocationStore {
  // The later time wins in the statement itself: no read before the write.
  const upsert = db.prepare(
    `INSERT INTO session_revocations (uid, valid_after) VALUES (?, ?)
     ON CONFLICT (uid) DO UPDATE SET valid_after = max(valid_after, excluded.valid_after)`,
  );
  const select = db.prepare(REVOCATIONS.validAfter);
  return {
    async revoke(uid, at) {
      upsert.run(uid, at);
    },
    async validAfter(uid) {
      return (select.get(uid) as { valid_after: number } | undefined)?.valid_after ?? null;
    },
  };
}
