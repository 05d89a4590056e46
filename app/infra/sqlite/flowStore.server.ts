/** Multi-step flows in SQLite (table `auth_flows`); the rules are auth/flow.server.ts's. */
import type { FlowStore } from "~/stores/flows";
import type { Db } from "./database.server";

export function sqliteFlowStore(db: Db): FlowStore {
  const insert = db.prepare(
    `INSERT INTO auth_flows (id_hash, kind, browser_hash, data, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const select = db.prepare(
    `SELECT data FROM auth_flows WHERE id_hash = ? AND kind = ? AND browser_hash = ? AND expires_at > ?`,
  );
  const replace = db.prepare(`UPDATE auth_flows SET data = ?, expires_at = ? WHERE id_hash = ? AND kind = ?`);
  // One statement reads and deletes: a proof is spent once, whatever the number of connections.
  const takeRow = db.prepare(
    `DELETE FROM auth_flows WHERE id_hash = ? AND kind = ? AND browser_hash = ? AND expires_at > ? RETURNING data`,
  );
  const removeRow = db.prepare(`DELETE FROM auth_flows WHERE id_hash = ? AND kind = ?`);
  const pruneRows = db.prepare(`DELETE FROM auth_flows WHERE expires_at <= ?`);

  return {
    async create(flow) {
      insert.run(flow.idHash, flow.kind, flow.browserHash, flow.data, flow.now, flow.expiresAt);
    },
    async find(kind, idHash, browserHash, now) {
      return (select.get(idHash, kind, browserHash, now) as { data: string } | undefined)?.data ?? null;
    },
    async update(kind, idHash, data, expiresAt) {
      return replace.run(data, expiresAt, idHash, kind).changes === 1;
    },
    async take(kind, idHash, browserHash, now) {
      return (takeRow.get(idHash, kind, browserHash, now) as { data: string } | undefined)?.data ?? null;
    },
    async remove(kind, idHash) {
      removeRow.run(idHash, kind);
    },
    async prune(now) {
      return pruneRows.run(now).changes;
    },
  };
}
