/**
 * Where the bytes of stored files live. The records (owner, feed, size) are in
 * the files store; this is only bytes under a name. The local implementation
 * writes under the data directory: a temporary file, flushed, then renamed over
 * the name, so a reader never sees half a file and a crash leaves none.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export interface FileStorage {
  /** Stores bytes under `name` (replacing any). */
  put(name: string, bytes: Uint8Array): Promise<void>;
  /** The bytes under `name`, or null. */
  read(name: string): Promise<Buffer | null>;
  /** Deletes `name`; nothing when it is not there. */
  remove(name: string): Promise<void>;
}

/** Names are ours (ids and a size suffix): anything else, a `../` above all, is refused before the disk is touched. */
const SAFE_NAME = /^[A-Za-z0-9_-]{1,64}\.(webp)$/;

export function assertSafeName(name: string): void {
  if (!SAFE_NAME.test(name)) throw new Error(`unsafe file name: ${JSON.stringify(name)}`);
}

export function localFileStorage(dir: string): FileStorage {
  fs.mkdirSync(dir, { recursive: true });
  const full = (name: string) => {
    assertSafeName(name);
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
      if (!SAFE_NAME.test(name)) return null;
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

/** The names a photo's file id is stored under: the photo and its thumbnail. */
export const photoNames = (id: string) => [`${id}.webp`, `${id}-s.webp`];
