/** Multi-step flows in SQLite (table `auth_flows`); the rules are auth/flow.server.ts's. */
import type { FlowStore } from "~/stores/flows";
import type { Db } from "./database.server";
import { FLOWS } from "~/infra/rows/statements.server";

export function sqliteFlowStore(db: Db): FlowStore {
  const insert = db.prepare(FLOWS.insert);
  const select = db.prepare(FLOWS.find);
  const replace = db.prepare(FLOWS.update);
  const takeRow = db.prepare(FLOWS.take);
  const removeRow = db.prepare(FLOWS.remove);
  const pruneRows = db.prepare(FLOWS.prune);

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
