/** Session revocations in PostgreSQL (table `session_revocations`). */
import type { RevocationStore } from "~/stores/revocations";
import type { Sql } from "./database.server";
import { numberedAll } from "~/infra/rows/placeholders.server";
import { REVOCATIONS } from "~/infra/rows/statements.server";

const SQL = numberedAll(REVOCATIONS);

export function pgRevocationStore(db: Sql): RevocationStore {
  return {
    async revoke(uid, at) {
      // The later time wins in the statement itself: no read before the write.
      await db.run(
        `INSERT INTO session_revocations (uid, valid_after) VALUES ($1, $2)
         ON CONFLICT (uid) DO UPDATE SET valid_after = GREATEST(session_revocations.valid_after, excluded.valid_after)`,
        [uid, at],
      );
    },
    async validAfter(uid) {
      const row = await db.row<{ valid_after: number }>(SQL.validAfter, [uid]);
      return row?.valid_after ?? null;
    },
  };
}
