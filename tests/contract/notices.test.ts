/**
 * The notices store's contract, with the broadcasts it keeps in step in the
 * notifications store and the audit log: saved whole and given back as plain data,
 * unchanged when the same, listed pinned first then newest by a cursor scoped to
 * its language, drafts and scheduled ones left out; publishing puts one broadcast
 * in every audience's inbox, edits never again, unpublishing takes it out; each
 * member's reads and deletions of it are their own.
 */
import { describe, expect, it } from "vitest";
import type { InboxAudience, NoticeInput, Stores } from "~/stores/stores";
import { implementations, isPlainData, raced, twoClients } from "./implementations";

const T0 = Date.UTC(2026, 9, 1, 0, 0, 0);
const DAY = 86_400_000;

const notice = (itemCd: string, overrides: Partial<NoticeInput> = {}): NoticeInput => ({
  itemCd,
  category: "general",
  pinned: false,
  publishedAt: T0,
  translations: {
    ko: { title: `공지 ${itemCd}`, body: `본문 ${itemCd}` },
    en: { title: `Notice ${itemCd}`, body: "Body" },
  },
  ...overrides,
});

async function allPublished(stores: Stores, language: string, now: number, limit: number) {
  const seen: string[] = [];
  let after: string | null = null;
  for (;;) {
    const page = await stores.notices.listPublished({ after, limit, now, language });
    if (!page.ok) throw new Error("cursor refused");
    seen.push(...page.items.map((n) => n.itemCd));
    if (!page.next) return seen;
    after = page.next;
  }
}

