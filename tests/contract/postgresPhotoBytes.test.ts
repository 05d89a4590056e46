/**
 * PostgreSQL keeps photos' bytes beside their records (file_blobs): the files
 * store deletes a record's bytes in the transaction that deletes the record
 * (issue 29), whichever way the record goes — an edit dropping the photo, the
 * feed's deletion by its author or a moderator, a withdrawal, the sweep of
 * abandoned uploads, one pending upload forgotten — so no process serves or
 * keeps bytes whose record is gone, and the caller's later FileStorage.remove
 * finds nothing. A write refused deletes nothing. (SQLite's bytes are on disk:
 * its caller deletes them, tests/contract/community.test.ts covers the records.)
 */
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import { createPg, type Pg } from "~/infra/postgres/database.server";
import { pgFileStorage } from "~/infra/postgres/fileStorage.server";
import { postgresStores } from "~/infra/postgres/stores.server";
import { photoNames, type PhotoRef } from "~/stores/community";
import type { FileStorage } from "~/stores/fileStorage";
import type { Stores } from "~/stores/stores";
import { createDatabase, dropDatabase } from "../support/postgres";

const T0 = Date.UTC(2026, 10, 26, 1, 0, 0);
const DAY = 86_400_000;
let seq = 0;

describe("PostgreSQL photo bytes", () => {
  let url: string;
  let db: Pg;
  let stores: Stores;
  let storage: FileStorage;
  beforeEach(async () => {
    url = await createDatabase(inject("postgresAdminUrl"), inject("postgresTemplate"));
    db = createPg(url, { max: 2 });
    stores = postgresStores(db);
    storage = pgFileStorage(db);
  });
  afterEach(async () => {
    await db.close();
    await dropDatabase(inject("postgresAdminUrl"), url);
  });

  /** A member's pending photo with its two stored files, as acceptPhotos makes them. */
  async function uploaded(uid: string, createdAt = T0): Promise<PhotoRef> {
    const id = `photo${String(++seq).padStart(7, "0")}`;
    expect(await stores.files.addPending({ id, ownerUid: uid, bytes: 10, createdAt }, 1_000_000)).toEqual({ ok: true });
    for (const name of photoNames(id)) await storage.put(name, new Uint8Array([seq % 256, 1, 2]));
    return { id, width: 10, height: 10 };
  }

  async function posted(uid: string, photos: PhotoRef[]) {
    const id = `feed-${++seq}`;
    await stores.feeds.create({
      id,
      author: { uid, label: uid, nationality: null },
      category: "daily",
      text: "hello",
      photos,
      createdAt: T0,
    });
    return id;
  }

  /** Whether each photo's two files are stored. */
  const stored = async (...photos: PhotoRef[]) =>
    Promise.all(
      photos.map(async (p) => (await Promise.all(photoNames(p.id).map((n) => storage.read(n)))).every((b) => b)),
    );

  it("deletes a dropped photo's bytes with the edit, and the rest with the feed", async () => {
    const [dropped, kept] = [await uploaded("member-1"), await uploaded("member-1")];
    const feed = await posted("member-1", [dropped, kept]);
    const edit = { category: "daily" as const, text: "edited", photos: [kept] };
    expect(await stores.feeds.update(feed, "member-2", edit, T0 + 1)).toEqual({ ok: false, problem: "notAuthor" });
    expect(await stored(dropped, kept)).toEqual([true, true]);
    expect(await stores.feeds.update(feed, "member-1", edit, T0 + 1)).toEqual({
      ok: true,
      releasedFiles: [dropped.id],
    });
    expect(await stored(dropped, kept)).toEqual([false, true]);

    expect(await stores.feeds.remove(feed, "member-2")).toEqual({ ok: false, problem: "notAuthor" });
    expect(await stored(kept)).toEqual([true]);
    expect(await stores.feeds.remove(feed, "member-1")).toEqual({ ok: true, releasedFiles: [kept.id] });
    expect(await stored(kept)).toEqual([false]);
    // The caller's removal of the released files finds nothing and says nothing.
    for (const name of photoNames(kept.id)) await storage.remove(name);
  });

  it("deletes a feed's bytes when a moderator deletes it on reports", async () => {
    const photo = await uploaded("member-1");
    const feed = await posted("member-1", [photo]);
    await stores.reports.add(
      { target: { kind: "feed", id: feed }, reporterUid: "member-2", reason: "spam", text: null, createdAt: T0 },
      3,
    );
    expect(await stores.reports.resolve({ kind: "feed", id: feed }, "deleted", () => null)).toEqual({
      ok: true,
      releasedFiles: [photo.id],
    });
    expect(await stored(photo)).toEqual([false]);
  });

  it("deletes a withdrawn member's bytes, pending or posted, and leaves others'", async () => {
    const [posted1, pending, others] = [
      await uploaded("member-1"),
      await uploaded("member-1"),
      await uploaded("member-2"),
    ];
    await posted("member-1", [posted1]);
    await posted("member-2", [others]);
    const { releasedFiles } = await stores.feeds.removeMember("member-1", () => null);
    expect([...releasedFiles].sort()).toEqual([posted1.id, pending.id].sort());
    expect(await stored(posted1, pending, others)).toEqual([false, false, true]);
  });

  it("sweeps abandoned uploads' bytes, and forgets one pending upload's bytes for its owner only", async () => {
    const [stale, fresh, attached] = [
      await uploaded("member-1", T0 - 2 * DAY),
      await uploaded("member-1", T0),
      await uploaded("member-1", T0 - 2 * DAY),
    ];
    await posted("member-1", [attached]);
    expect(await stores.files.sweepPending(T0 - DAY)).toEqual([stale.id]);
    expect(await stored(stale, fresh, attached)).toEqual([false, true, true]);

    expect(await stores.files.removePending("member-2", fresh.id)).toBe(false);
    expect(await stores.files.removePending("member-1", attached.id)).toBe(false);
    expect(await stored(fresh, attached)).toEqual([true, true]);
    expect(await stores.files.removePending("member-1", fresh.id)).toBe(true);
    expect(await stored(fresh, attached)).toEqual([false, true]);
  });
});
