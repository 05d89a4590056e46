/** The documents ticked on members' own extension kits, in SQLite (table kit_checklists). */
import type { KitChecklistsStore } from "~/stores/kitChecklists";
import { KIT_CHECKLISTS } from "~/infra/rows/statements.server";
import type { Db } from "./database.server";

export function sqliteKitChecklistStore(db: Db): KitChecklistsStore {
  const ticked = db.prepare(KIT_CHECKLISTS.ticked);
  const tick = db.prepare(KIT_CHECKLISTS.tick);
  const untick = db.prepare(KIT_CHECKLISTS.untick);
  const set = db.transaction((uid: string, code: string, keys: readonly string[], at: number) => {
    const wanted = new Set(keys);
    for (const { document } of ticked.all(uid, code) as { document: string }[]) {
      if (!wanted.has(document)) untick.run(uid, code, document);
    }
    for (const key of wanted) tick.run(uid, code, key, at);
  });
  return {
    async ticked(uid, code) {
      return (ticked.all(uid, code) as { document: string }[]).map((row) => row.document);
    },
    async setTicked(uid, code, keys, at) {
      set.immediate(uid, code, keys, at);
    },
  };
}
