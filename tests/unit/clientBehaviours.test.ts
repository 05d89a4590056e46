/** Timers, build checks, chunk reloads and scroll locking, driven by fake timers. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createBuildWatcher } from "~/lib/buildCheck";
import { isChunkLoadError, reloadForChunkError } from "~/lib/chunkReload";
import {
  DESKTOP_TIMEOUT_MS,
  MOBILE_TIMEOUT_MS,
  RequestTimeoutError,
  fetchWithTimeout,
  requestTimeoutMs,
} from "~/lib/fetchWithTimeout";
import { createScrollLock } from "~/lib/scrollLock";

// The spec's numbers are written here, not imported: a change to them in the code fails these tests.
const CHUNK_RELOAD_INTERVAL_MS = 10_000;
const SCROLL_LOCK_CLEANUP_MS = 200;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A fetch that only settles when its signal aborts. */
const hangingFetch: typeof fetch = (_input, init) =>
  new Promise((_resolve, reject) => {
    init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
  });

describe("fetchWithTimeout", () => {
  it("uses 30 s on desktop and 60 s on mobile", () => {
    expect(DESKTOP_TIMEOUT_MS).toBe(30_000);
    expect(MOBILE_TIMEOUT_MS).toBe(60_000);
    expect(requestTimeoutMs("Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130")).toBe(30_000);
    expect(requestTimeoutMs("Mozilla/5.0 (Linux; Android 13; SM-A146P) Mobile Safari/537.36")).toBe(60_000);
    expect(requestTimeoutMs("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)")).toBe(60_000);
  });

  it("gives up at the timeout and not before", async () => {
    const pending = fetchWithTimeout("/x", {}, { timeoutMs: 60_000, fetchImpl: hangingFetch });
    const outcome = vi.fn();
    pending.then(outcome, outcome);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).rejects.toBeInstanceOf(RequestTimeoutError);
  });

  it("passes a caller's abort through as an abort, not a timeout", async () => {
    const controller = new AbortController();
    const pending = fetchWithTimeout("/x", { signal: controller.signal }, { timeoutMs: 1000, fetchImpl: hangingFetch });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("build watcher", () => {
  it("marks the page stale once the server reports another build", async () => {
    let serverVersion = "a";
    const watcher = createBuildWatcher({
      currentVersion: "a",
      intervalMs: 1000,
      fetchVersion: async () => serverVersion,
    });
    watcher.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(watcher.stale).toBe(false);
    serverVersion = "b";
    await vi.advanceTimersByTimeAsync(1000);
    expect(watcher.stale).toBe(true);
    watcher.stop();
  });

  it("ignores failed checks", async () => {
    const watcher = createBuildWatcher({
      currentVersion: "a",
      intervalMs: 1000,
      fetchVersion: async () => {
        throw new Error("offline");
      },
    });
    expect(await watcher.check()).toBe(false);
  });
});

describe("chunk-load reload", () => {
  const storage = () => {
    const data = new Map<string, string>();
    return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
  };

  it("recognises chunk-load errors only", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /build/x.js"))).toBe(true);
    expect(isChunkLoadError({ name: "ChunkLoadError", message: "Loading chunk 3 failed" })).toBe(true);
    expect(isChunkLoadError(new Error("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it("reloads at most once per 10 seconds", () => {
    const s = storage();
    const reload = vi.fn();
    const error = new TypeError("Failed to fetch dynamically imported module");
    expect(reloadForChunkError(error, { storage: s, now: 100_000, reload })).toBe(true);
    expect(reloadForChunkError(error, { storage: s, now: 100_000 + CHUNK_RELOAD_INTERVAL_MS - 1, reload })).toBe(false);
    expect(reloadForChunkError(error, { storage: s, now: 100_000 + CHUNK_RELOAD_INTERVAL_MS, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("does not reload for other errors", () => {
    const reload = vi.fn();
    expect(reloadForChunkError(new Error("boom"), { storage: storage(), now: 1, reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe("scroll lock", () => {
  it("locks at once and restores the page 200 ms after the last unlock", () => {
    const body = { style: { overflow: "auto" } };
    const lock = createScrollLock(body);
    lock.lock();
    lock.lock();
    expect(body.style.overflow).toBe("hidden");
    lock.unlock();
    vi.advanceTimersByTime(SCROLL_LOCK_CLEANUP_MS);
    expect(body.style.overflow).toBe("hidden");
    lock.unlock();
    vi.advanceTimersByTime(SCROLL_LOCK_CLEANUP_MS - 1);
    expect(body.style.overflow).toBe("hidden");
    vi.advanceTimersByTime(1);
    expect(body.style.overflow).toBe("auto");
  });

  it("a lock during the cleanup delay keeps the page locked", () => {
    const body = { style: { overflow: "" } };
    const lock = createScrollLock(body);
    lock.lock();
    lock.unlock();
    vi.advanceTimersByTime(100);
    lock.lock();
    vi.advanceTimersByTime(500);
    expect(body.style.overflow).toBe("hidden");
    lock.unlock();
    vi.advanceTimersByTime(SCROLL_LOCK_CLEANUP_MS);
    expect(body.style.overflow).toBe("");
  });
});
