/** Multi-step flows in PostgreSQL (table `auth_flows`); the rules are auth/flow.server.ts's. */
import type { FlowStore } from "~/stores/flows";
import type { Sql } from "./database.server";
import { numberedAll } from "~/infra/rows/placeholders.server";
import { FLOWS } from "~/infra/rows/statements.server";

const SQL = numberedAll(FLOWS);

export function pgFlowStore(db: Sql): FlowStore {
  return {
    async create(flow) {
      await db.run(SQL.insert, [flow.idHash, flow.kind, flow.browserHash, flow.data, flow.now, flow.expiresAt]);
    },
    async find(kind, idHash, browserHash, now) {
      const row = await db.row<{ data: string }>(SQL.find, [idHash, kind, browserHash, now]);
      return row?.data ?? null;
    },
    async update(kind, idHash, data, expiresAt) {
      const changed = await db.run(SQL.update, [data, expiresAt, idHash, kind]);
      return changed === 1;
    },
    async take(kind, idHash, browserHash, now) {
      // One statement reads and deletes: of two takes, the second finds the row gone (its DELETE waits
      // for the first's and then matches nothing), so a proof is spent once across processes.
      const row = await db.row<{ data: string }>(SQL.take, [idHash, kind, browserHash, now]);
      return row?.data ?? null;
    },
    async remove(kind, idHash) {
      await db.run(SQL.remove, [idHash, kind]);
    },
    async prune(now) {
      return db.run(SQL.prune, [now]);
    },
  };
}
