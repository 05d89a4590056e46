/**
 * The community stores' contract (app/stores/community.ts): feeds and their paging, comments one level
 * deep, likes, reports and the review queue, photo file records, and a member's withdrawal, each write
 * moving its counters and its notifications in the same call, from either of two clients.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import {
  MAX_REPLY_PREVIEW,
  type Author,
  type CommentRecord,
  type CommentThread,
  type FeedCategory,
  type FeedRecord,
  type NewComment,
  type NewFeed,
  type NewFile,
  type NewReport,
  type PhotoRef,
  type ReportTarget,
  type ReviewItem,
  type ReviewOutcome,
} from "~/stores/community";
import { encodeCursor } from "~/stores/cursor.server";
import type { NewNotification, NotificationRecord } from "~/stores/notifications";
import type { PageResult } from "~/stores/page";
import type { Stores } from "~/stores/stores";
import { implementations, isPlainData, raced, twoClients } from "./implementations";

const T0 = Date.UTC(2026, 10, 22, 1, 0, 0);
const refused = { ok: false, problem: "badCursor" };

const author = (uid: string): Author => ({ uid, label: `${uid} (label)`, nationality: "VN" });

let seq = 0;
/** Ids that sort in the order they are made. */
const nextId = (prefix: string) => `${prefix}-${String(seq++).padStart(6, "0")}`;

const newFeed = (overrides: Partial<NewFeed> = {}): NewFeed => ({
  id: randomUUID(),
  author: author("author-1"),
  category: "daily",
  text: "Anyone know a good bakery in Ansan?",
  photos: [],
  createdAt: T0,
  ...overrides,
});

const asCreated = (feed: NewFeed, overrides: Partial<FeedRecord> = {}): FeedRecord => ({
  ...feed,
  updatedAt: feed.createdAt,
  likeCount: 0,
  commentCount: 0,
  reportCount: 0,
  status: "visible",
  ...overrides,
});

const newComment = (feedId: string, overrides: Partial<NewComment> = {}): NewComment => ({
  id: nextId("comment"),
  feedId,
  parentId: null,
  author: author("commenter-1"),
  text: "Try the one near the station.",
  createdAt: T0 + 1,
  ...overrides,
});

const newFile = (ownerUid: string, overrides: Partial<NewFile> = {}): NewFile => ({
  id: nextId("file"),
  ownerUid,
  bytes: 1000,
  createdAt: T0,
  ...overrides,
});

const photo = (id: string): PhotoRef => ({ id, width: 1200, height: 900 });

const note = (uid: string, dedupeKey: string, overrides: Partial<NewNotification> = {}): NewNotification => ({
  uid,
  kind: "comment",
  dedupeKey,
  data: { by: "someone" },
  createdAt: T0 + 2,
  ...overrides,
});

/** The notification a new comment makes, keyed as the app keys it. */
const commentNote = (comment: NewComment, to: string) =>
  note(to, `comment:${comment.id}`, { data: { id: comment.id } });

const report = (target: ReportTarget, reporterUid: string, overrides: Partial<NewReport> = {}): NewReport => ({
  target,
  reporterUid,
  reason: "spam",
  text: null,
  createdAt: T0 + 10,
  ...overrides,
});

const feedTarget = (id: string): ReportTarget => ({ kind: "feed", id });
const commentTarget = (id: string): ReportTarget => ({ kind: "comment", id });

const outcomeNote = (target: ReportTarget, outcome: ReviewOutcome) => (reporterUid: string) =>
  note(reporterUid, `report:${target.kind}:${target.id}:${outcome}`, { kind: "reportOutcome", data: { outcome } });

/** Every item of a list, page by page (`fetch` picks the client), calling `between` after each page but the last. */
async function collect<T>(
  fetch: (after: string | null, page: number) => Promise<PageResult<T>>,
  between?: (page: number) => Promise<void>,
): Promise<T[]> {
  const seen: T[] = [];
  let after: string | null = null;
  for (let i = 0; ; i++) {
    const page: PageResult<T> = await fetch(after, i);
    if (!page.ok) throw new Error("cursor refused");
    seen.push(...page.items);
    if (!page.next) return seen;
    // A cursor that does not move on would page forever.
    if (i >= 500) throw new Error("paging does not end");
    after = page.next;
    await between?.(i);
  }
}

/** The visible feeds of a category (or all), page by page from both clients in turn. */
const listedFeeds = (
  clients: Stores[],
  limit: number,
  category?: FeedCategory,
  between?: (page: number) => Promise<void>,
) =>
  collect(async (after, i) => {
    const page = await clients[i % clients.length]!.feeds.list({ after, limit, category });
    if (page.ok) expect(page.items.length).toBeLessThanOrEqual(limit);
    return page;
  }, between);

const compareIds = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
const newestFirst = (x: { createdAt: number; id: string }, y: { createdAt: number; id: string }) =>
  y.createdAt - x.createdAt || compareIds(y.id, x.id);
const oldestFirst = (x: { createdAt: number; id: string }, y: { createdAt: number; id: string }) =>
  x.createdAt - y.createdAt || compareIds(x.id, y.id);

const notificationsOf = async (stores: Stores, uid: string): Promise<NotificationRecord[]> => {
  const page = await stores.notifications.listFor(uid, { limit: 1000 });
  if (!page.ok) throw new Error("cursor refused");
  return page.items;
};
const sorted = (ids: string[]) => [...ids].sort();
const keysOf = async (stores: Stores, uid: string) =>
  (await notificationsOf(stores, uid)).map((n) => n.dedupeKey).sort();

const QUOTA = 1_000_000;

/** A withdrawal that keeps no like notification naming the member (they are deleted). */
const keepNothing = () => null;

