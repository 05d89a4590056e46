/**
 * After a deploy, an old page may ask for a code chunk that no longer exists. It
 * then reloads itself, at most once every 10 s (spec §8) so a real outage does not
 * become a reload loop.
 */
export const CHUNK_RELOAD_INTERVAL_MS = 10_000;
export const CHUNK_RELOAD_KEY = "chunkReloadAt";

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Loading (CSS )?chunk [\w-]+ failed/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== "object") return typeof error === "string" && CHUNK_ERROR.test(error);
  const { name, message } = error as { name?: unknown; message?: unknown };
  return name === "ChunkLoadError" || (typeof message === "string" && CHUNK_ERROR.test(message));
}

export function reloadForChunkError(
  error: unknown,
  env: { storage: Pick<Storage, "getItem" | "setItem">; now: number; reload: () => void },
): boolean {
  if (!isChunkLoadError(error)) return false;
  let last = 0;
  try {
    last = Number(env.storage.getItem(CHUNK_RELOAD_KEY)) || 0;
  } catch {
    // Without storage we still reload, once per page life.
  }
  if (env.now - last < CHUNK_RELOAD_INTERVAL_MS && env.now >= last) return false;
  try {
    env.storage.setItem(CHUNK_RELOAD_KEY, String(env.now));
  } catch {
    // See above.
  }
  env.reload();
  return true;
}