describe.each(implementations)("notices store: $name", (implementation) => {
  const clients = twoClients(implementation);

  it("keeps a notice whole and gives it back as plain data; the same one again changes nothing", async () => {
    const n = notice("2026-001", { pinned: true });
    expect(await clients.a.notices.save(n, T0)).toBe("created");
    const stored = await clients.b.notices.get("2026-001");
    expect(stored).toEqual({ ...n, createdAt: T0, updatedAt: T0 });
    expect(isPlainData(stored)).toBe(true);
    expect(await clients.b.notices.save(n, T0 + DAY)).toBe("unchanged");
    expect((await clients.a.notices.get("2026-001"))!.updatedAt).toBe(T0);
    expect(await clients.a.notices.get("2026-999")).toBeNull();
  });

  it("replaces every field and translation on a change (a language left out is gone)", async () => {
    await clients.a.notices.save(notice("n1"), T0);
    const changed = notice("n1", {
      category: "visa",
      translations: { ko: { title: "바뀐 제목", body: "바뀐 본문" }, vi: { title: "Tiêu đề", body: "Nội dung" } },
    });
    expect(await clients.b.notices.save(changed, T0 + 5)).toBe("updated");
    expect(await clients.a.notices.get("n1")).toEqual({ ...changed, createdAt: T0, updatedAt: T0 + 5 });
  });

  it("lists published notices pinned first, then newest, with their titles by language", async () => {
    await clients.a.notices.save(notice("old", { publishedAt: T0 }), T0);
    await clients.a.notices.save(notice("new", { publishedAt: T0 + DAY }), T0);
    await clients.a.notices.save(notice("pinned-old", { publishedAt: T0 - DAY, pinned: true }), T0);
    await clients.a.notices.save(notice("draft", { publishedAt: null }), T0);
    await clients.a.notices.save(notice("later", { publishedAt: T0 + 10 * DAY }), T0);
    const page = await clients.b.notices.listPublished({ limit: 10, now: T0 + 2 * DAY, language: "en" });
    expect(page.ok && page.items.map((n) => n.itemCd)).toEqual(["pinned-old", "new", "old"]);
    expect(page.ok && page.items[0]).toEqual({
      itemCd: "pinned-old",
      category: "general",
      pinned: true,
      publishedAt: T0 - DAY,
      updatedAt: T0,
      titles: { ko: "공지 pinned-old", en: "Notice pinned-old" },
      languages: ["ko", "en"],
    });
    const ur = await clients.b.notices.listPublished({ limit: 10, now: T0 + 2 * DAY, language: "ur" });
    expect(ur.ok && ur.items.map((n) => n.titles)[0]).toEqual({ ko: "공지 pinned-old", en: "Notice pinned-old" });
    // The scheduled one appears once its time has come.
    const later = await clients.b.notices.listPublished({ limit: 10, now: T0 + 10 * DAY, language: "en" });
    expect(later.ok && later.items.map((n) => n.itemCd)).toEqual(["pinned-old", "later", "new", "old"]);
  });

  it("pages every published notice exactly once, equal dates included, and refuses a cursor of another list", async () => {
    for (let i = 0; i < 25; i++) {
      await clients.a.notices.save(
        notice(`n-${String(i).padStart(2, "0")}`, { publishedAt: T0 + (i % 3), pinned: i % 7 === 0 }),
        T0,
      );
    }
    const seen = await allPublished(clients.b, "en", T0 + DAY, 4);
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    expect(seen.slice(0, 4).every((id) => Number(id.slice(2)) % 7 === 0)).toBe(true);
    const first = await clients.a.notices.listPublished({ limit: 4, now: T0 + DAY, language: "en" });
    const next = first.ok ? first.next : null;
    expect(await clients.a.notices.listPublished({ after: next, limit: 4, now: T0 + DAY, language: "ko" })).toEqual({
      ok: false,
      problem: "badCursor",
    });
    expect(await clients.a.notices.listPublished({ after: "c1.x.y", limit: 4, now: T0, language: "en" })).toEqual({
      ok: false,
      problem: "badCursor",
    });
  });

  it("lists every notice for the admin area, drafts too, last changed first", async () => {
    await clients.a.notices.save(notice("a", { publishedAt: null }), T0);
    await clients.a.notices.save(notice("b"), T0 + 1);
    await clients.a.notices.change("a", { pinned: true }, T0 + 2);
    const page = await clients.b.notices.listAll({ limit: 1, language: "ko" });
    expect(page.ok && page.items.map((n) => n.itemCd)).toEqual(["a"]);
    const rest = await clients.b.notices.listAll({ after: page.ok ? page.next : null, limit: 5, language: "ko" });
    expect(rest.ok && rest.items.map((n) => [n.itemCd, n.titles.ko])).toEqual([["b", "공지 b"]]);
  });

  it("changes pin and publication as one step; null for no such notice", async () => {
    await clients.a.notices.save(notice("p", { publishedAt: null }), T0);
    const published = await clients.b.notices.change("p", { publishedAt: T0 + 3 }, T0 + 3);
    expect(published).toMatchObject({ publishedAt: T0 + 3, pinned: false, updatedAt: T0 + 3 });
    expect(await clients.b.notices.change("nope", { pinned: true }, T0)).toBeNull();
  });

  describe("broadcast to inboxes", () => {
    const everyone = (now: number, since = T0 - DAY): InboxAudience => ({ since, now });

    it("puts a published notice in every audience's inbox once, unread, with its titles; edits never again", async () => {
      await clients.a.notices.save(notice("b1", { publishedAt: null }), T0);
      expect(await clients.b.notifications.unreadCount("m1", everyone(T0 + DAY))).toBe(0);
      await clients.a.notices.change("b1", { publishedAt: T0 + 10 }, T0 + 10);
      const inbox = await clients.b.notifications.listFor("m1", { limit: 10 }, everyone(T0 + DAY));
      expect(inbox).toEqual({
        ok: true,
        next: null,
        items: [
          {
            id: expect.any(String),
            uid: "m1",
            kind: "notice",
            dedupeKey: "notice:b1",
            data: { itemCd: "b1", titles: { ko: "공지 b1", en: "Notice b1" } },
            createdAt: T0 + 10,
            readAt: null,
            subject: "notice:b1",
          },
        ],
      });
      expect(isPlainData(inbox)).toBe(true);
      expect(await clients.a.notifications.unreadCount("m2", everyone(T0 + DAY))).toBe(1);
      const id = inbox.ok ? inbox.items[0]!.id : "";
      expect(await clients.a.notifications.markRead("m1", id, T0 + 20)).toBe(true);
      // An edit changes its words, not its time, its id or anyone's read state.
      const edited = notice("b1", { publishedAt: T0 + 10, translations: { ko: { title: "고친 제목", body: "본문" } } });
      expect(await clients.b.notices.save(edited, T0 + 30)).toBe("updated");
      const after = await clients.b.notifications.listFor("m1", { limit: 10 }, everyone(T0 + DAY));
      expect(after.ok && after.items).toEqual([
        expect.objectContaining({
          id,
          createdAt: T0 + 10,
          readAt: T0 + 20,
          data: { itemCd: "b1", titles: { ko: "고친 제목" } },
        }),
      ]);
      expect(await clients.a.notifications.unreadCount("m1", everyone(T0 + DAY))).toBe(0);
      expect(await clients.a.notifications.unreadCount("m2", everyone(T0 + DAY))).toBe(1);
    });

    it("leaves it out for members who joined after it, who turned notices off, or before its time", async () => {
      await clients.a.notices.save(notice("b2", { publishedAt: T0 }), T0);
      expect(await clients.b.notifications.unreadCount("late", { since: T0 + 1, now: T0 + DAY })).toBe(0);
      expect(await clients.b.notifications.unreadCount("off", { since: null, now: T0 + DAY })).toBe(0);
      expect(await clients.b.notifications.unreadCount("early", { since: T0 - 1, now: T0 - 1 })).toBe(0);
      expect(await clients.b.notifications.unreadCount("anyone", { since: T0, now: T0 })).toBe(1);
      // Without an audience, the inbox is the member's own notifications only.
      expect(await clients.b.notifications.unreadCount("anyone")).toBe(0);
    });

    it("takes it out of every inbox when unpublished; mark-all-read and delete are each member's own", async () => {
      await clients.a.notices.save(notice("b3"), T0);
      await clients.a.notices.save(notice("b4"), T0 + 1);
      await clients.a.notifications.add({
        uid: "m1",
        kind: "visaReminder",
        dedupeKey: "visa:x",
        data: { milestone: "oneWeek", expiresOn: "2027-01-01" },
        createdAt: T0 + 2,
      });
      const audience = everyone(T0 + DAY);
      expect(await clients.b.notifications.unreadCount("m1", audience)).toBe(3);
      const listed = await clients.b.notifications.listFor("m1", { limit: 10 }, audience);
      const b3 = listed.ok ? listed.items.find((n) => n.dedupeKey === "notice:b3")! : null;
      expect(await clients.b.notifications.remove("m1", b3!.id)).toBe(true);
      expect(await clients.b.notifications.find("m1", b3!.id, audience)).toBeNull();
      expect(await clients.b.notifications.unreadCount("m1", audience)).toBe(2);
      expect(await clients.b.notifications.unreadCount("m2", audience)).toBe(2);
      expect(await clients.a.notifications.markAllRead("m1", T0 + 3)).toBe(1);
      expect(await clients.b.notifications.unreadCount("m1", audience)).toBe(0);
      await clients.a.notices.change("b4", { publishedAt: null }, T0 + 4);
      expect(await clients.b.notifications.unreadCount("m2", audience)).toBe(1);
      const m2 = await clients.b.notifications.listFor("m2", { limit: 10 }, audience);
      expect(m2.ok && m2.items.map((n) => n.dedupeKey)).toEqual(["notice:b3"]);
      // Published again: in every inbox again, unread.
      await clients.a.notices.change("b4", { publishedAt: T0 + 5 }, T0 + 5);
      expect(await clients.b.notifications.unreadCount("m1", audience)).toBe(1);
      // Withdrawal takes the member's reads away with their notifications.
      expect(await clients.a.notifications.removeAllFor("m1")).toBe(1);
      expect(await clients.b.notifications.unreadCount("m1", audience)).toBe(2);
    });

    it("pages one inbox of notifications and broadcasts in one order", async () => {
      for (let i = 0; i < 6; i++) await clients.a.notices.save(notice(`p${i}`, { publishedAt: T0 + i * 2 }), T0);
      for (let i = 0; i < 6; i++) {
        await clients.a.notifications.add({
          uid: "m1",
          kind: "visaReminder",
          dedupeKey: `v${i}`,
          data: {},
          createdAt: T0 + i * 2 + 1,
        });
      }
      const seen: number[] = [];
      let after: string | null = null;
      for (;;) {
        const page = await clients.b.notifications.listFor("m1", { after, limit: 5 }, everyone(T0 + DAY));
        if (!page.ok) throw new Error("cursor refused");
        seen.push(...page.items.map((n) => n.createdAt));
        if (!page.next) break;
        after = page.next;
      }
      expect(seen).toEqual(Array.from({ length: 12 }, (_, i) => T0 + 11 - i));
    });

    it("keeps one broadcast when two clients publish the same notice at once", async () => {
      await clients.a.notices.save(notice("race", { publishedAt: null }), T0);
      await raced(6, clients, (stores, i) => stores.notices.change("race", { publishedAt: T0 + i }, T0 + i));
      expect(await clients.a.notifications.unreadCount("m", everyone(T0 + DAY))).toBe(1);
    });
  });
});

