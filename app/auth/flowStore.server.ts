/**
 * Where multi-step proofs live while a visitor walks through them: sign-up drafts,
 * password recovery (and its grant), phone sign-in, Google sign-in. Each row is
 * found by a keyed hash of the random id its cookie holds, belongs to one
 * browser (a keyed hash of its `__bid`), and expires on the server. `take` reads
 * and deletes in one statement, so a proof can be spent once. The SQLite
 * implementation is the only code that knows the table.
 */
import type { Db } from "~/infra/sqlite/database.server";

export type FlowKind = "signup" | "recovery" | "phoneLogin" | "google";

export interface FlowStore {
  create(row: {
    kind: FlowKind;
    idHash: string;
    browserHash: string;
    data: string;
    now: number;
    expiresAt: number;
  }): Promise<void>;
  /** The flow's data, when it exists, belongs to this browser and has not expired. */
  find(kind: FlowKind, idHash: string, browserHash: string, now: number): Promise<string | null>;
  /** Replaces the data and the expiry; false when the flow is gone. */
  update(kind: FlowKind, idHash: string, data: string, expiresAt: number): Promise<boolean>;
  /** Reads and deletes in one step: a second `take` of the same flow finds nothing. */
  take(kind: FlowKind, idHash: string, browserHash: string, now: number): Promise<string | null>;
  remove(kind: FlowKind, idHash: string): Promise<void>;
  /** Deletes expired flows; returns how many. */
  prune(now: number): Promise<number>;
}

export function sqliteFlowStore(db: Db): FlowStore {
  const insert = db.prepare(
    `INSERT INTO auth_flows (id_hash, kind, browser_hash, data, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const select = db.prepare(
    `SELECT data FROM auth_flows WHERE id_hash = ? AND kind = ? AND browser_hash = ? AND expires_at > ?`,
  );
  const replace = db.prepare(`UPDATE auth_flows SET data = ?, expires_at = ? WHERE id_hash = ? AND kind = ?`);
  const takeRow = db.prepare(
    `DELETE FROM auth_flows WHERE id_hash = ? AND kind = ? AND browser_hash = ? AND expires_at > ? RETURNING data`,
  );
  const removeRow = db.prepare(`DELETE FROM auth_flows WHERE id_hash = ? AND kind = ?`);
  const pruneRows = db.prepare(`DELETE FROM auth_flows WHERE expires_at <= ?`);

  return {
    async create(row) {
      insert.run(row.idHash, row.kind, row.browserHash, row.data, row.now, row.expiresAt);
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
