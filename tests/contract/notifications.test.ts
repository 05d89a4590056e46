/**
 * The notifications store's contract: once per dedupe key (or refreshed in place), what each is about,
 * newest first, read and unread, removal, first sightings.
 */
import { describe, expect, it } from "vitest";
import { encodeCursor } from "~/stores/cursor.server";
import type { NewNotification, NotificationRecord } from "~/stores/notifications";
import type { Stores } from "~/stores/stores";
import { implementations, isPlainData, raced, twoClients } from "./implementations";

const T0 = Date.UTC(2026, 10, 22, 1, 0, 0);
let keySeq = 0;

const notification = (overrides: Partial<NewNotification> = {}): NewNotification => ({
  uid: "member-1",
  kind: "visaReminder",
  dedupeKey: `test:${keySeq++}`,
  data: { milestone: "oneWeek", expiresOn: "2027-06-30" },
  createdAt: T0,
  ...overrides,
});

/** Every notification of a member, page by page from both clients in turn, checking each page as it comes. */
async function allPages(stores: Stores[], uid: string, limit: number, between?: (page: number) => Promise<void>) {
  const seen: NotificationRecord[] = [];
  let after: string | null = null;
  for (let i = 0; ; i++) {
    const page = await stores[i % stores.length]!.notifications.listFor(uid, { after, limit });
    if (!page.ok) throw new Error("cursor refused");
    expect(page.items.length).toBeLessThanOrEqual(limit);
    seen.push(...page.items);
    if (!page.next) return seen;
    after = page.next;
    await between?.(i);
  }
}

const newestFirst = (x: NotificationRecord, y: NotificationRecord) =>
  y.createdAt - x.createdAt || (x.id < y.id ? 1 : x.id > y.id ? -1 : 0);