describe.each(implementations)("community stores: $name", (implementation) => {
  const clients = twoClients(implementation);

  /** Records pending files for the author and returns them as photos. */
  const uploaded = async (uid: string, count: number, bytes = 1000): Promise<PhotoRef[]> => {
    const photos: PhotoRef[] = [];
    for (let i = 0; i < count; i++) {
      const file = newFile(uid, { bytes });
      expect(await clients.a.files.addPending(file, QUOTA)).toEqual({ ok: true });
      photos.push(photo(file.id));
    }
    return photos;
  };

  const created = async (overrides: Partial<NewFeed> = {}, stores: Stores = clients.a) => {
    const feed = newFeed(overrides);
    await stores.feeds.create(feed);
    return feed;
  };

  const commented = async (comment: NewComment, notify: NewNotification[] = [], stores: Stores = clients.a) => {
    expect(await stores.comments.add(comment, notify)).toEqual({ ok: true });
    return comment;
  };

  describe("feeds", () => {
    it("keeps a feed and gives it back as plain data; null for an unknown id", async () => {
      const photos = await uploaded("author-1", 2);
      const feed = await created({ category: "visa", photos, author: { ...author("author-1"), nationality: null } });
      const record = await clients.b.feeds.get(feed.id);
      expect(record).toEqual(asCreated(feed));
      expect(isPlainData(record)).toBe(true);
      const page = await clients.b.feeds.list({ limit: 10 });
      expect(page).toEqual({ ok: true, items: [asCreated(feed)], next: null });
      expect(isPlainData(page)).toBe(true);
      expect(await clients.b.feeds.get("no-such-feed")).toBeNull();
      expect(await clients.a.feeds.list({ limit: 10 })).toEqual({ ok: true, items: [asCreated(feed)], next: null });
      expect(await clients.a.feeds.listByAuthor("nobody", { limit: 10 })).toEqual({ ok: true, items: [], next: null });
    });

    it("lists newest first by (createdAt, id), each once, equal times included, whatever the page size", async () => {
      const feeds: NewFeed[] = [];
      for (let i = 0; i < 23; i++) {
        // Four feeds share each time; ids are random, so the id decides within a time.
        const category = i % 3 === 0 ? "visa" : "daily";
        feeds.push(await created({ createdAt: T0 + Math.floor(i / 4), category }, i % 2 ? clients.a : clients.b));
      }
      const expected = feeds.map((f) => asCreated(f)).sort(newestFirst);
      for (const limit of [1, 4, 5, 22, 23, 100]) {
        expect(await listedFeeds([clients.a, clients.b], limit)).toEqual(expected);
      }
      const byAuthor = await collect((after, i) =>
        (i % 2 ? clients.a : clients.b).feeds.listByAuthor("author-1", { after, limit: 3 }),
      );
      expect(byAuthor).toEqual(expected);
    });

    it("filters by category, each category paging on its own", async () => {
      const feeds: NewFeed[] = [];
      const categories: FeedCategory[] = ["daily", "visa", "jobs", "housing", "questions", "market"];
      for (let i = 0; i < 18; i++) {
        feeds.push(await created({ createdAt: T0 + i, category: categories[i % 6]! }));
      }
      for (const category of categories) {
        const expected = feeds
          .filter((f) => f.category === category)
          .map((f) => asCreated(f))
          .sort(newestFirst);
        expect(await listedFeeds([clients.a, clients.b], 1, category)).toEqual(expected);
        expect(await listedFeeds([clients.b], 10, category)).toEqual(expected);
      }
      expect(await listedFeeds([clients.a], 7)).toHaveLength(18);
    });

    it("does not list reported or hidden feeds, but lists them to their author", async () => {
      const shown = await created({ createdAt: T0 + 1 });
      const reported = await created({ createdAt: T0 + 2 });
      const hidden = await created({ createdAt: T0 + 3, category: "jobs" });
      const otherAuthors = await created({ createdAt: T0 + 4, author: author("author-2") });
      expect(await clients.a.reports.add(report(feedTarget(reported.id), "reporter-1"), 1)).toMatchObject({
        ok: true,
        status: "reported",
      });
      await clients.a.reports.add(report(feedTarget(hidden.id), "reporter-1"), 5);
      expect(
        await clients.b.reports.resolve(feedTarget(hidden.id), "hidden", outcomeNote(feedTarget(hidden.id), "hidden")),
      ).toEqual({ ok: true, releasedFiles: [] });

      expect((await listedFeeds([clients.a], 10)).map((f) => f.id)).toEqual([otherAuthors.id, shown.id]);
      expect(await listedFeeds([clients.b], 10, "jobs")).toEqual([]);
      const mine = await collect((after) => clients.b.feeds.listByAuthor("author-1", { after, limit: 2 }));
      expect(mine.map((f) => [f.id, f.status])).toEqual([
        [hidden.id, "hidden"],
        [reported.id, "reported"],
        [shown.id, "visible"],
      ]);
    });

    it("refuses a cursor from another category, another list, or edited, as data", async () => {
      for (let i = 0; i < 4; i++) {
        await created({ createdAt: T0 + i, category: "visa" });
        await created({ createdAt: T0 + i, category: "jobs", author: author("author-2") });
      }
      const visa = await clients.a.feeds.list({ limit: 1, category: "visa" });
      const all = await clients.a.feeds.list({ limit: 1 });
      const mine = await clients.a.feeds.listByAuthor("author-1", { limit: 1 });
      const [visaCursor, allCursor, mineCursor] = [visa, all, mine].map((p) => (p.ok ? p.next : null));
      expect(visaCursor && allCursor && mineCursor).toBeTruthy();

      expect(await clients.b.feeds.list({ after: visaCursor, limit: 1, category: "jobs" })).toEqual(refused);
      expect(await clients.b.feeds.list({ after: visaCursor, limit: 1 })).toEqual(refused);
      expect(await clients.b.feeds.list({ after: allCursor, limit: 1, category: "visa" })).toEqual(refused);
      expect(await clients.b.feeds.list({ after: mineCursor, limit: 1 })).toEqual(refused);
      expect(await clients.b.feeds.listByAuthor("author-2", { after: mineCursor, limit: 1 })).toEqual(refused);
      expect(await clients.b.feeds.listByAuthor("author-1", { after: allCursor, limit: 1 })).toEqual(refused);
      for (const bad of [
        "",
        "x",
        visaCursor!.slice(0, -1),
        `${visaCursor}x`,
        visaCursor!.replace(/\.[^.]+\./, ".e30."),
        encodeCursor("members", { createdAt: T0, id: "x" }),
      ]) {
        expect(await clients.b.feeds.list({ after: bad, limit: 1, category: "visa" })).toEqual(refused);
      }
      expect((await clients.b.feeds.list({ after: visaCursor, limit: 1, category: "visa" })).ok).toBe(true);
      expect((await clients.b.feeds.list({ after: allCursor, limit: 1 })).ok).toBe(true);
      expect((await clients.b.feeds.listByAuthor("author-1", { after: mineCursor, limit: 1 })).ok).toBe(true);
    });

    it("pages through 50 feeds from both clients without duplicates or gaps while newer ones are posted", async () => {
      for (let i = 0; i < 50; i++) {
        // Pairs share a time, so the cursor's id matters.
        await created(
          { createdAt: T0 + Math.floor(i / 2), author: author(`author-${i % 3}`) },
          i % 2 ? clients.a : clients.b,
        );
      }
      const before = await listedFeeds([clients.a], 100);
      expect(before).toHaveLength(50);
      let added = 0;
      const seen = await listedFeeds([clients.a, clients.b], 7, undefined, async (page) => {
        await Promise.all([
          created({ createdAt: T0 + 1000 + page }, clients.a),
          created({ createdAt: T0 + 1000 + page }, clients.b),
          created({ createdAt: T0 + 2000 + page, category: "visa" }, clients.b),
        ]);
        added += 3;
      });
      const ids = seen.map((f) => f.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(seen).toEqual([...seen].sort(newestFirst));
      expect(ids).toEqual(before.map((f) => f.id));
      expect(added).toBeGreaterThan(0);
      expect(await listedFeeds([clients.b], 1000)).toHaveLength(50 + added);
    });

    it("lets the author change text, category and photos, releasing the photos dropped", async () => {
      const [p1, p2, p3] = (await uploaded("author-1", 3, 100)) as [PhotoRef, PhotoRef, PhotoRef];
      const feed = await created({ photos: [p1, p2] });
      expect(await clients.a.files.pendingOf("author-1", [p1.id, p2.id, p3.id])).toEqual([p3.id]);

      const changes = { category: "housing" as const, text: "Edited", photos: [p2, p3] };
      expect(await clients.b.feeds.update(feed.id, "author-1", changes, T0 + 50)).toEqual({
        ok: true,
        releasedFiles: [p1.id],
      });
      expect(await clients.a.feeds.get(feed.id)).toEqual(asCreated(feed, { ...changes, updatedAt: T0 + 50 }));
      // The new photo is the feed's now, the dropped one forgotten.
      expect(await clients.a.files.pendingOf("author-1", [p1.id, p2.id, p3.id])).toEqual([]);
      expect(await clients.a.files.usage("author-1")).toBe(200);
      expect(await clients.a.files.removePending("author-1", p3.id)).toBe(false);
      expect((await listedFeeds([clients.a], 10, "housing")).map((f) => f.id)).toEqual([feed.id]);
      expect(await listedFeeds([clients.a], 10, "daily")).toEqual([]);

      const emptied = await clients.a.feeds.update(feed.id, "author-1", { ...changes, photos: [] }, T0 + 60);
      expect(emptied.ok && sorted(emptied.releasedFiles)).toEqual(sorted([p2.id, p3.id]));
      expect(await clients.a.files.usage("author-1")).toBe(0);
    });

    it("refuses a change by someone else or of an unknown feed, changing nothing", async () => {
      const photos = await uploaded("author-1", 1);
      const feed = await created({ photos });
      const changes = { category: "market" as const, text: "Mine now", photos: [] };
      expect(await clients.b.feeds.update(feed.id, "author-2", changes, T0 + 5)).toEqual({
        ok: false,
        problem: "notAuthor",
      });
      expect(await clients.b.feeds.update("no-such-feed", "author-1", changes, T0 + 5)).toEqual({
        ok: false,
        problem: "notFound",
      });
      expect(await clients.a.feeds.get(feed.id)).toEqual(asCreated(feed));
      expect(await clients.a.files.usage("author-1")).toBe(1000);
    });

    it("removes a feed with its comments, likes, reports, file records and notifications, for its author", async () => {
      const photos = await uploaded("author-1", 2, 300);
      const [spare] = (await uploaded("author-1", 1, 50)) as [PhotoRef];
      const feed = await created({ photos });
      const other = await created({ author: author("author-2"), createdAt: T0 + 1 });

      const top = newComment(feed.id);
      await commented(top, [commentNote(top, "author-1")]);
      const reply = newComment(feed.id, { parentId: top.id, author: author("author-2"), createdAt: T0 + 3 });
      await commented(reply, [commentNote(reply, "commenter-1")]);
      const elsewhere = newComment(other.id, { createdAt: T0 + 4 });
      await commented(elsewhere, [commentNote(elsewhere, "author-2")]);

      const likeNote = (f: NewFeed) => (likeCount: number) =>
        note(f.author.uid, `like:${f.id}`, {
          kind: "like",
          data: { likeCount },
          subject: `feed:${f.id}`,
          refresh: true,
        });
      await clients.a.likes.toggle(feed.id, "liker-1", T0 + 5, likeNote(feed));
      await clients.a.likes.toggle(other.id, "liker-1", T0 + 5, likeNote(other));
      await clients.a.notifications.add(note("author-1", "notice:1", { kind: "notice", subject: "notice:1" }));

      await clients.a.reports.add(report(feedTarget(feed.id), "reporter-1"), 5);
      await clients.a.reports.add(report(commentTarget(reply.id), "reporter-1"), 5);
      await clients.a.reports.add(report(feedTarget(other.id), "reporter-1"), 5);

      expect(await clients.b.feeds.remove(feed.id, "author-2")).toEqual({ ok: false, problem: "notAuthor" });
      expect(await clients.a.feeds.get(feed.id)).toMatchObject({ commentCount: 2, likeCount: 1 });

      const removed = await clients.b.feeds.remove(feed.id, "author-1");
      expect(removed.ok && [...removed.releasedFiles].sort()).toEqual(photos.map((p) => p.id).sort());
      expect(await clients.a.feeds.get(feed.id)).toBeNull();
      expect(await clients.a.comments.get(top.id)).toBeNull();
      expect(await clients.a.comments.get(reply.id)).toBeNull();
      expect(await clients.a.comments.listForFeed(feed.id, { limit: 10, replies: 3 })).toEqual({
        ok: true,
        items: [],
        next: null,
      });
      expect(await clients.a.comments.listReplies(top.id, { limit: 10 })).toEqual({ ok: true, items: [], next: null });
      expect(await clients.a.comments.listByAuthor("commenter-1", { limit: 10 })).toMatchObject({
        items: [{ id: elsewhere.id }],
      });
      expect(await clients.a.likes.likedBy("liker-1", [feed.id, other.id])).toEqual([other.id]);
      expect(await keysOf(clients.a, "author-1")).toEqual(["notice:1"]);
      expect(await keysOf(clients.a, "commenter-1")).toEqual([]);
      expect(await keysOf(clients.a, "author-2")).toEqual([`comment:${elsewhere.id}`, `like:${other.id}`]);
      const queue = await clients.a.reports.queue({ limit: 10 });
      expect(queue.ok && queue.items.map((i) => i.target)).toEqual([feedTarget(other.id)]);
      // Its files are forgotten; the member's pending upload is not.
      expect(await clients.a.files.usage("author-1")).toBe(50);
      expect(await clients.a.files.pendingOf("author-1", [spare.id])).toEqual([spare.id]);
      expect(await clients.a.feeds.get(other.id)).toMatchObject({ likeCount: 1, commentCount: 1, reportCount: 1 });

      expect(await clients.a.feeds.remove(feed.id, "author-1")).toEqual({ ok: false, problem: "notFound" });
    });

    it("lets a moderator (no uid) remove anyone's feed", async () => {
      const photos = await uploaded("author-1", 1);
      const feed = await created({ photos });
      expect(await clients.b.feeds.remove(feed.id, null)).toEqual({ ok: true, releasedFiles: [photos[0]!.id] });
      expect(await clients.a.feeds.get(feed.id)).toBeNull();
      expect(await clients.a.feeds.remove("no-such-feed", null)).toEqual({ ok: false, problem: "notFound" });
    });
  });

  describe("comments", () => {
    it("adds a comment, counts it on the feed and stores its notifications in the same call", async () => {
      const feed = await created();
      const comment = newComment(feed.id);
      const notify = [commentNote(comment, "author-1"), note("watcher-1", `watch:${comment.id}`)];
      expect(await clients.b.comments.add(comment, notify)).toEqual({ ok: true });
      const record = await clients.a.comments.get(comment.id);
      expect(record).toEqual({ ...comment, reportCount: 0, status: "visible", replyCount: 0 });
      expect(isPlainData(record)).toBe(true);
      expect(await clients.a.feeds.get(feed.id)).toMatchObject({ commentCount: 1 });
      expect(await notificationsOf(clients.a, "author-1")).toMatchObject([{ dedupeKey: `comment:${comment.id}` }]);
      expect(await keysOf(clients.a, "watcher-1")).toEqual([`watch:${comment.id}`]);
      expect(await clients.a.comments.get("no-such-comment")).toBeNull();

      const reply = newComment(feed.id, { parentId: comment.id, author: author("author-1"), createdAt: T0 + 5 });
      await commented(reply, [commentNote(reply, "commenter-1")], clients.b);
      expect(await clients.a.feeds.get(feed.id)).toMatchObject({ commentCount: 2 });
      expect(await clients.a.comments.get(comment.id)).toMatchObject({ replyCount: 1 });
      expect(await clients.a.comments.get(reply.id)).toMatchObject({ replyCount: 0 });
      expect(await keysOf(clients.a, "commenter-1")).toEqual([`comment:${reply.id}`]);
    });

    it("refuses a reply to a reply, to another feed's comment or to an unknown one, storing nothing", async () => {
      const feed = await created();
      const other = await created({ author: author("author-2") });
      const top = await commented(newComment(feed.id));
      const reply = await commented(newComment(feed.id, { parentId: top.id }));
      const elsewhere = await commented(newComment(other.id));
      for (const parentId of [reply.id, elsewhere.id, "no-such-comment"]) {
        const comment = newComment(feed.id, { parentId });
        expect(await clients.b.comments.add(comment, [commentNote(comment, "author-1")])).toEqual({
          ok: false,
          problem: "noParent",
        });
        expect(await clients.a.comments.get(comment.id)).toBeNull();
      }
      expect(await clients.a.feeds.get(feed.id)).toMatchObject({ commentCount: 2 });
      expect(await clients.a.comments.get(top.id)).toMatchObject({ replyCount: 1 });
      expect(await clients.a.comments.get(reply.id)).toMatchObject({ replyCount: 0 });
      expect(await keysOf(clients.a, "author-1")).toEqual([]);
    });

    it("refuses a comment on a missing, reported or hidden feed, storing nothing, its notification included", async () => {
      const reported = await created();
      const hidden = await created({ createdAt: T0 + 1 });
      await clients.a.reports.add(report(feedTarget(reported.id), "reporter-1"), 1);
      await clients.a.reports.add(report(feedTarget(hidden.id), "reporter-1"), 5);
      await clients.a.reports.resolve(feedTarget(hidden.id), "hidden", outcomeNote(feedTarget(hidden.id), "hidden"));
      for (const feedId of ["no-such-feed", reported.id, hidden.id]) {
        const comment = newComment(feedId);
        expect(await clients.b.comments.add(comment, [commentNote(comment, "author-1")])).toEqual({
          ok: false,
          problem: "noFeed",
        });
        expect(await clients.a.comments.get(comment.id)).toBeNull();
      }
      expect(await clients.a.feeds.get(reported.id)).toMatchObject({ commentCount: 0 });
      expect(await clients.a.feeds.get(hidden.id)).toMatchObject({ commentCount: 0 });
      expect(await keysOf(clients.a, "author-1")).toEqual([]);
      expect(await clients.a.comments.listByAuthor("commenter-1", { limit: 10 })).toEqual({
        ok: true,
        items: [],
        next: null,
      });
    });

    it("pages a feed's top-level comments oldest first, each with its first replies and a cursor to the rest", async () => {
      const feed = await created();
      const other = await created({ author: author("author-2") });
      const top: NewComment[] = [];
      for (const [i, at] of [1, 2, 2, 2, 3, 4, 9].entries()) {
        top.push(await commented(newComment(feed.id, { createdAt: T0 + at, author: author(`commenter-${i}`) })));
      }
      await commented(newComment(other.id, { createdAt: T0 }));
      const replies: NewComment[] = [];
      // Replies come later than their parents, some at equal times, interleaved over the parents.
      for (const [parent, at] of [
        [0, 10],
        [2, 10],
        [0, 11],
        [0, 10],
        [5, 12],
        [2, 13],
        [0, 14],
        [0, 14],
      ] as const) {
        replies.push(await commented(newComment(feed.id, { parentId: top[parent]!.id, createdAt: T0 + at })));
      }
      // A reported comment is still listed (the page decides what to show).
      await clients.a.reports.add(report(commentTarget(replies[1]!.id), "reporter-1"), 1);

      const repliesOf = (t: NewComment) => replies.filter((r) => r.parentId === t.id).sort(oldestFirst);
      const asRecord = (c: NewComment): CommentRecord => ({
        ...c,
        reportCount: c.id === replies[1]!.id ? 1 : 0,
        status: c.id === replies[1]!.id ? "reported" : "visible",
        replyCount: c.parentId === null ? repliesOf(c).length : 0,
      });
      expect(await clients.a.feeds.get(feed.id)).toMatchObject({ commentCount: 15 });

      for (const shown of [1, 2, 3]) {
        for (const limit of [1, 2, 3, 7, 100]) {
          const seen = await collect(async (after, i) => {
            const page = await (i % 2 ? clients.a : clients.b).comments.listForFeed(feed.id, {
              after,
              limit,
              replies: shown,
            });
            if (page.ok) expect(page.items.length).toBeLessThanOrEqual(limit);
            return page;
          });
          expect(seen.map((t) => ({ ...t, moreReplies: t.moreReplies !== null }))).toEqual(
            [...top].sort(oldestFirst).map((t) => ({
              comment: asRecord(t),
              replies: repliesOf(t).slice(0, shown).map(asRecord),
              moreReplies: repliesOf(t).length > shown,
            })),
          );
          expect(isPlainData(seen)).toBe(true);
          // Each comment's cursor gives the rest of its replies, from either client.
          for (const [i, thread] of seen.entries()) {
            if (!thread.moreReplies) continue;
            const rest = await collect((after, j) =>
              (i % 2 ? clients.a : clients.b).comments.listReplies(thread.comment.id, {
                after: after ?? thread.moreReplies,
                limit: j + 1,
              }),
            );
            const all = repliesOf(seen[i]!.comment);
            expect(rest).toEqual(all.slice(shown).map(asRecord));
          }
        }
      }

      const first = await clients.a.comments.listForFeed(feed.id, { limit: 1, replies: 3 });
      const cursor = first.ok ? first.next : null;
      const repliesCursor = first.ok ? first.items[0]!.moreReplies : null;
      expect(cursor).toBeTruthy();
      expect(repliesCursor).toBeTruthy();
      expect(await clients.b.comments.listForFeed(other.id, { after: cursor, limit: 1, replies: 3 })).toEqual(refused);
      expect(await clients.b.comments.listForFeed(feed.id, { after: `${cursor}x`, limit: 1, replies: 3 })).toEqual(
        refused,
      );
      // A comments cursor is not a replies cursor, nor one comment's replies cursor another's.
      expect(await clients.b.comments.listForFeed(feed.id, { after: repliesCursor, limit: 1, replies: 3 })).toEqual(
        refused,
      );
      expect(await clients.b.comments.listReplies(top[0]!.id, { after: cursor, limit: 1 })).toEqual(refused);
      expect(await clients.b.comments.listReplies(top[2]!.id, { after: repliesCursor, limit: 1 })).toEqual(refused);
      expect(await clients.b.comments.listReplies(top[0]!.id, { after: `${repliesCursor}x`, limit: 1 })).toEqual(
        refused,
      );
      expect(await clients.b.comments.listForFeed("no-such-feed", { limit: 5, replies: 3 })).toEqual({
        ok: true,
        items: [],
        next: null,
      });
      // No replies under an unknown comment or under a reply.
      for (const parentId of ["no-such-comment", replies[0]!.id, top[1]!.id]) {
        expect(await clients.b.comments.listReplies(parentId, { limit: 5 })).toEqual({
          ok: true,
          items: [],
          next: null,
        });
      }
    });

    it("gives a page a bounded number of replies per comment however many it has, paging the rest", async () => {
      const feed = await created();
      const busy = await commented(newComment(feed.id));
      const quiet = await commented(newComment(feed.id, { createdAt: T0 + 2 }));
      await commented(newComment(feed.id, { parentId: quiet.id, createdAt: T0 + 3 }));
      const many: NewComment[] = [];
      // 300 replies, ten at each time: the cursor orders equal times by id.
      for (let i = 0; i < 300; i++) {
        const reply = newComment(feed.id, {
          parentId: busy.id,
          author: author(`replier-${i % 7}`),
          createdAt: T0 + 10 + Math.floor(i / 10),
        });
        many.push(await commented(reply, [], i % 2 ? clients.a : clients.b));
      }
      expect(await clients.a.comments.get(busy.id)).toMatchObject({ replyCount: 300 });
      expect(await clients.a.feeds.get(feed.id)).toMatchObject({ commentCount: 303 });

      for (const [asked, given] of [
        [3, 3],
        [5, 5],
        [0, 1],
        [-2, 1],
        [10_000, MAX_REPLY_PREVIEW],
      ] as const) {
        const page = await clients.b.comments.listForFeed(feed.id, { limit: 50, replies: asked });
        expect(page.ok).toBe(true);
        const [first, second] = (page.ok ? page.items : []) as [CommentThread, CommentThread];
        expect(first.comment.id).toBe(busy.id);
        expect(first.replies.map((r) => r.id)).toEqual(many.slice(0, given).map((r) => r.id));
        expect(first.moreReplies).toBeTruthy();
        expect(second.replies).toHaveLength(1);
        expect(second.moreReplies).toBeNull();
      }

      const page = await clients.a.comments.listForFeed(feed.id, { limit: 50, replies: 3 });
      const more = page.ok ? page.items[0]!.moreReplies : null;
      for (const limit of [1, 7, 50, 1000]) {
        const pages: number[] = [];
        const rest = await collect(async (after, i) => {
          const next = await (i % 2 ? clients.a : clients.b).comments.listReplies(busy.id, {
            after: after ?? more,
            limit,
          });
          if (next.ok) pages.push(next.items.length);
          return next;
        });
        expect(rest.map((r) => r.id)).toEqual(many.slice(3).map((r) => r.id));
        expect(Math.max(...pages)).toBeLessThanOrEqual(limit);
        expect(pages).toHaveLength(Math.max(1, Math.ceil(297 / limit)));
      }
      // From the start, without a cursor: every reply once.
      const all = await collect((after) => clients.b.comments.listReplies(busy.id, { after, limit: 64 }));
      expect(all.map((r) => r.id)).toEqual(many.map((r) => r.id));
    });

    it("pages one comment's replies without duplicates or gaps while replies are added and deleted", async () => {
      const feed = await created();
      const top = await commented(newComment(feed.id));
      const made: NewComment[] = [];
      for (let i = 0; i < 20; i++) {
        made.push(await commented(newComment(feed.id, { parentId: top.id, createdAt: T0 + 10 + i })));
      }
      let added = 0;
      const seen = await collect(
        (after, i) => (i % 2 ? clients.a : clients.b).comments.listReplies(top.id, { after, limit: 3 }),
        async (page) => {
          // Between pages: a newer reply comes, and one not yet reached goes.
          made.push(
            await commented(newComment(feed.id, { parentId: top.id, createdAt: T0 + 100 + added++ }), [], clients.b),
          );
          if (page === 1) expect(await clients.a.comments.remove(made[15]!.id, "commenter-1")).toEqual({ ok: true });
        },
      );
      const expected = made.filter((c) => c.id !== made[15]!.id);
      expect(seen.map((c) => c.id)).toEqual(expected.map((c) => c.id));
      expect(await clients.a.comments.get(top.id)).toMatchObject({ replyCount: expected.length });
    });

    it("keeps each comment's reply count on its row through replies, deletions, moderation and races", async () => {
      const feed = await created();
      const a = await commented(newComment(feed.id));
      const b = await commented(newComment(feed.id, { author: author("commenter-2"), createdAt: T0 + 2 }));
      // 30 replies to a at once from both clients, 5 to b.
      await raced(30, clients, (stores, i) =>
        commented(newComment(feed.id, { parentId: a.id, createdAt: T0 + 10 + (i % 3) }), [], stores),
      );
      const toB: NewComment[] = [];
      for (let i = 0; i < 5; i++) {
        toB.push(
          await commented(
            newComment(feed.id, { parentId: b.id, author: author(`replier-${i}`), createdAt: T0 + 50 + i }),
          ),
        );
      }
      const count = async (c: NewComment) => (await clients.a.comments.get(c.id))?.replyCount;
      expect([await count(a), await count(b)]).toEqual([30, 5]);
      expect(await clients.a.feeds.get(feed.id)).toMatchObject({ commentCount: 37 });

      // By its author, by a moderator, by a moderator's decision on reports: one less each.
      expect(await clients.b.comments.remove(toB[0]!.id, "replier-0")).toEqual({ ok: true });
      expect(await clients.b.comments.remove(toB[1]!.id, null)).toEqual({ ok: true });
      const target = commentTarget(toB[2]!.id);
      await clients.a.reports.add(report(target, "reporter-1"), 1);
      expect(await clients.b.reports.resolve(target, "deleted", outcomeNote(target, "deleted"))).toMatchObject({
        ok: true,
      });
      // Hiding one keeps it counted (the page shows it as hidden).
      const hidden = commentTarget(toB[3]!.id);
      await clients.a.reports.add(report(hidden, "reporter-1"), 1);
      await clients.b.reports.resolve(hidden, "hidden", outcomeNote(hidden, "hidden"));
      expect(await count(b)).toBe(2);
      // The replier withdraws: their reply is counted off.
      await clients.b.feeds.removeMember("replier-4", keepNothing);
      expect(await count(b)).toBe(1);
      expect(await count(a)).toBe(30);
      expect(await clients.a.feeds.get(feed.id)).toMatchObject({ commentCount: 33 });
      const page = await clients.a.comments.listForFeed(feed.id, { limit: 10, replies: 3 });
      expect(
        page.ok && page.items.map((t) => [t.comment.replyCount, t.replies.length, t.moreReplies !== null]),
      ).toEqual([
        [30, 3, true],
        [1, 1, false],
      ]);

      // The last reply gone: no replies, no cursor.
      expect(await clients.a.comments.remove(toB[3]!.id, null)).toEqual({ ok: true });
      const after = await clients.b.comments.listForFeed(feed.id, { limit: 10, replies: 3 });
      expect(after.ok && after.items[1]).toEqual({
        comment: { ...b, reportCount: 0, status: "visible", replyCount: 0 },
        replies: [],
        moreReplies: null,
      });

      // The feed deleted: its comments and every reply go; nothing is left to page.
      expect(await clients.a.feeds.remove(feed.id, "author-1")).toMatchObject({ ok: true });
      expect(await clients.b.comments.get(a.id)).toBeNull();
      expect(await clients.b.comments.listReplies(a.id, { limit: 100 })).toEqual({ ok: true, items: [], next: null });
    });

    it("removes a comment with its replies and their notifications, counting them off the feed", async () => {
      const feed = await created();
      const top = newComment(feed.id);
      await commented(top, [commentNote(top, "author-1")]);
      const keep = newComment(feed.id, { author: author("commenter-2"), createdAt: T0 + 2 });
      await commented(keep, [commentNote(keep, "author-1")]);
      const replies: NewComment[] = [];
      for (let i = 0; i < 3; i++) {
        const reply = newComment(feed.id, { parentId: top.id, author: author("commenter-2"), createdAt: T0 + 3 + i });
        replies.push(await commented(reply, [commentNote(reply, "commenter-1")]));
      }
      const keptReply = newComment(feed.id, { parentId: keep.id, createdAt: T0 + 9 });
      await commented(keptReply, [commentNote(keptReply, "commenter-2")]);
      await clients.a.reports.add(report(commentTarget(replies[0]!.id), "reporter-1"), 5);
      expect(await clients.a.feeds.get(feed.id)).toMatchObject({ commentCount: 6 });

      expect(await clients.b.comments.remove(top.id, "commenter-2")).toEqual({ ok: false, problem: "notAuthor" });
      expect(await clients.b.comments.remove(top.id, "commenter-1")).toEqual({ ok: true });
      expect(await clients.a.feeds.get(feed.id)).toMatchObject({ commentCount: 2 });
      for (const c of [top, ...replies]) expect(await clients.a.comments.get(c.id)).toBeNull();
      expect(await keysOf(clients.a, "author-1")).toEqual([`comment:${keep.id}`]);
      expect(await keysOf(clients.a, "commenter-1")).toEqual([]);
      expect(await keysOf(clients.a, "commenter-2")).toEqual([`comment:${keptReply.id}`]);
      expect(await clients.a.reports.queue({ limit: 10 })).toEqual({ ok: true, items: [], next: null });
      expect(await clients.a.comments.remove(top.id, "commenter-1")).toEqual({ ok: false, problem: "notFound" });

      // A reply alone counts one; a moderator (no uid) may remove anyone's.
      expect(await clients.a.comments.remove(keptReply.id, null)).toEqual({ ok: true });
      expect(await clients.a.feeds.get(feed.id)).toMatchObject({ commentCount: 1 });
      expect(await clients.a.comments.get(keep.id)).toMatchObject({ replyCount: 0 });
      expect(
        (await collect((after) => clients.a.comments.listForFeed(feed.id, { after, limit: 5, replies: 3 }))).map(
          (t) => [t.comment.id, t.replies.length],
        ),
      ).toEqual([[keep.id, 0]]);
    });

    it("lists one member's comments newest first, on every feed, paging with their own cursor", async () => {
      const feeds = [await created(), await created({ author: author("author-2"), createdAt: T0 + 1 })];
      const mine: NewComment[] = [];
      for (let i = 0; i < 9; i++) {
        const comment = newComment(feeds[i % 2]!.id, { createdAt: T0 + 10 + Math.floor(i / 3) });
        mine.push(await commented(comment, [], i % 2 ? clients.a : clients.b));
      }
      const reply = await commented(newComment(feeds[0]!.id, { parentId: mine[0]!.id, createdAt: T0 + 50 }));
      mine.push(reply);
      await commented(newComment(feeds[0]!.id, { author: author("commenter-2"), createdAt: T0 + 60 }));
      const expected = mine
        .map((c) => ({ ...c, reportCount: 0, status: "visible", replyCount: c.id === mine[0]!.id ? 1 : 0 }))
        .sort(newestFirst);
      for (const limit of [1, 2, 10]) {
        const seen = await collect((after, i) =>
          (i % 2 ? clients.a : clients.b).comments.listByAuthor("commenter-1", { after, limit }),
        );
        expect(seen).toEqual(expected);
      }
      const first = await clients.a.comments.listByAuthor("commenter-1", { limit: 1 });
      const cursor = first.ok ? first.next : null;
      expect(await clients.a.comments.listByAuthor("commenter-2", { after: cursor, limit: 1 })).toEqual(refused);
      expect(await clients.a.comments.listForFeed(feeds[0]!.id, { after: cursor, limit: 1, replies: 3 })).toEqual(
        refused,
      );
      expect(await clients.a.comments.listReplies(mine[0]!.id, { after: cursor, limit: 1 })).toEqual(refused);
    });
  });

  describe("likes", () => {
    const likeNote = (feed: NewFeed, at: number) => (likeCount: number) =>
      note(feed.author.uid, `like:${feed.id}`, {
        kind: "like",
        data: { likeCount },
        createdAt: at,
        subject: `feed:${feed.id}`,
        refresh: true,
      });

    it("likes, then takes the like back, counting on the feed; the notification only for a like", async () => {
      const feed = await created();
      const notify = vi.fn(likeNote(feed, T0 + 5));
      expect(await clients.a.likes.toggle(feed.id, "liker-1", T0 + 5, notify)).toEqual({
        ok: true,
        liked: true,
        likeCount: 1,
      });
      expect(notify).toHaveBeenCalledWith(1);
      expect(await clients.b.feeds.get(feed.id)).toMatchObject({ likeCount: 1 });
      expect(await clients.b.likes.likedBy("liker-1", [feed.id])).toEqual([feed.id]);
      const [stored] = await notificationsOf(clients.a, "author-1");
      expect(stored).toMatchObject({
        kind: "like",
        dedupeKey: `like:${feed.id}`,
        data: { likeCount: 1 },
        subject: `feed:${feed.id}`,
        readAt: null,
      });
      await clients.a.notifications.markAllRead("author-1", T0 + 6);

      const onUnlike = vi.fn(likeNote(feed, T0 + 7));
      expect(await clients.b.likes.toggle(feed.id, "liker-1", T0 + 7, onUnlike)).toEqual({
        ok: true,
        liked: false,
        likeCount: 0,
      });
      expect(await clients.a.feeds.get(feed.id)).toMatchObject({ likeCount: 0 });
      expect(await clients.a.likes.likedBy("liker-1", [feed.id])).toEqual([]);
      // Taking a like back tells nobody: the notification stays as it was, read.
      expect(await notificationsOf(clients.a, "author-1")).toEqual([{ ...stored, readAt: T0 + 6 }]);

      expect(await clients.a.likes.toggle("no-such-feed", "liker-1", T0, likeNote(feed, T0))).toEqual({
        ok: false,
        problem: "noFeed",
      });
    });

    it("stores nothing when notify gives null", async () => {
      const feed = await created();
      expect(await clients.a.likes.toggle(feed.id, "author-1", T0 + 5, () => null)).toEqual({
        ok: true,
        liked: true,
        likeCount: 1,
      });
      expect(await notificationsOf(clients.a, "author-1")).toEqual([]);
    });

    it("keeps the likes of one feed as one notification, refreshed and unread again with each like", async () => {
      const feed = await created();
      await clients.a.likes.toggle(feed.id, "liker-1", T0 + 5, likeNote(feed, T0 + 5));
      expect(await clients.a.notifications.markAllRead("author-1", T0 + 6)).toBe(1);
      const notify = vi.fn(likeNote(feed, T0 + 9));
      expect(await clients.b.likes.toggle(feed.id, "liker-2", T0 + 9, notify)).toMatchObject({ likeCount: 2 });
      expect(notify).toHaveBeenCalledWith(2);
      const all = await notificationsOf(clients.a, "author-1");
      expect(all).toHaveLength(1);
      expect(all[0]).toMatchObject({ data: { likeCount: 2 }, createdAt: T0 + 9, readAt: null });
      expect(await clients.a.notifications.unreadCount("author-1")).toBe(1);
    });

    it("tells which of the given feeds a member likes", async () => {
      const feeds: NewFeed[] = [];
      for (let i = 0; i < 5; i++) feeds.push(await created({ createdAt: T0 + i }));
      for (const i of [1, 3]) await clients.a.likes.toggle(feeds[i]!.id, "liker-1", T0, () => null);
      await clients.a.likes.toggle(feeds[0]!.id, "liker-2", T0, () => null);
      const liked = await clients.b.likes.likedBy("liker-1", [...feeds.map((f) => f.id), "no-such-feed"]);
      expect([...liked].sort()).toEqual([feeds[1]!.id, feeds[3]!.id].sort());
      expect(await clients.b.likes.likedBy("liker-1", [feeds[0]!.id, feeds[2]!.id])).toEqual([]);
      expect(await clients.b.likes.likedBy("liker-1", [])).toEqual([]);
    });

    it("counts 40 members liking one feed at once from both clients", async () => {
      const feed = await created();
      const results = await raced(40, clients, (stores, i) =>
        stores.likes.toggle(feed.id, `liker-${i}`, T0 + i, likeNote(feed, T0 + i)),
      );
      expect(results.every((r) => r.ok && r.liked)).toBe(true);
      expect(results.map((r) => (r.ok ? r.likeCount : -1)).sort((x, y) => x - y)).toEqual(
        Array.from({ length: 40 }, (_, i) => i + 1),
      );
      expect(await clients.a.feeds.get(feed.id)).toMatchObject({ likeCount: 40 });
      for (let i = 0; i < 40; i++) {
        expect(await clients.b.likes.likedBy(`liker-${i}`, [feed.id])).toEqual([feed.id]);
      }
      const all = await notificationsOf(clients.a, "author-1");
      expect(all).toHaveLength(1);
      expect(all[0]!.data).toEqual({ likeCount: 40 });
    });

    it("keeps one like per member when the same member toggles at once from both clients", async () => {
      const feed = await created();
      for (let i = 0; i < 3; i++) await clients.a.likes.toggle(feed.id, `other-${i}`, T0, () => null);
      for (const count of [2, 10, 20]) {
        const results = await raced(count, clients, (stores, i) =>
          stores.likes.toggle(feed.id, "liker-1", T0 + i, likeNote(feed, T0 + i)),
        );
        const liked = await clients.a.likes.likedBy("liker-1", [feed.id]);
        expect(liked.length).toBeLessThanOrEqual(1);
        const record = await clients.b.feeds.get(feed.id);
        expect(record!.likeCount).toBe(3 + liked.length);
        for (const r of results) {
          expect(r.ok).toBe(true);
          if (r.ok) expect(r.likeCount).toBeGreaterThanOrEqual(3);
        }
        const likes = results.filter((r) => r.ok && r.liked).length;
        expect(likes - (results.length - likes)).toBe(liked.length);
        // Leave the member's like off for the next round.
        if (liked.length) await clients.a.likes.toggle(feed.id, "liker-1", T0, () => null);
      }
      expect(await clients.a.feeds.get(feed.id)).toMatchObject({ likeCount: 3 });
    });
  });

  describe("reports", () => {
    it("takes one report per member per item, counting distinct reporters", async () => {
      const feed = await created();
      expect(await clients.a.reports.add(report(feedTarget(feed.id), "reporter-1"), 3)).toEqual({
        ok: true,
        reportCount: 1,
        status: "visible",
      });
      expect(await clients.b.reports.add(report(feedTarget(feed.id), "reporter-1", { reason: "abuse" }), 3)).toEqual({
        ok: false,
        problem: "alreadyReported",
      });
      expect(await clients.b.reports.add(report(feedTarget(feed.id), "reporter-2"), 3)).toEqual({
        ok: true,
        reportCount: 2,
        status: "visible",
      });
      expect(await clients.a.feeds.get(feed.id)).toMatchObject({ reportCount: 2, status: "visible" });
    });

    it("lets exactly one of many racing reports by one member count", async () => {
      const feed = await created();
      const comment = await commented(newComment(feed.id));
      for (const target of [feedTarget(feed.id), commentTarget(comment.id)]) {
        const results = await raced(10, clients, (stores, i) =>
          stores.reports.add(report(target, "reporter-1", { createdAt: T0 + i }), 3),
        );
        expect(results.filter((r) => r.ok)).toEqual([{ ok: true, reportCount: 1, status: "visible" }]);
        expect(results.filter((r) => !r.ok)).toHaveLength(9);
        expect(results.every((r) => r.ok || r.problem === "alreadyReported")).toBe(true);
      }
      expect(await clients.a.feeds.get(feed.id)).toMatchObject({ reportCount: 1 });
      expect(await clients.a.comments.get(comment.id)).toMatchObject({ reportCount: 1 });
    });

    it("refuses a report of one's own item or of an unknown one", async () => {
      const feed = await created();
      const comment = await commented(newComment(feed.id));
      expect(await clients.a.reports.add(report(feedTarget(feed.id), "author-1"), 1)).toEqual({
        ok: false,
        problem: "ownItem",
      });
      expect(await clients.a.reports.add(report(commentTarget(comment.id), "commenter-1"), 1)).toEqual({
        ok: false,
        problem: "ownItem",
      });
      for (const target of [feedTarget("no-such-feed"), commentTarget("no-such-comment"), commentTarget(feed.id)]) {
        expect(await clients.a.reports.add(report(target, "reporter-1"), 1)).toEqual({
          ok: false,
          problem: "notFound",
        });
      }
      expect(await clients.a.feeds.get(feed.id)).toMatchObject({ reportCount: 0, status: "visible" });
      expect(await clients.a.reports.queue({ limit: 10 })).toEqual({ ok: true, items: [], next: null });
    });

    it("hides a feed that reaches the threshold of distinct reporters from the list", async () => {
      const feed = await created();
      const stays = await created({ createdAt: T0 + 1 });
      for (const [i, uid] of ["reporter-1", "reporter-2"].entries()) {
        expect(await clients.a.reports.add(report(feedTarget(feed.id), uid), 3)).toMatchObject({
          reportCount: i + 1,
          status: "visible",
        });
      }
      expect((await listedFeeds([clients.a], 10)).map((f) => f.id)).toEqual([stays.id, feed.id]);
      expect(await clients.b.reports.add(report(feedTarget(feed.id), "reporter-3"), 3)).toEqual({
        ok: true,
        reportCount: 3,
        status: "reported",
      });
      expect(await clients.a.feeds.get(feed.id)).toMatchObject({ reportCount: 3, status: "reported" });
      expect((await listedFeeds([clients.a, clients.b], 1)).map((f) => f.id)).toEqual([stays.id]);
      expect(await listedFeeds([clients.b], 10, "daily")).toHaveLength(1);
      // More reports go on counting.
      expect(await clients.b.reports.add(report(feedTarget(feed.id), "reporter-4"), 3)).toEqual({
        ok: true,
        reportCount: 4,
        status: "reported",
      });
    });

    it("marks a comment that reaches the threshold reported", async () => {
      const feed = await created();
      const comment = await commented(newComment(feed.id));
      expect(await clients.a.reports.add(report(commentTarget(comment.id), "reporter-1"), 2)).toEqual({
        ok: true,
        reportCount: 1,
        status: "visible",
      });
      expect(await clients.b.reports.add(report(commentTarget(comment.id), "reporter-2"), 2)).toEqual({
        ok: true,
        reportCount: 2,
        status: "reported",
      });
      expect(await clients.a.comments.get(comment.id)).toMatchObject({ reportCount: 2, status: "reported" });
      expect(await clients.a.feeds.get(feed.id)).toMatchObject({ reportCount: 0, status: "visible" });
      // A reported comment takes no replies.
      const reply = newComment(feed.id, { parentId: comment.id, author: author("author-1") });
      expect(await clients.a.comments.add(reply, [])).toEqual({ ok: false, problem: "noParent" });
    });

    it("queues items with open reports, oldest first report first, a page at a time", async () => {
      const f1 = await created({ text: "feed one" });
      const f2 = await created({ text: "feed two", author: author("author-2"), createdAt: T0 + 1 });
      const c1 = await commented(newComment(f1.id, { text: "comment one" }));
      await created({ text: "never reported", createdAt: T0 + 2 });

      await clients.a.reports.add(report(feedTarget(f1.id), "reporter-1", { createdAt: T0 + 50, reason: "abuse" }), 3);
      await clients.b.reports.add(report(commentTarget(c1.id), "reporter-1", { createdAt: T0 + 20 }), 3);
      await clients.a.reports.add(report(feedTarget(f2.id), "reporter-1", { createdAt: T0 + 30, reason: "fraud" }), 3);
      await clients.b.reports.add(report(feedTarget(f1.id), "reporter-2", { createdAt: T0 + 40, reason: "spam" }), 3);
      await clients.b.reports.add(report(feedTarget(f1.id), "reporter-3", { createdAt: T0 + 60, reason: "spam" }), 3);

      const expected: ReviewItem[] = [
        {
          target: commentTarget(c1.id),
          feedId: f1.id,
          text: "comment one",
          author: c1.author,
          status: "visible",
          reportCount: 1,
          reasons: ["spam"],
          firstReportedAt: T0 + 20,
        },
        {
          target: feedTarget(f2.id),
          feedId: f2.id,
          text: "feed two",
          author: f2.author,
          status: "visible",
          reportCount: 1,
          reasons: ["fraud"],
          firstReportedAt: T0 + 30,
        },
        {
          target: feedTarget(f1.id),
          feedId: f1.id,
          text: "feed one",
          author: f1.author,
          status: "reported",
          reportCount: 3,
          reasons: ["abuse", "spam"],
          firstReportedAt: T0 + 40,
        },
      ];
      const sortReasons = (items: ReviewItem[]) => items.map((i) => ({ ...i, reasons: [...i.reasons].sort() }));
      const whole = await clients.a.reports.queue({ limit: 10 });
      expect(whole.ok && sortReasons(whole.items)).toEqual(expected);
      expect(isPlainData(whole)).toBe(true);

      // Items first reported at the same time page in one fixed order too.
      const tied: NewComment[] = [];
      for (let i = 0; i < 4; i++) {
        const comment = await commented(newComment(f2.id, { createdAt: T0 + 3 + i }));
        await clients.a.reports.add(report(commentTarget(comment.id), "reporter-2", { createdAt: T0 + 45 }), 3);
        tied.push(comment);
      }
      const everything = await clients.b.reports.queue({ limit: 100 });
      if (!everything.ok) throw new Error("queue refused");
      expect(everything.items.map((i) => i.firstReportedAt)).toEqual([20, 30, 40, 45, 45, 45, 45].map((t) => T0 + t));
      expect(sorted(everything.items.slice(3).map((i) => i.target.id))).toEqual(sorted(tied.map((c) => c.id)));
      for (const limit of [1, 2, 3, 7]) {
        const seen = await collect(async (after, i) => {
          const page = await (i % 2 ? clients.a : clients.b).reports.queue({ after, limit });
          if (page.ok) expect(page.items.length).toBeLessThanOrEqual(limit);
          return page;
        });
        expect(seen).toEqual(everything.items);
      }
      const first = await clients.a.reports.queue({ limit: 1 });
      const cursor = first.ok ? first.next : null;
      expect(cursor).toBeTruthy();
      for (const bad of [
        "x",
        `${cursor}x`,
        cursor!.slice(0, -2),
        encodeCursor("feeds:*", { createdAt: T0, id: "x" }),
      ]) {
        expect(await clients.b.reports.queue({ after: bad, limit: 1 })).toEqual(refused);
      }
    });

    it("restores an item: visible again, reports closed and out of the queue, every reporter told", async () => {
      const feed = await created();
      const target = feedTarget(feed.id);
      for (const uid of ["reporter-1", "reporter-2"]) await clients.a.reports.add(report(target, uid), 2);
      expect((await listedFeeds([clients.a], 10)).map((f) => f.id)).toEqual([]);
      const notify = vi.fn(outcomeNote(target, "restored"));
      expect(await clients.b.reports.resolve(target, "restored", notify)).toEqual({ ok: true, releasedFiles: [] });
      expect(notify.mock.calls.map(([uid]) => uid).sort()).toEqual(["reporter-1", "reporter-2"]);
      expect(await clients.a.feeds.get(feed.id)).toMatchObject({ status: "visible", reportCount: 0 });
      expect((await listedFeeds([clients.a], 10)).map((f) => f.id)).toEqual([feed.id]);
      expect(await clients.a.reports.queue({ limit: 10 })).toEqual({ ok: true, items: [], next: null });
      for (const uid of ["reporter-1", "reporter-2"]) {
        expect(await notificationsOf(clients.a, uid)).toMatchObject([
          { kind: "reportOutcome", data: { outcome: "restored" }, readAt: null },
        ]);
      }

      // A closed report still counts as the member's one report; a new reporter starts a new count.
      expect(await clients.a.reports.add(report(target, "reporter-1"), 2)).toEqual({
        ok: false,
        problem: "alreadyReported",
      });
      expect(await clients.a.reports.add(report(target, "reporter-3", { createdAt: T0 + 99 }), 2)).toEqual({
        ok: true,
        reportCount: 1,
        status: "visible",
      });
      const queue = await clients.a.reports.queue({ limit: 10 });
      expect(queue.ok && queue.items.map((i) => [i.target, i.reportCount, i.firstReportedAt])).toEqual([
        [target, 1, T0 + 99],
      ]);
      // The next decision tells only the reporters of the open reports.
      const again = vi.fn(outcomeNote(target, "hidden"));
      await clients.b.reports.resolve(target, "hidden", again);
      expect(again.mock.calls.map(([uid]) => uid)).toEqual(["reporter-3"]);
    });

    it("restores a reported comment", async () => {
      const feed = await created();
      const comment = await commented(newComment(feed.id));
      const target = commentTarget(comment.id);
      await clients.a.reports.add(report(target, "reporter-1"), 1);
      expect(await clients.b.reports.resolve(target, "restored", outcomeNote(target, "restored"))).toEqual({
        ok: true,
        releasedFiles: [],
      });
      expect(await clients.a.comments.get(comment.id)).toMatchObject({ status: "visible", reportCount: 0 });
      expect(await keysOf(clients.a, "reporter-1")).toEqual([`report:comment:${comment.id}:restored`]);
      expect(await clients.a.reports.queue({ limit: 10 })).toEqual({ ok: true, items: [], next: null });
    });

    it("hides an item on a moderator's decision", async () => {
      const feed = await created();
      const comment = await commented(newComment(feed.id));
      for (const target of [feedTarget(feed.id), commentTarget(comment.id)]) {
        await clients.a.reports.add(report(target, "reporter-1"), 5);
        expect(await clients.b.reports.resolve(target, "hidden", outcomeNote(target, "hidden"))).toEqual({
          ok: true,
          releasedFiles: [],
        });
      }
      expect(await clients.a.feeds.get(feed.id)).toMatchObject({ status: "hidden", reportCount: 0 });
      expect(await clients.a.comments.get(comment.id)).toMatchObject({ status: "hidden", reportCount: 0 });
      expect(await listedFeeds([clients.a], 10)).toEqual([]);
      expect(await clients.a.reports.queue({ limit: 10 })).toEqual({ ok: true, items: [], next: null });
      expect(await keysOf(clients.a, "reporter-1")).toEqual(
        [`report:feed:${feed.id}:hidden`, `report:comment:${comment.id}:hidden`].sort(),
      );
    });

    it("deletes a reported feed with all on it, releasing its files, and tells the reporters", async () => {
      const photos = await uploaded("author-1", 2);
      const feed = await created({ photos });
      const comment = await commented(newComment(feed.id));
      const target = feedTarget(feed.id);
      await clients.a.reports.add(report(target, "reporter-1"), 5);
      await clients.a.reports.add(report(commentTarget(comment.id), "reporter-2"), 5);
      const result = await clients.b.reports.resolve(target, "deleted", outcomeNote(target, "deleted"));
      expect(result.ok && [...result.releasedFiles].sort()).toEqual(photos.map((p) => p.id).sort());
      expect(await clients.a.feeds.get(feed.id)).toBeNull();
      expect(await clients.a.comments.get(comment.id)).toBeNull();
      expect(await clients.a.files.usage("author-1")).toBe(0);
      expect(await clients.a.reports.queue({ limit: 10 })).toEqual({ ok: true, items: [], next: null });
      expect(await keysOf(clients.a, "reporter-1")).toEqual([`report:feed:${feed.id}:deleted`]);
      expect(await clients.a.reports.resolve(target, "deleted", outcomeNote(target, "deleted"))).toEqual({
        ok: false,
        problem: "notFound",
      });
    });

    it("deletes a reported comment with its replies, counting them off the feed", async () => {
      const feed = await created();
      const comment = await commented(newComment(feed.id));
      await commented(newComment(feed.id, { parentId: comment.id, author: author("commenter-2"), createdAt: T0 + 2 }));
      const other = await commented(newComment(feed.id, { author: author("commenter-2"), createdAt: T0 + 3 }));
      const target = commentTarget(comment.id);
      await clients.a.reports.add(report(target, "reporter-1"), 1);
      expect(await clients.b.reports.resolve(target, "deleted", outcomeNote(target, "deleted"))).toEqual({
        ok: true,
        releasedFiles: [],
      });
      expect(await clients.a.comments.get(comment.id)).toBeNull();
      expect(await clients.a.feeds.get(feed.id)).toMatchObject({ commentCount: 1 });
      expect(await clients.a.comments.get(other.id)).not.toBeNull();
      expect(await keysOf(clients.a, "reporter-1")).toEqual([`report:comment:${comment.id}:deleted`]);
      expect(await clients.a.reports.queue({ limit: 10 })).toEqual({ ok: true, items: [], next: null });
    });

    it("takes a comment's notifications away in the step that hides it, by reporters or a moderator; a restore does not bring them back", async () => {
      const feed = await created();
      const top = newComment(feed.id);
      await commented(top, [commentNote(top, "author-1")]);
      const reply = newComment(feed.id, { parentId: top.id, author: author("commenter-2"), createdAt: T0 + 2 });
      await commented(reply, [commentNote(reply, "commenter-1"), commentNote(reply, "author-1")]);
      const other = newComment(feed.id, { author: author("commenter-2"), createdAt: T0 + 3 });
      await commented(other, [commentNote(other, "author-1")]);

      // Below the threshold the comment is visible: its notification stays.
      await clients.a.reports.add(report(commentTarget(top.id), "reporter-1"), 2);
      expect(await keysOf(clients.a, "author-1")).toEqual(sorted([top, reply, other].map((c) => `comment:${c.id}`)));
      // At the threshold it is hidden pending review, and no inbox quotes it any more; its reply is still visible.
      expect(await clients.b.reports.add(report(commentTarget(top.id), "reporter-2"), 2)).toMatchObject({
        status: "reported",
      });
      expect(await keysOf(clients.a, "author-1")).toEqual(sorted([reply, other].map((c) => `comment:${c.id}`)));
      expect(await keysOf(clients.a, "commenter-1")).toEqual([`comment:${reply.id}`]);

      // A moderator hiding a reply (every recipient's copy goes) or a top-level comment.
      await clients.a.reports.add(report(commentTarget(reply.id), "reporter-1"), 5);
      await clients.b.reports.resolve(commentTarget(reply.id), "hidden", () => null);
      await clients.a.reports.add(report(commentTarget(other.id), "reporter-1"), 5);
      await clients.b.reports.resolve(commentTarget(other.id), "hidden", () => null);
      expect(await keysOf(clients.a, "author-1")).toEqual([]);
      expect(await keysOf(clients.a, "commenter-1")).toEqual([]);

      // Restored, the comment shows again; its notification stays gone.
      await clients.a.reports.resolve(commentTarget(top.id), "restored", () => null);
      expect(await clients.a.comments.get(top.id)).toMatchObject({ status: "visible" });
      expect(await keysOf(clients.a, "author-1")).toEqual([]);
    });

    it("leaves a feed's notifications when the feed is hidden: they go to its author only, who wrote it", async () => {
      const feed = await created();
      const comment = newComment(feed.id);
      await commented(comment, [commentNote(comment, "author-1")]);
      await clients.a.likes.toggle(feed.id, "liker-1", T0 + 5, () =>
        note("author-1", `like:${feed.id}`, { kind: "like", subject: `feed:${feed.id}`, refresh: true }),
      );
      await clients.a.reports.add(report(feedTarget(feed.id), "reporter-1"), 1);
      expect(await clients.a.feeds.get(feed.id)).toMatchObject({ status: "reported" });
      expect(await keysOf(clients.a, "author-1")).toEqual(sorted([`comment:${comment.id}`, `like:${feed.id}`]));
    });

    it("answers notFound for a decision on an unknown item", async () => {
      for (const target of [feedTarget("no-such-feed"), commentTarget("no-such-comment")]) {
        const notify = vi.fn(outcomeNote(target, "restored"));
        expect(await clients.a.reports.resolve(target, "restored", notify)).toEqual({ ok: false, problem: "notFound" });
        expect(notify).not.toHaveBeenCalled();
      }
    });
  });

  describe("files", () => {
    it("records pending files within the quota and refuses one over it, recording nothing", async () => {
      const first = newFile("member-1", { bytes: 600 });
      expect(await clients.a.files.addPending(first, 1000)).toEqual({ ok: true });
      const over = newFile("member-1", { bytes: 401 });
      expect(await clients.b.files.addPending(over, 1000)).toEqual({ ok: false, problem: "overQuota" });
      expect(await clients.a.files.usage("member-1")).toBe(600);
      expect(await clients.a.files.pendingOf("member-1", [first.id, over.id])).toEqual([first.id]);
      // Exactly up to the quota is within it; another member has their own.
      const fits = newFile("member-1", { bytes: 400 });
      expect(await clients.b.files.addPending(fits, 1000)).toEqual({ ok: true });
      expect(await clients.b.files.addPending(newFile("member-2", { bytes: 1000 }), 1000)).toEqual({ ok: true });
      expect(await clients.a.files.usage("member-1")).toBe(1000);
      expect(await clients.a.files.usage("member-2")).toBe(1000);
      expect(await clients.a.files.usage("nobody")).toBe(0);
      expect(await clients.b.files.addPending(newFile("member-1", { bytes: 1 }), 1000)).toEqual({
        ok: false,
        problem: "overQuota",
      });
    });

    it("tells whose a file is and which feed holds it, until it is deleted with its feed or its member", async () => {
      const [pending, attached, kept] = (await uploaded("member-1", 3)) as [PhotoRef, PhotoRef, PhotoRef];
      expect(await clients.b.files.get(pending.id)).toEqual({ id: pending.id, ownerUid: "member-1", feedId: null });
      const feed = await created({ author: author("member-1"), photos: [attached, kept] });
      expect(await clients.b.files.get(attached.id)).toEqual({
        id: attached.id,
        ownerUid: "member-1",
        feedId: feed.id,
      });
      expect(isPlainData(await clients.b.files.get(attached.id))).toBe(true);
      expect(await clients.b.files.get("no-such-file")).toBeNull();
      // An edit that drops a photo forgets it; deleting the feed forgets the rest; withdrawal forgets pending ones.
      await clients.a.feeds.update(feed.id, "member-1", { category: "daily", text: "x", photos: [kept] }, T0 + 1);
      expect(await clients.b.files.get(attached.id)).toBeNull();
      expect(await clients.b.files.get(kept.id)).not.toBeNull();
      expect((await clients.a.feeds.remove(feed.id, null)).ok).toBe(true);
      expect(await clients.b.files.get(kept.id)).toBeNull();
      await clients.a.feeds.removeMember("member-1", keepNothing);
      expect(await clients.b.files.get(pending.id)).toBeNull();
    });

    it("counts files of feeds in the quota too", async () => {
      const photos = await uploaded("member-1", 2, 400);
      await created({ author: author("member-1"), photos });
      expect(await clients.a.files.usage("member-1")).toBe(800);
      expect(await clients.a.files.addPending(newFile("member-1", { bytes: 300 }), 1000)).toEqual({
        ok: false,
        problem: "overQuota",
      });
    });

    it("tells which ids are the member's pending files: not another's, not a feed's", async () => {
      const [p1, p2, p3] = (await uploaded("member-1", 3)) as [PhotoRef, PhotoRef, PhotoRef];
      const [theirs] = (await uploaded("member-2", 1)) as [PhotoRef];
      await created({ author: author("member-1"), photos: [p2] });
      const pending = await clients.b.files.pendingOf("member-1", [p1.id, p2.id, p3.id, theirs.id, "no-such-file"]);
      expect([...pending].sort()).toEqual([p1.id, p3.id].sort());
      expect(await clients.b.files.pendingOf("member-2", [p1.id, theirs.id])).toEqual([theirs.id]);
      expect(await clients.b.files.pendingOf("member-1", [])).toEqual([]);
      // Another member's pending file does not become part of a feed.
      const feed = await created({ author: author("member-1"), photos: [theirs], createdAt: T0 + 1 });
      expect(await clients.b.files.pendingOf("member-2", [theirs.id])).toEqual([theirs.id]);
      expect((await clients.a.feeds.remove(feed.id, "member-1")).ok).toBe(true);
      expect(await clients.b.files.pendingOf("member-2", [theirs.id])).toEqual([theirs.id]);
    });

    it("sweeps pending files made before a time, and only those", async () => {
      const old1 = newFile("member-1", { createdAt: T0 - 10 });
      const old2 = newFile("member-2", { createdAt: T0 - 1 });
      const atCut = newFile("member-1", { createdAt: T0 });
      const young = newFile("member-1", { createdAt: T0 + 5 });
      const attached = newFile("member-1", { createdAt: T0 - 100 });
      for (const f of [old1, old2, atCut, young, attached]) await clients.a.files.addPending(f, QUOTA);
      await created({ author: author("member-1"), photos: [photo(attached.id)] });

      const swept = await clients.b.files.sweepPending(T0);
      expect([...swept].sort()).toEqual([old1.id, old2.id].sort());
      expect(sorted(await clients.a.files.pendingOf("member-1", [old1.id, atCut.id, young.id]))).toEqual(
        sorted([atCut.id, young.id]),
      );
      expect(await clients.a.files.pendingOf("member-2", [old2.id])).toEqual([]);
      expect(await clients.a.files.usage("member-1")).toBe(3000);
      expect(await clients.a.files.usage("member-2")).toBe(0);
      expect(await clients.b.files.sweepPending(T0)).toEqual([]);
    });

    it("forgets one pending file of its owner only", async () => {
      const [mine, attached] = (await uploaded("member-1", 2)) as [PhotoRef, PhotoRef];
      const [theirs] = (await uploaded("member-2", 1)) as [PhotoRef];
      await created({ author: author("member-1"), photos: [attached] });
      expect(await clients.a.files.removePending("member-1", theirs.id)).toBe(false);
      expect(await clients.a.files.removePending("member-1", attached.id)).toBe(false);
      expect(await clients.a.files.removePending("member-1", "no-such-file")).toBe(false);
      expect(await clients.b.files.removePending("member-1", mine.id)).toBe(true);
      expect(await clients.b.files.removePending("member-1", mine.id)).toBe(false);
      expect(await clients.a.files.usage("member-1")).toBe(1000);
      expect(await clients.a.files.pendingOf("member-2", [theirs.id])).toEqual([theirs.id]);
    });
  });

  describe("a member's withdrawal", () => {
    it("deletes all the member wrote or did, counting it off, returns their files, leaves others' data", async () => {
      const M = "member-m";
      const O = "member-o";
      const P = "member-p";
      const [pm1] = (await uploaded(M, 1, 100)) as [PhotoRef];
      const [pm2] = (await uploaded(M, 1, 50)) as [PhotoRef];
      const [po1] = (await uploaded(O, 1, 70)) as [PhotoRef];
      const fm = await created({ author: author(M), photos: [pm1], createdAt: T0 });
      const fo = await created({ author: author(O), photos: [po1], createdAt: T0 + 1 });
      const fo2 = await created({ author: author(O), createdAt: T0 + 2 });
      const fp = await created({ author: author(P), createdAt: T0 + 3 });

      const onFm = await commented(newComment(fm.id, { author: author(O), createdAt: T0 + 10 }));
      const mTop = newComment(fo.id, { author: author(M), createdAt: T0 + 11 });
      await commented(mTop, [commentNote(mTop, O)]);
      const oUnderM = newComment(fo.id, { parentId: mTop.id, author: author(O), createdAt: T0 + 12 });
      await commented(oUnderM, [commentNote(oUnderM, M)]);
      const oTop = await commented(newComment(fo.id, { author: author(O), createdAt: T0 + 13 }));
      const mUnderO = newComment(fo.id, { parentId: oTop.id, author: author(M), createdAt: T0 + 14 });
      await commented(mUnderO, [commentNote(mUnderO, O)]);
      const oOther = await commented(newComment(fo2.id, { author: author(O), createdAt: T0 + 15 }));
      const mOnFp = await commented(newComment(fp.id, { author: author(M), createdAt: T0 + 16 }));
      const pOnFo = await commented(newComment(fo.id, { author: author(P), createdAt: T0 + 17 }));

      for (const [feedId, uid] of [
        [fo.id, M],
        [fo2.id, M],
        [fm.id, O],
        [fo2.id, O],
        [fo.id, P],
      ] as const) {
        await clients.a.likes.toggle(feedId, uid, T0 + 20, () => null);
      }

      for (const [target, uid, at] of [
        [feedTarget(fo.id), M, 29],
        [feedTarget(fo.id), P, 30],
        [commentTarget(oOther.id), M, 28],
        [commentTarget(oTop.id), P, 31],
        [feedTarget(fp.id), M, 27],
      ] as const) {
        expect((await clients.a.reports.add(report(target, uid, { createdAt: T0 + at }), 5)).ok).toBe(true);
      }
      await clients.a.reports.resolve(feedTarget(fp.id), "restored", outcomeNote(feedTarget(fp.id), "restored"));
      await clients.a.reports.add(report(feedTarget(fp.id), O, { createdAt: T0 + 33 }), 5);

      expect(await clients.a.feeds.get(fo.id)).toMatchObject({ commentCount: 5, likeCount: 2, reportCount: 2 });

      const result = await clients.b.feeds.removeMember(M, keepNothing);
      expect([...result.releasedFiles].sort()).toEqual([pm1.id, pm2.id].sort());

      // The member's own feed and all on it.
      expect(await clients.a.feeds.get(fm.id)).toBeNull();
      expect(await clients.a.comments.get(onFm.id)).toBeNull();
      expect(await clients.a.likes.likedBy(O, [fm.id, fo2.id])).toEqual([fo2.id]);
      // Their comments on others' feeds (with the replies under them), counted off.
      for (const c of [mTop, oUnderM, mUnderO, mOnFp]) expect(await clients.a.comments.get(c.id)).toBeNull();
      expect(await clients.a.feeds.get(fo.id)).toMatchObject({ commentCount: 2, likeCount: 1, reportCount: 1 });
      expect(await clients.a.feeds.get(fo2.id)).toMatchObject({ commentCount: 1, likeCount: 1, reportCount: 0 });
      expect(await clients.a.feeds.get(fp.id)).toMatchObject({ commentCount: 0, likeCount: 0, reportCount: 1 });
      expect(await clients.a.comments.get(oOther.id)).toMatchObject({ reportCount: 0 });
      expect(await clients.a.comments.get(oTop.id)).toMatchObject({ reportCount: 1 });
      expect(await clients.a.comments.get(pOnFo.id)).not.toBeNull();
      const onFo = await collect((after) => clients.a.comments.listForFeed(fo.id, { after, limit: 10, replies: 3 }));
      expect(onFo.map((t) => [t.comment.id, t.comment.replyCount, t.replies.length])).toEqual([
        [oTop.id, 0, 0],
        [pOnFo.id, 0, 0],
      ]);
      expect(await keysOf(clients.a, O)).toEqual([]);
      // Nothing of theirs is left to list.
      expect(await clients.a.feeds.listByAuthor(M, { limit: 10 })).toEqual({ ok: true, items: [], next: null });
      expect(await clients.a.comments.listByAuthor(M, { limit: 10 })).toEqual({ ok: true, items: [], next: null });
      expect(await clients.a.likes.likedBy(M, [fo.id, fo2.id])).toEqual([]);
      expect(await clients.a.files.usage(M)).toBe(0);
      expect(await clients.a.files.pendingOf(M, [pm2.id])).toEqual([]);
      // Others' data is untouched.
      expect(await clients.a.feeds.get(fo.id)).toMatchObject({ photos: [po1] });
      expect(await clients.a.files.usage(O)).toBe(70);
      expect(await clients.a.likes.likedBy(P, [fo.id])).toEqual([fo.id]);
      const queue = await clients.a.reports.queue({ limit: 10 });
      expect(queue.ok && queue.items.map((i) => [i.target, i.reportCount])).toEqual([
        [feedTarget(fo.id), 1],
        [commentTarget(oTop.id), 1],
        [feedTarget(fp.id), 1],
      ]);
      // Their reports are gone: a member who joins again with that uid may report afresh.
      expect(await clients.a.reports.add(report(feedTarget(fo.id), M), 5)).toMatchObject({ ok: true, reportCount: 2 });

      expect(await clients.a.feeds.removeMember(M, keepNothing)).toEqual({ releasedFiles: [] });
      expect(await clients.a.feeds.removeMember("nobody", keepNothing)).toEqual({ releasedFiles: [] });
    });

    it("takes the member's name out of others' inboxes in the same step: a like line keeps the count, or goes", async () => {
      const W = "member-w";
      const A = "member-a";
      /** The like notification the app stores: the last liker's name, and how many others like the feed. */
      const likedBy = (feed: NewFeed, uid: string, at: number) => (likeCount: number) =>
        note(A, `like:${feed.id}`, {
          kind: "like",
          subject: `feed:${feed.id}`,
          refresh: true,
          actorUid: uid,
          data: { feedId: feed.id, by: `${uid} (label)`, others: likeCount - 1 },
          createdAt: at,
        });
      const like = (feed: NewFeed, uid: string, at: number, stores = clients.a) =>
        stores.likes.toggle(feed.id, uid, at, likedBy(feed, uid, at));

      // Liked by another member, then by W (the last liker, named).
      const shared = await created({ author: author(A), createdAt: T0 });
      await like(shared, "member-l", T0 + 5);
      await like(shared, W, T0 + 6, clients.b);
      // Liked by W only.
      const onlyW = await created({ author: author(A), createdAt: T0 + 1 });
      await like(onlyW, W, T0 + 7);
      // Liked by W, then by another member, who is the one named now.
      const later = await created({ author: author(A), createdAt: T0 + 2 });
      await like(later, W, T0 + 8);
      await like(later, "member-l", T0 + 9);
      // W's comment on A's feed, told to A with W's name.
      const comment = newComment(shared.id, { author: author(W), createdAt: T0 + 10 });
      await commented(comment, [{ ...commentNote(comment, A), actorUid: W, data: { by: `${W} (label)` } }]);
      expect(await clients.a.notifications.markAllRead(A, T0 + 20)).toBe(4);
      const before = await notificationsOf(clients.a, A);
      const sharedLine = before.find((n) => n.dedupeKey === `like:${shared.id}`)!;
      const laterLine = before.find((n) => n.dedupeKey === `like:${later.id}`)!;

      const unnamed = vi.fn((n: NotificationRecord, likeCount: number) => ({
        feedId: n.data.feedId ?? null,
        likeCount,
      }));
      await clients.b.feeds.removeMember(W, unnamed);

      // Called for the line W is named in, with the likes left once W's is counted off.
      expect(unnamed).toHaveBeenCalledTimes(1);
      expect(unnamed).toHaveBeenCalledWith(expect.objectContaining({ id: sharedLine.id, data: sharedLine.data }), 1);
      const after = await notificationsOf(clients.a, A);
      expect(after).toEqual([
        // Another member named: as it was.
        laterLine,
        // Time and read state kept; the name gone, the count as the feed has it now.
        { ...sharedLine, data: { feedId: shared.id, likeCount: 1 } },
      ]);
      expect(JSON.stringify(after)).not.toContain(W);
      expect(await clients.a.feeds.get(onlyW.id)).toMatchObject({ likeCount: 0 });

      // The line no longer names W: a second withdrawal of W, or one of the other liker, leaves it to the count.
      await clients.a.feeds.removeMember(W, unnamed);
      expect(unnamed).toHaveBeenCalledTimes(1);
      // Null from `unnamed`: the line goes.
      await clients.a.feeds.removeMember("member-l", () => null);
      expect(await keysOf(clients.a, A)).toEqual([`like:${shared.id}`]);
    });
  });
});
