/**
 * The file storage's contract (app/stores/fileStorage.ts): bytes under a name, read back exactly from
 * another client, replaced whole, removed, missing as null, and names no file may have refused before
 * the storage is touched.
 */
import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FileStorage } from "~/stores/fileStorage";
import { implementations, type Backing } from "./implementations";

describe.each(implementations)("file storage: $name", (implementation) => {
  let backing: Backing;
  let a: FileStorage;
  let b: FileStorage;
  beforeEach(async () => {
    backing = await implementation.backing();
    a = await backing.openFiles();
    b = await backing.openFiles();
  });
  afterEach(async () => {
    await backing.dispose();
  });

  it("gives back the bytes put under a name, to any client", async () => {
    const bytes = randomBytes(200_000);
    await a.put("photo-1.webp", bytes);
    const read = await b.read("photo-1.webp");
    expect(read).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(read!).equals(bytes)).toBe(true);
    await a.put("empty.webp", new Uint8Array(0));
    expect((await b.read("empty.webp"))?.byteLength).toBe(0);
  });

  it("answers null for a name never put, and for a name no file may have", async () => {
    expect(await a.read("missing.webp")).toBeNull();
    for (const name of ["../klife.sqlite", "a/b.webp", "photo.png", ".hidden.webp", "", `${"x".repeat(65)}.webp`]) {
      expect(await a.read(name)).toBeNull();
    }
  });

  it("refuses to write or delete under a name no file may have", async () => {
    for (const name of ["../escape.webp", "a/b.webp", "photo.svg", "photo.webp.tmp", "%2e%2e.webp"]) {
      await expect(a.put(name, new Uint8Array([1]))).rejects.toThrow(/unsafe file name/);
      await expect(a.remove(name)).rejects.toThrow(/unsafe file name/);
    }
  });

  it("replaces the bytes under a name", async () => {
    await a.put("photo-1.webp", new Uint8Array([1, 2, 3]));
    await b.put("photo-1.webp", new Uint8Array([4, 5]));
    expect([...(await a.read("photo-1.webp"))!]).toEqual([4, 5]);
  });

  it("removes a name, once or twice, and only that name", async () => {
    await a.put("photo-1.webp", new Uint8Array([1]));
    await a.put("photo-1-s.webp", new Uint8Array([2]));
    await b.remove("photo-1.webp");
    await b.remove("photo-1.webp");
    await b.remove("never-put.webp");
    expect(await a.read("photo-1.webp")).toBeNull();
    expect([...(await a.read("photo-1-s.webp"))!]).toEqual([2]);
  });

  it("never shows a reader a mix of two writes made at once", async () => {
    const versions = Array.from({ length: 6 }, (_, i) => Buffer.alloc(300_000, i + 1));
    const reads: (Uint8Array | null)[] = [];
    await Promise.all([
      ...versions.map((bytes, i) => (i % 2 ? a : b).put("photo-1.webp", bytes)),
      ...Array.from({ length: 6 }, async () => reads.push(await a.read("photo-1.webp"))),
    ]);
    reads.push(await b.read("photo-1.webp"));
    for (const read of reads) {
      if (read === null) continue; // read before the first write landed
      expect(versions.some((bytes) => bytes.equals(read))).toBe(true);
    }
    expect(reads.at(-1)).not.toBeNull();
  });
});
