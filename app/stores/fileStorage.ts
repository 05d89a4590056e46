/**
 * Where the bytes of stored files live (members' photos): only bytes under a
 * name. Their records (owner, feed, size) are the files store's
 * (community.ts: FilesStore). Local mode keeps them on disk under
 * DATA_DIR/files (app/infra/localFiles.server.ts); a shared database would keep
 * them beside their records. tests/contract/fileStorage.test.ts is the contract.
 */
export interface FileStorage {
  /** Stores bytes under `name`, replacing any: a reader sees the old bytes or the new, never a mix. */
  put(name: string, bytes: Uint8Array): Promise<void>;
  /** The bytes under `name`, or null (also for a name no file may have). */
  read(name: string): Promise<Uint8Array | null>;
  /** Deletes `name`; nothing when it is not there. */
  remove(name: string): Promise<void>;
}

/**
 * The names files may have: ours (ids and a size suffix). `put` and `remove`
 * refuse anything else, a `../` above all, before the storage is touched.
 */
const FILE_NAME = /^[A-Za-z0-9_-]{1,64}\.(webp)$/;

export const isFileName = (name: string) => FILE_NAME.test(name);

export function assertFileName(name: string): void {
  if (!isFileName(name)) throw new Error(`unsafe file name: ${JSON.stringify(name)}`);
}