describe.each(implementations)("notifications store: $name", (implementation) => {
  const clients = twoClients(implementation);

  it("keeps a notification and gives it back, unread, as plain data", async () => {
    const n = notification({ data: { milestone: "windowOpens", expiresOn: "2027-06-30", nested: [1, { a: null }] } });
    expect(await clients.a.notifications.add(n)).toEqual({ created: true });
    const page = await clients.b.notifications.listFor("member-1", { limit: 10 });
    // Stored without a subject, it is about nothing: subject null.
    expect(page).toEqual({
      ok: true,
      items: [{ ...n, id: expect.any(String), readAt: null, subject: null }],
      next: null,
    });
    expect(isPlainData(page)).toBe(true);
    expect(await clients.b.notifications.unreadCount("member-1")).toBe(1);
  });

  it("keeps what a notification is about (its subject) and gives it back", async () => {
    const about = notification({ kind: "comment", dedupeKey: "comment:c-1", subject: "feed:f-1", data: { id: "c-1" } });
    const unrelated = notification({ createdAt: T0 + 1, subject: null });
    expect(await clients.a.notifications.add(about)).toEqual({ created: true });
    expect(await clients.a.notifications.add(unrelated)).toEqual({ created: true });
    const page = await clients.b.notifications.listFor("member-1", { limit: 10 });
    expect(page).toEqual({
      ok: true,
      items: [
        { ...unrelated, id: expect.any(String), readAt: null },
        { ...about, id: expect.any(String), readAt: null },
      ],
      next: null,
    });
    expect(isPlainData(page)).toBe(true);
  });

  it("refreshes a notification with its key: new data and time, unread again, still one", async () => {
    const first = notification({
      kind: "like",
      dedupeKey: "like:f-1",
      data: { likeCount: 1 },
      subject: "feed:f-1",
      refresh: true,
    });
    // With no notification of that key yet, a refreshing one is simply stored.
    expect(await clients.a.notifications.add(first)).toEqual({ created: true });
    const newer = notification({ createdAt: T0 + 10 });
    await clients.a.notifications.add(newer);
    const [stored] = (await allPages([clients.a], "member-1", 10)).filter((n) => n.dedupeKey === "like:f-1");
    expect(await clients.a.notifications.markAllRead("member-1", T0 + 15)).toBe(2);

    await clients.b.notifications.add({ ...first, data: { likeCount: 2 }, createdAt: T0 + 20 });
    const { refresh: _refresh, ...record } = first;
    expect(await allPages([clients.a, clients.b], "member-1", 1)).toEqual([
      { ...record, id: stored!.id, data: { likeCount: 2 }, createdAt: T0 + 20, readAt: null },
      { ...newer, id: expect.any(String), readAt: T0 + 15, subject: null },
    ]);
    expect(await clients.a.notifications.unreadCount("member-1")).toBe(1);

    // Without refresh the one stored stays as it is, read or not.
    expect(await clients.a.notifications.markAllRead("member-1", T0 + 25)).toBe(1);
    expect(
      await clients.b.notifications.add({ ...first, refresh: false, data: { likeCount: 3 }, createdAt: T0 + 30 }),
    ).toEqual({ created: false });
    expect(await clients.b.notifications.add({ ...first, refresh: undefined, data: { likeCount: 4 } })).toEqual({
      created: false,
    });
    const kept = await allPages([clients.a], "member-1", 10);
    expect(kept[0]).toMatchObject({
      dedupeKey: "like:f-1",
      data: { likeCount: 2 },
      createdAt: T0 + 20,
      readAt: T0 + 25,
    });
    expect(await clients.a.notifications.unreadCount("member-1")).toBe(0);

    // Another member's notification with that key is apart.
    await clients.a.notifications.add({ ...first, uid: "member-2", data: { likeCount: 9 } });
    expect((await allPages([clients.a], "member-1", 10))[0]!.data).toEqual({ likeCount: 2 });
  });

  it("keeps one notification when clients race to refresh it", async () => {
    const results = await raced(20, clients, (stores, i) =>
      stores.notifications.add(
        notification({ kind: "like", dedupeKey: "like:f-1", data: { likeCount: i }, createdAt: T0 + i, refresh: true }),
      ),
    );
    expect(results.filter((r) => r.created).length).toBeGreaterThanOrEqual(1);
    const all = await allPages([clients.a], "member-1", 10);
    expect(all).toHaveLength(1);
    expect(all[0]!.data).toEqual({ likeCount: all[0]!.createdAt - T0 });
    expect(await clients.b.notifications.unreadCount("member-1")).toBe(1);
  });

  it("answers nothing for a member without notifications", async () => {
    expect(await clients.a.notifications.listFor("nobody", { limit: 10 })).toEqual({ ok: true, items: [], next: null });
    expect(await clients.a.notifications.unreadCount("nobody")).toBe(0);
    expect(await clients.a.notifications.markRead("nobody", "no-such-id", T0)).toBe(false);
    expect(await clients.a.notifications.markAllRead("nobody", T0)).toBe(0);
    expect(await clients.a.notifications.remove("nobody", "no-such-id")).toBe(false);
    expect(await clients.a.notifications.removeAllFor("nobody")).toBe(0);
  });

  it("stores a dedupe key once per member, keeping the first, and the same key for another member apart", async () => {
    const first = notification({ dedupeKey: "visa:2027-06-30:oneWeek" });
    expect(await clients.a.notifications.add(first)).toEqual({ created: true });
    const again = { ...first, createdAt: T0 + 1000, data: { milestone: "other", expiresOn: "2027-06-30" } };
    expect(await clients.b.notifications.add(again)).toEqual({ created: false });
    expect(await clients.b.notifications.add({ ...first, uid: "member-2" })).toEqual({ created: true });
    const page = await clients.a.notifications.listFor("member-1", { limit: 10 });
    expect(page.ok && page.items.map(({ data, createdAt }) => ({ data, createdAt }))).toEqual([
      { data: first.data, createdAt: T0 },
    ]);
    expect(await clients.a.notifications.unreadCount("member-2")).toBe(1);
  });

  it("lets exactly one of many clients racing with one dedupe key store it", async () => {
    for (let round = 0; round < 5; round++) {
      const dedupeKey = `race:${round}`;
      const results = await raced(20, clients, (stores, i) =>
        stores.notifications.add(notification({ dedupeKey, createdAt: T0 + i })),
      );
      expect(results.filter((r) => r.created)).toHaveLength(1);
    }
    const all = await allPages([clients.a], "member-1", 100);
    expect(all).toHaveLength(5);
    expect(await clients.b.notifications.unreadCount("member-1")).toBe(5);
  });

  it("pages newest first by (createdAt, id), each once, equal times included, a member's own only", async () => {
    for (let i = 0; i < 23; i++) {
      await (i % 2 ? clients.a : clients.b).notifications.add(notification({ createdAt: T0 + Math.floor(i / 4) }));
    }
    await clients.a.notifications.add(notification({ uid: "member-2" }));
    const all = await allPages([clients.a], "member-1", 100);
    expect(all).toHaveLength(23);
    expect(all.every((n) => n.uid === "member-1")).toBe(true);
    expect(all).toEqual([...all].sort(newestFirst));
    for (const limit of [1, 4, 5, 22, 23]) {
      expect(await allPages([clients.a, clients.b], "member-1", limit)).toEqual(all);
    }
  });

  it("pages without duplicates or gaps while another client adds notifications", async () => {
    for (let i = 0; i < 30; i++) await clients.a.notifications.add(notification({ createdAt: T0 + i }));
    const before = await allPages([clients.a], "member-1", 100);
    let added = 0;
    const seen = await allPages([clients.a], "member-1", 4, async (page) => {
      // Newer ones (as new notifications are) and, from a skewed clock, older and equal ones.
      await Promise.all([
        clients.b.notifications.add(notification({ createdAt: T0 + 100 + page })),
        clients.b.notifications.add(notification({ createdAt: T0 + 15 })),
        clients.a.notifications.add(notification({ createdAt: T0 - 1 - page })),
      ]);
      added += 3;
    });
    const ids = seen.map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(seen).toEqual([...seen].sort(newestFirst));
    // Everything there when the paging began was seen.
    expect(before.filter((n) => !ids.includes(n.id))).toEqual([]);
    expect(await clients.a.notifications.unreadCount("member-1")).toBe(30 + added);
  });

  it("refuses a tampered cursor, another list's and another member's as data", async () => {
    for (let i = 0; i < 3; i++) await clients.a.notifications.add(notification({ createdAt: T0 + i }));
    const first = await clients.a.notifications.listFor("member-1", { limit: 1 });
    const cursor = (first as { next: string }).next;
    expect(cursor).toBeTruthy();
    const refused = { ok: false, problem: "badCursor" };
    for (const bad of [
      "",
      "x",
      cursor.slice(0, -1),
      `${cursor}x`,
      encodeCursor("members", { createdAt: T0, id: "x" }),
    ]) {
      expect(await clients.b.notifications.listFor("member-1", { after: bad, limit: 1 })).toEqual(refused);
    }
    expect(await clients.b.notifications.listFor("member-2", { after: cursor, limit: 1 })).toEqual(refused);
    expect((await clients.b.notifications.listFor("member-1", { after: cursor, limit: 1 })).ok).toBe(true);
  });

  it("counts unread ones, marks one or all read (keeping the first read time), and removes", async () => {
    for (let i = 0; i < 4; i++) await clients.a.notifications.add(notification({ createdAt: T0 + i }));
    await clients.a.notifications.add(notification({ uid: "member-2" }));
    const [n3, n2, n1, n0] = (await allPages([clients.a], "member-1", 10)) as [
      NotificationRecord,
      NotificationRecord,
      NotificationRecord,
      NotificationRecord,
    ];
    expect(n0.createdAt).toBe(T0);
    expect(await clients.b.notifications.unreadCount("member-1")).toBe(4);

    expect(await clients.b.notifications.markRead("member-1", n1.id, T0 + 100)).toBe(true);
    expect(await clients.a.notifications.markRead("member-1", n1.id, T0 + 200)).toBe(true);
    // Another member's notification is not found through this one.
    expect(await clients.a.notifications.markRead("member-2", n2.id, T0 + 100)).toBe(false);
    expect(await clients.a.notifications.unreadCount("member-1")).toBe(3);

    expect(await clients.a.notifications.markAllRead("member-1", T0 + 300)).toBe(3);
    expect(await clients.b.notifications.markAllRead("member-1", T0 + 400)).toBe(0);
    expect(await clients.a.notifications.unreadCount("member-1")).toBe(0);
    expect(await clients.a.notifications.unreadCount("member-2")).toBe(1);
    const read = await allPages([clients.b], "member-1", 10);
    expect(read.map((n) => [n.id, n.readAt])).toEqual([
      [n3.id, T0 + 300],
      [n2.id, T0 + 300],
      [n1.id, T0 + 100],
      [n0.id, T0 + 300],
    ]);

    expect(await clients.a.notifications.remove("member-2", n3.id)).toBe(false);
    expect(await clients.a.notifications.remove("member-1", n3.id)).toBe(true);
    expect(await clients.b.notifications.remove("member-1", n3.id)).toBe(false);
    expect((await allPages([clients.b], "member-1", 10)).map((n) => n.id)).toEqual([n2.id, n1.id, n0.id]);
  });

  it("removes everything of a member on withdrawal, first sightings included, and nothing of others", async () => {
    for (let i = 0; i < 3; i++) await clients.a.notifications.add(notification({ createdAt: T0 + i }));
    await clients.a.notifications.add(notification({ uid: "member-2" }));
    await clients.a.notifications.firstSeen("member-1", "2027-06-30", "2026-11-22");
    await clients.a.notifications.firstSeen("member-2", "2027-06-30", "2026-11-22");
    expect(await clients.b.notifications.removeAllFor("member-1")).toBe(3);
    expect(await clients.a.notifications.listFor("member-1", { limit: 10 })).toEqual({
      ok: true,
      items: [],
      next: null,
    });
    expect(await clients.a.notifications.unreadCount("member-1")).toBe(0);
    expect(await clients.a.notifications.unreadCount("member-2")).toBe(1);
    // A member who joins again with that uid starts afresh.
    expect(await clients.a.notifications.firstSeen("member-1", "2027-06-30", "2026-12-01")).toBe("2026-12-01");
    expect(await clients.a.notifications.firstSeen("member-2", "2027-06-30", "2026-12-01")).toBe("2026-11-22");
  });

  it("keeps the first day an expiry date was seen, whichever client asks and whatever day it says later", async () => {
    expect(await clients.a.notifications.firstSeen("member-1", "2027-06-30", "2026-11-22")).toBe("2026-11-22");
    expect(await clients.b.notifications.firstSeen("member-1", "2027-06-30", "2026-12-01")).toBe("2026-11-22");
    // A clock gone back does not move it either.
    expect(await clients.a.notifications.firstSeen("member-1", "2027-06-30", "2026-10-01")).toBe("2026-11-22");
    // Another date, or another member, has its own.
    expect(await clients.b.notifications.firstSeen("member-1", "2027-09-30", "2026-12-01")).toBe("2026-12-01");
    expect(await clients.b.notifications.firstSeen("member-2", "2027-06-30", "2026-12-02")).toBe("2026-12-02");
  });

  it("agrees on one first day when clients race to record it", async () => {
    for (let round = 0; round < 5; round++) {
      const expiresOn = `2027-0${round + 1}-15`;
      const days = await raced(20, clients, (stores, i) =>
        stores.notifications.firstSeen("member-1", expiresOn, `2026-11-${String(10 + i).padStart(2, "0")}`),
      );
      expect(new Set(days).size).toBe(1);
      expect(await clients.a.notifications.firstSeen("member-1", expiresOn, "2026-12-31")).toBe(days[0]);
    }
  });
});