describe.each(implementations)("audit store: $name", (implementation) => {
  const clients = twoClients(implementation);

  it("keeps entries and gives them back newest first, paged, as plain data", async () => {
    for (let i = 0; i < 7; i++) {
      await clients.a.audit.record({
        actor: { kind: "admin", uid: "admin-1", name: "Kim" },
        action: i % 2 ? "update" : "create",
        target: { kind: "notice", id: `n${i}` },
        summary: `제목 ${i}`,
        at: T0 + i,
      });
    }
    const first = await clients.b.audit.list({ limit: 3 });
    expect(first.ok && first.items[0]).toEqual({
      id: expect.any(String),
      actor: { kind: "admin", uid: "admin-1", name: "Kim" },
      action: "create",
      target: { kind: "notice", id: "n6" },
      summary: "제목 6",
      at: T0 + 6,
    });
    expect(isPlainData(first)).toBe(true);
    const ids: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page = await clients.b.audit.list({ after, limit: 3 });
      if (!page.ok) throw new Error("cursor refused");
      ids.push(...page.items.map((e) => e.target.id));
      if (!page.next) break;
      after = page.next;
    }
    expect(ids).toEqual(["n6", "n5", "n4", "n3", "n2", "n1", "n0"]);
    expect(await clients.b.audit.list({ after: "nope", limit: 3 })).toEqual({ ok: false, problem: "badCursor" });
  });
});
