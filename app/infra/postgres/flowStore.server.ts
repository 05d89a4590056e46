/** Multi-step flows in PostgreSQL (table `auth_flows`); the rules are auth/flow.server.ts's. */
import type { FlowStore } from "~/stores/flows";
import type { Sql } from "./database.server";

export function pgFlowStore(db: Sql): FlowStore {
  return {
    async create(flow) {
      await db.run(
        `INSERT INTO auth_flows (id_hash, kind, browser_hash, data, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [flow.idHash, flow.kind, flow.browserHash, flow.data, flow.now, flow.expiresAt],
      );
    },
    async find(kind, idHash, browserHash, now) {
      const row = await db.row<{ data: string }>(
        "SELECT data FROM auth_flows WHERE id_hash = $1 AND kind = $2 AND browser_hash = $3 AND expires_at > $4",
        [idHash, kind, browserHash, now],
      );
      return row?.data ?? null;
    },
    async update(kind, idHash, data, expiresAt) {
      const changed = await db.run(
        "UPDATE auth_flows SET data = $1, expires_at = $2 WHERE id_hash = $3 AND kind = $4",
        [data, expiresAt, idHash, kind],
      );
      return changed === 1;
    },
    async take(kind, idHash, browserHash, now) {
      // One statement reads and deletes: of two takes, the second finds the row gone (its DELETE waits
      // for the first's and then matches nothing), so a proof is spent once across processes.
      const row = await db.row<{ data: string }>(
        `DELETE FROM auth_flows WHERE id_hash = $1 AND kind = $2 AND browser_hash = $3 AND expires_at > $4
         RETURNING data`,
        [idHash, kind, browserHash, now],
      );
      return row?.data ?? null;
    },
    async remove(kind, idHash) {
      await db.run("DELETE FROM auth_flows WHERE id_hash = $1 AND kind = $2", [idHash, kind]);
    },
    async prune(now) {
      return db.run("DELETE FROM auth_flows WHERE expires_at <= $1", [now]);
    },
  };
}
