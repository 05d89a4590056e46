/** The documents ticked on members' own extension kits, in PostgreSQL: SQLite's table and statements. */
import type { KitChecklistsStore } from "~/stores/kitChecklists";
import { numberedAll } from "~/infra/rows/placeholders.server";
import { KIT_CHECKLISTS } from "~/infra/rows/statements.server";
import type { Pg } from "./database.server";

const SQL = numberedAll(KIT_CHECKLISTS);

export function pgKitChecklistStore(db: Pg): KitChecklistsStore {
  return {
    async ticked(uid, code) {
      return (await db.rows<{ document: string }>(SQL.ticked, [uid, code])).map((row) => row.document);
    },
    async setTicked(uid, code, keys, at) {
      const wanted = new Set(keys);
      await db.tx(async (sql) => {
        for (const { document } of await sql.rows<{ document: string }>(SQL.ticked, [uid, code])) {
          if (!wanted.has(document)) await sql.run(SQL.untick, [uid, code, document]);
        }
        for (const key of wanted) await sql.run(SQL.tick, [uid, code, key, at]);
      });
    },
  };
}
