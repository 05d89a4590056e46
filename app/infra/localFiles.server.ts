/**
 * The file storage (app/stores/fileStorage.ts) on this machine's disk, under a
 * folder of the data directory: a temporary file, flushed, then renamed over the
 * name, so a reader never sees half a file and a crash leaves none.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { assertFileName, isFileName, type FileStorage } from "~/stores/fileStorage";

export function localFileStorage(dir: string): FileStorage {
  fs.mkdirSync(dir, { recursive: true });
  const full = (name: string) => {
    assertFileName(name);
    return path.join(dir, name);
  };
  return {
    async put(name, bytes) {
      const target = full(name);
      const temporary = path.join(dir, `.${crypto.randomBytes(8).toString("hex")}.tmp`);
      const handle = await fs.promises.open(temporary, "w", 0o600);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.promises.rename(temporary, target);
    },
    async read(name) {
      if (!isFileName(name)) return null;
      try {
        return await fs.promises.readFile(path.join(dir, name));
      } catch {
        return null;
      }
    },
    async remove(name) {
      await fs.promises.rm(full(name), { force: true });
    },
  };
}
