/**
 * The community and the inbox through their loaders and actions, against the real
 * Auth emulator, a temporary database and real photo processing: posting with
 * photos (EXIF gone), editing by a stranger, likes, comments and replies with their
 * notifications, reports and the threshold, moderation, the inbox, deletion and
 * withdrawal leaving nothing behind, and the bad input the issue lists.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { randomUUID } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startSession } from "~/auth/session.server";
import { newId } from "~/community/community.server";
import { openSqliteStores } from "~/infra/sqlite/stores.server";
import { withdraw } from "~/account/lifecycle.server";
import { loader as rootLoader } from "~/root";
import { action as feedAction, loader as feedLoader } from "~/routes/community.$feedCd";
import { action as editAction, loader as editLoader } from "~/routes/community.edit";
import { loader as listLoader } from "~/routes/community._index";
import { action as reportAction, loader as reportLoader } from "~/routes/community.report";
import { action as reviewAction, loader as reviewLoader } from "~/routes/community.review";
import { loader as fileLoader } from "~/routes/files.$name";
import { loader as myCommunityLoader } from "~/routes/mypage.community";
import { action as inboxAction, loader as inboxLoader } from "~/routes/noti._index";
import { Jar, run } from "../support/jar";
import { registerMember, signedInJar } from "../support/members";
import { startServer, type RunningServer } from "../support/server";
import { createTestServices, loadContext } from "../support/services";
import type { Stores } from "~/stores/stores";

const services = createTestServices({ COMMUNITY_REPORT_THRESHOLD: "2" });
const context = loadContext(services);
afterAll(() => services.cleanup());

type Route = (args: { request: Request; params: Record<string, string>; context: AppLoadContext }) => unknown;
type Reply = {
  status?: string;
  error?: Record<string, string[] | null>;
  initialValue?: Record<string, unknown>;
  photos?: { id: string; token: string }[];
  refused?: { problem: string; name: string }[];
};

interface Member {
  uid: string;
  jar: Jar;
}

async function member(name = "Nguyen Van An", admin = false): Promise<Member> {
  const { uid } = await services.identity.admin.auth.createUser({ email: `c-${randomUUID()}@example.com` });
  await registerMember(services, uid, { name });
  if (admin) await services.identity.admin.auth.setCustomUserClaims(uid, { admin: true });
  return { uid, jar: await signedInJar(services, uid) };
}

const call = (route: Route, request: Request, params: Record<string, string> = {}, ctx: AppLoadContext = context) =>
  run(() => route({ request, params, context: ctx }));

const load = (route: Route, url: string, jar = new Jar(), params: Record<string, string> = {}) =>
  call(route, new Request(`http://x${url}`, { headers: { Cookie: jar.header } }), params);

const post = (
  route: Route,
  url: string,
  jar: Jar,
  fields: Record<string, string>,
  params: Record<string, string> = {},
) =>
  call(
    route,
    new Request(`http://x${url}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { Cookie: jar.header },
    }),
    params,
  );

/** A multipart post, as the feed form sends it (photos as files). */
function postFeed(
  url: string,
  jar: Jar,
  fields: Record<string, string | string[]>,
  files: { name: string; bytes: Uint8Array; type?: string }[] = [],
  ctx: AppLoadContext = context,
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) form.append(key, v);
  }
  for (const f of files)
    form.append("photos", new Blob([f.bytes as unknown as ArrayBuffer], { type: f.type ?? "image/jpeg" }), f.name);
  return call(
    editAction,
    new Request(`http://x${url}`, { method: "POST", body: form, headers: { Cookie: jar.header } }),
    {},
    ctx,
  );
}

const json = async <T = Reply>(response: Response) => (await response.json()) as T;
const feedIdOf = (response: Response) => response.headers.get("Location")!.replace("/community/", "");

/** A photo as a phone takes it: a JPEG with the camera's EXIF, GPS position included. */
async function phoneJpeg(width = 1200, height = 900) {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Cheap 1" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "37/1 33/1 59/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "126/1 58/1 41/1",
      },
    })
    .toBuffer();
}

/** A PNG whose header claims width × height over a few bytes of data (a decompression bomb's header). */
function pngClaiming(width: number, height: number) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(Buffer.alloc(1024))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const filesDir = () => path.join(services.dataDir, "files");
const storedFiles = () =>
  fs.existsSync(filesDir()) ? fs.readdirSync(filesDir()).filter((f) => !f.startsWith(".")) : [];
const inbox = (uid: string) => services.stores.notifications.listFor(uid, { limit: 100 });

async function newFeed(author: Member, text = "Where can I renew my ARC in Ansan?", category = "visa") {
  const posted = await postFeed("/community/edit", author.jar, { category, text });
  expect(posted.status).toBe(302);
  return feedIdOf(posted);
}

describe("the community", () => {
  it("lets a visitor read, and sends them to sign in to post", async () => {
    const list = await load(listLoader, "/community");
    expect(list.status).toBe(200);
    const edit = await load(editLoader, "/community/edit");
    expect(edit.status).toBe(302);
    expect(edit.headers.get("Location")).toBe("/member/start?redirectTo=%2Fcommunity%2Fedit");
  });

  it("posts a feed with a photo: re-encoded as WebP, no EXIF or GPS left, served with long caching", async () => {
    const author = await member();
    const jpeg = await phoneJpeg();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const posted = await postFeed(
      "/community/edit",
      author.jar,
      { category: "daily", text: "First snow in Suwon today" },
      [{ name: "IMG_0001.jpg", bytes: jpeg }],
    );
    expect(posted.status).toBe(302);
    const id = feedIdOf(posted);
    const feed = await services.stores.feeds.get(id);
    expect(feed?.photos).toHaveLength(1);
    const photo = feed!.photos[0]!;
    expect(Math.max(photo.width, photo.height)).toBeLessThanOrEqual(1600);

    const served = await load(fileLoader, `/files/${photo.id}.webp`, new Jar(), { name: `${photo.id}.webp` });
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/webp");
    // Public for minutes, not a year: a takedown must not wait for caches (uploads.test.ts).
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=300");
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(bytes.includes(Buffer.from("PhoneMaker"))).toBe(false);

    const list = await json<{ feeds: { id: string; author: { label: string; country: string } }[] }>(
      await load(listLoader, "/community"),
    );
    const card = list.feeds.find((f) => f.id === id);
    // The author's full name stays private: first name and initials.
    expect(card?.author.label).toBe("Nguyen V. A.");
    expect(card?.author.country).toBe("Vietnam");
  });

  it("refuses another member's edit with 403, a forged code with 404", async () => {
    const author = await member();
    const stranger = await member("Stranger");
    const id = await newFeed(author);
    expect((await load(editLoader, `/community/edit?itemCd=${id}`, stranger.jar)).status).toBe(403);
    const forged = await postFeed(`/community/edit?itemCd=${id}`, stranger.jar, {
      category: "daily",
      text: "mine now",
    });
    expect(forged.status).toBe(403);
    expect((await services.stores.feeds.get(id))?.text).toBe("Where can I renew my ARC in Ansan?");
    expect((await load(editLoader, "/community/edit?itemCd=../../etc", author.jar)).status).toBe(404);
    expect((await load(feedLoader, "/community/AAAAAAAAAAAA", new Jar(), { feedCd: "AAAAAAAAAAAA" })).status).toBe(404);
    expect((await load(feedLoader, "/community/<script>", new Jar(), { feedCd: "<script>" })).status).toBe(404);
    const edited = await postFeed(`/community/edit?itemCd=${id}`, author.jar, { category: "daily", text: "Edited" });
    expect(edited.status).toBe(302);
    expect((await services.stores.feeds.get(id))?.text).toBe("Edited");
  });

  it("likes once per member (a second press takes it back) and tells the author once, growing", async () => {
    const author = await member();
    const a = await member("Ana Lima");
    const b = await member("Bo Kim");
    const id = await newFeed(author);
    const like = (m: Member) => post(feedAction, `/community/${id}`, m.jar, { intent: "like" }, { feedCd: id });
    expect(await json<{ liked: boolean; likeCount: number }>(await like(a))).toMatchObject({
      liked: true,
      likeCount: 1,
    });
    expect(await json<{ liked: boolean; likeCount: number }>(await like(b))).toMatchObject({
      liked: true,
      likeCount: 2,
    });
    expect(await json<{ liked: boolean; likeCount: number }>(await like(a))).toMatchObject({
      liked: false,
      likeCount: 1,
    });
    const page = await inbox(author.uid);
    if (!page.ok) throw new Error("page");
    const likes = page.items.filter((n) => n.kind === "like");
    expect(likes).toHaveLength(1);
    expect(likes[0]!.data).toMatchObject({ by: "Bo K.", others: 1 });
    // Their own like tells no one.
    await like(author);
    const after = await inbox(author.uid);
    expect(after.ok && after.items.filter((n) => n.kind === "like")).toHaveLength(1);
  });

  it("comments and replies: counted, the feed's and the comment's authors told, unless they opted out", async () => {
    const author = await member();
    const commenter = await member("Ana Lima");
    const replier = await member("Bo Kim");
    const id = await newFeed(author);
    const commented = await post(
      feedAction,
      `/community/${id}`,
      commenter.jar,
      { intent: "comment", text: "Try the Ansan office" },
      { feedCd: id },
    );
    expect(commented.status).toBe(200);
    const { commented: commentId } = await json<{ commented: string }>(commented);
    await services.stores.members.setNotify(author.uid, { visa: true, community: false, notices: true }, Date.now());
    const replied = await post(
      feedAction,
      `/community/${id}`,
      replier.jar,
      { intent: "comment", text: "Book online first", parentId: commentId },
      { feedCd: id },
    );
    expect(replied.status).toBe(200);
    expect((await services.stores.feeds.get(id))?.commentCount).toBe(2);
    const authorInbox = await inbox(author.uid);
    expect(authorInbox.ok && authorInbox.items.map((n) => n.kind)).toEqual(["comment"]);
    const commenterInbox = await inbox(commenter.uid);
    expect(commenterInbox.ok && commenterInbox.items.map((n) => [n.kind, n.data.by])).toEqual([["reply", "Bo K."]]);

    // A reply to a reply is refused, the text kept.
    const { commented: replyId } = await json<{ commented: string }>(replied);
    const deeper = await post(
      feedAction,
      `/community/${id}`,
      commenter.jar,
      { intent: "comment", text: "Thanks!", parentId: replyId },
      { feedCd: id },
    );
    expect(deeper.status).toBe(404);
    expect((await json(deeper)).initialValue?.text).toBe("Thanks!");

    const view = await json<{ comments: { id: string; parentId: string | null; replies: { id: string }[] }[] }>(
      await load(feedLoader, `/community/${id}`, new Jar(), { feedCd: id }),
    );
    expect(view.comments.map((c) => [c.id, c.parentId, c.replies.map((r) => r.id)])).toEqual([
      [commentId, null, [replyId]],
    ]);
  });

  it("shows each comment's first replies and pages the rest by plain links, replying on any page of them", async () => {
    const author = await member();
    const replier = await member("Bo Kim");
    const id = await newFeed(author);
    const say = (text: string, parentId?: string, m = replier) =>
      post(
        feedAction,
        `/community/${id}`,
        m.jar,
        { intent: "comment", text, ...(parentId ? { parentId } : {}) },
        { feedCd: id },
      );
    const top = (await json<{ commented: string }>(await say("Where is the office?", undefined, author))).commented;
    const other = (await json<{ commented: string }>(await say("Any news?", undefined, author))).commented;
    const replies: string[] = [];
    for (let i = 0; i < 60; i++)
      replies.push((await json<{ commented: string }>(await say(`reply ${i}`, top))).commented);
    const lone = (await json<{ commented: string }>(await say("only one", other))).commented;
    /**
     * The replies in the store's order, oldest first by (time, id): replies posted within one millisecond
     * are ordered by their (random) ids, not by when the test sent them.
     */
    const storeOrder = async (ids: string[]) => {
      const times = new Map<string, number>();
      for (const reply of ids) times.set(reply, (await services.stores.comments.get(reply))!.createdAt);
      return [...ids].sort((x, y) => times.get(x)! - times.get(y)! || (x < y ? -1 : x > y ? 1 : 0));
    };
    const ordered = await storeOrder(replies);
    const [firstComment, secondComment] = (await storeOrder([top, other])) as [string, string];

    type Thread = {
      id: string;
      replies: { id: string }[];
      more: { href: string; count: number | null } | null;
      back: string | null;
    };
    const view = async (url: string, jar = new Jar()) => {
      const response = await load(feedLoader, url, jar, { feedCd: id });
      expect(response.status).toBe(200);
      return json<{ comments: Thread[] }>(response);
    };
    const first = await view(`/community/${id}`);
    const threads = new Map([
      [top, [top, ordered.slice(0, 3), 57, null]],
      [other, [other, [lone], null, null]],
    ]);
    expect(first.comments.map((t) => [t.id, t.replies.map((r) => r.id), t.more?.count ?? null, t.back])).toEqual([
      threads.get(firstComment),
      threads.get(secondComment),
    ]);
    // "57 more replies": the next replies of that comment, on the same page, and a link on until the end.
    const topThread = first.comments.find((t) => t.id === top)!;
    const seen = topThread.replies.map((r) => r.id);
    let href = topThread.more!.href;
    for (let pages = 0; href; pages++) {
      expect(pages).toBeLessThan(5);
      expect(href).toMatch(new RegExp(`^/community/${id}\\?replies=${top}&repliesAfter=`));
      const page = await view(href, replier.jar);
      const opened = page.comments.find((t) => t.id === top)!;
      const rest = page.comments.find((t) => t.id === other)!;
      expect(opened.back).toBe(`/community/${id}`);
      expect(rest.replies.map((r) => r.id)).toEqual([lone]);
      seen.push(...opened.replies.map((r) => r.id));
      href = opened.more?.href ?? "";
      if (href) expect(opened.more?.count).toBeNull();
      // Replying from a page of replies works (the form posts to the same address).
      if (pages === 0) {
        const answered = await post(
          feedAction,
          href,
          replier.jar,
          { intent: "comment", text: "late reply", parentId: top },
          { feedCd: id },
        );
        expect(answered.status).toBe(200);
        replies.push((await json<{ commented: string }>(answered)).commented);
      }
    }
    expect(seen).toEqual(await storeOrder(replies));
    expect((await services.stores.comments.get(top))?.replyCount).toBe(61);
    // From the first reply, without a cursor.
    const all = await view(`/community/${id}?replies=${top}`);
    expect(all.comments.find((t) => t.id === top)!.replies.map((r) => r.id)).toEqual(seen.slice(0, 50));
    // Its author deletes it from there: the page it comes back to is the comments page without it.
    const deleted = await post(
      feedAction,
      `/community/${id}?replies=${top}`,
      author.jar,
      { intent: "deleteComment", commentId: top },
      { feedCd: id },
    );
    expect(deleted.status).toBe(200);
    const after = await view(`/community/${id}?replies=${top}`, author.jar);
    expect(after.comments.map((t) => t.id)).toEqual([other]);
  });

  it("answers a malformed replies address with 404 or 400, never a 500", async () => {
    const author = await member();
    const id = await newFeed(author);
    const otherFeed = await newFeed(author, "Another");
    const say = async (feedId: string, text: string, parentId?: string) =>
      (
        await json<{ commented: string }>(
          await post(
            feedAction,
            `/community/${feedId}`,
            author.jar,
            { intent: "comment", text, ...(parentId ? { parentId } : {}) },
            { feedCd: feedId },
          ),
        )
      ).commented;
    const a = await say(id, "first");
    const b = await say(id, "second");
    for (let i = 0; i < 5; i++) await say(id, `reply ${i}`, a);
    await say(id, "to b", b);
    const reply = await say(id, "to a", a);
    const elsewhere = await say(otherFeed, "elsewhere");
    const page = await json<{ comments: { id: string; more: { href: string } | null }[] }>(
      await load(feedLoader, `/community/${id}`, new Jar(), { feedCd: id }),
    );
    // Comments posted within one millisecond are ordered by id: found by id, not by place.
    const threadOfA = page.comments.find((t) => t.id === a)!;
    const cursor = new URL(`http://x${threadOfA.more!.href}`).searchParams.get("repliesAfter")!;
    const status = async (query: string) =>
      (await load(feedLoader, `/community/${id}?${query}`, new Jar(), { feedCd: id })).status;
    expect(await status(`replies=${a}&repliesAfter=${encodeURIComponent(cursor)}`)).toBe(200);
    // Not an id.
    for (const bad of ["x", "%3Cscript%3E", `${a}x`]) expect(await status(`replies=${bad}`)).toBe(404);
    // No such comment (deleted meanwhile), a reply, another feed's comment: the comments page, nothing opened.
    for (const other of ["AAAAAAAAAAAA", reply, elsewhere]) {
      const shown = await json<{ comments: { id: string; replies: unknown[]; back: string | null }[] }>(
        await load(feedLoader, `/community/${id}?replies=${other}`, new Jar(), { feedCd: id }),
      );
      expect(
        shown.comments.map((t) => [t.id, t.replies.length, t.back]).sort((x, y) => (x[0]! < y[0]! ? -1 : 1)),
      ).toEqual(
        [
          [a, 3, null],
          [b, 1, null],
        ].sort((x, y) => (x[0]! < y[0]! ? -1 : 1)),
      );
    }
    // A cursor without its comment, edited, or another comment's.
    expect(await status(`repliesAfter=${encodeURIComponent(cursor)}`)).toBe(400);
    expect(await status(`replies=${a}&repliesAfter=${encodeURIComponent(cursor)}x`)).toBe(400);
    expect(await status(`replies=${a}&repliesAfter=c1.AAAA.BBBB`)).toBe(400);
    expect(await status(`replies=${b}&repliesAfter=${encodeURIComponent(cursor)}`)).toBe(400);
    // A comments cursor is not a replies cursor.
    expect(await status(`comments=${encodeURIComponent(cursor)}`)).toBe(400);
  });

  it("shows text as text: no HTML, links only for http(s), control and zero-width characters gone", async () => {
    const author = await member();
    const text = "<script>alert(1)</script> javascript:alert(1) https://www.hikorea.go.kr/ ok\u200b\u202e\u0007";
    const id = await newFeed(author, text);
    const stored = await services.stores.feeds.get(id);
    expect(stored?.text).toBe("<script>alert(1)</script> javascript:alert(1) https://www.hikorea.go.kr/ ok");
    const view = await json<{ feed: { segments: { text: string; href?: string }[] } }>(
      await load(feedLoader, `/community/${id}`, new Jar(), { feedCd: id }),
    );
    const links = view.feed.segments.filter((s) => s.href);
    expect(links).toEqual([{ text: "https://www.hikorea.go.kr/", href: "https://www.hikorea.go.kr/" }]);
    expect(view.feed.segments.map((s) => s.text).join("")).toBe(stored?.text);
  });

  it("reports once per member; at the threshold the feed is hidden, shown to its author with why", async () => {
    const author = await member();
    const r1 = await member("Ana Lima");
    const r2 = await member("Bo Kim");
    const id = await newFeed(author);
    const report = (m: Member) => post(reportAction, `/community/report?itemCd=${id}`, m.jar, { reason: "spam" });
    expect((await report(r1)).status).toBe(200);
    const twice = await report(r1);
    expect(twice.status).toBe(409);
    expect((await json(twice)).error?.[""]).toEqual(["errors.form.alreadyReported"]);
    expect((await post(reportAction, `/community/report?itemCd=${id}`, author.jar, { reason: "spam" })).status).toBe(
      400,
    );
    // "Other" needs words; the choice is kept.
    const bare = await post(reportAction, `/community/report?itemCd=${id}`, r2.jar, { reason: "other" });
    expect(bare.status).toBe(400);
    expect((await json(bare)).initialValue?.reason).toBe("other");
    expect((await report(r2)).status).toBe(200);

    expect((await services.stores.feeds.get(id))?.status).toBe("reported");
    const list = await json<{ feeds: { id: string }[] }>(await load(listLoader, "/community"));
    expect(list.feeds.some((f) => f.id === id)).toBe(false);
    expect((await load(feedLoader, `/community/${id}`, r1.jar, { feedCd: id })).status).toBe(404);
    const own = await load(feedLoader, `/community/${id}`, author.jar, { feedCd: id });
    expect(own.status).toBe(200);
    expect((await json<{ feed: { status: string } }>(own)).feed.status).toBe("reported");
    // A hidden feed cannot be reported further (404), nor commented on.
    expect((await load(reportLoader, `/community/report?itemCd=${id}`, r1.jar)).status).toBe(404);
  });

  it("moderation: only moderators see the queue; restoring tells every reporter", async () => {
    const author = await member();
    const r1 = await member("Ana Lima");
    const r2 = await member("Bo Kim");
    const moderator = await member("Mod Erator", true);
    const id = await newFeed(author);
    for (const m of [r1, r2]) await post(reportAction, `/community/report?itemCd=${id}`, m.jar, { reason: "abuse" });

    expect((await load(reviewLoader, "/community/review", r1.jar)).status).toBe(403);
    expect(
      (await post(reviewAction, "/community/review", r1.jar, { kind: "feed", id, outcome: "deleted" })).status,
    ).toBe(403);
    expect(await services.stores.feeds.get(id)).not.toBeNull();

    const queue = await json<{ items: { id: string }[] }>(await load(reviewLoader, "/community/review", moderator.jar));
    expect(queue.items.some((i) => i.id === id)).toBe(true);
    const restored = await post(reviewAction, "/community/review", moderator.jar, {
      kind: "feed",
      id,
      outcome: "restored",
    });
    expect(restored.status).toBe(200);
    expect((await services.stores.feeds.get(id))?.status).toBe("visible");
    for (const m of [r1, r2]) {
      const page = await inbox(m.uid);
      expect(page.ok && page.items.map((n) => [n.kind, n.data.outcome])).toEqual([["reportOutcome", "restored"]]);
    }
  });

  it("gives a member who is not a moderator the same 403 as forbidden() gives elsewhere", async () => {
    const author = await member();
    const stranger = await member("Not A Moderator");
    const id = await newFeed(author);
    // forbidden(): someone else's feed to edit.
    const elsewhere = await load(editLoader, `/community/edit?itemCd=${id}`, stranger.jar);
    const queue = await load(reviewLoader, "/community/review", stranger.jar);
    const decision = await post(reviewAction, "/community/review", stranger.jar, {
      kind: "feed",
      id,
      outcome: "deleted",
    });
    for (const answer of [queue, decision]) {
      expect(answer.status).toBe(403);
      expect(answer.statusText).toBe(elsewhere.statusText);
      expect(answer.headers.get("Content-Type")).toBe(elsewhere.headers.get("Content-Type"));
      expect(await answer.text()).toBe(await elsewhere.clone().text());
    }
  });

  it("the documented script grants the moderator role from the next request, and takes it back at once", async () => {
    const someone = await member("Future Mod");
    const script = (...args: string[]) =>
      new Promise<string>((resolve, reject) =>
        execFile(
          process.execPath,
          ["scripts/grant-admin.mjs", ...args],
          {
            env: {
              ...process.env,
              FIREBASE_AUTH_EMULATOR_HOST: inject("authEmulatorHost"),
              FIREBASE_PROJECT_ID: inject("authProjectId"),
              DATA_DIR: services.dataDir,
            },
          },
          (error, stdout, stderr) => (error ? reject(new Error(stderr || error.message)) : resolve(stdout)),
        ),
      );
    expect((await load(reviewLoader, "/community/review", someone.jar)).status).toBe(403);
    await script(someone.uid);
    // The session made before the grant carries it from its next request (the role in our storage); so does a
    // new sign-in (the claim too).
    expect((await load(reviewLoader, "/community/review", someone.jar)).status).toBe(200);
    const signedInAgain = await services.identity.signInAs(someone.uid);
    if (!signedInAgain.ok) throw new Error("signInAs failed");
    const session = await startSession(services, signedInAgain.idToken);
    if (!session.ok) throw new Error(session.reason);
    const jar = new Jar();
    jar.take(new Response(null, { headers: { "Set-Cookie": session.setCookie } }));
    expect((await load(reviewLoader, "/community/review", jar)).status).toBe(200);

    await script(someone.uid, "--revoke");
    // Both sessions end at once: the next request is a visitor's, sent to sign in.
    expect((await load(reviewLoader, "/community/review", jar)).status).toBe(302);
    expect((await load(reviewLoader, "/community/review", someone.jar)).status).toBe(302);
    expect((await services.identity.admin.auth.getUser(someone.uid)).customClaims?.admin).toBeUndefined();
    expect((await services.identity.admin.auth.getUser(someone.uid)).tokensValidAfterTime).toBeDefined();
  });

  it("the inbox: newest first, the badge count in the root's data, open marks read and goes to the subject", async () => {
    const author = await member();
    const fan = await member("Ana Lima");
    const id = await newFeed(author);
    await post(feedAction, `/community/${id}`, fan.jar, { intent: "comment", text: "Nice" }, { feedCd: id });
    await post(feedAction, `/community/${id}`, fan.jar, { intent: "like" }, { feedCd: id });

    const root = await json<{ unread: number }>(await load(rootLoader, "/", author.jar));
    expect(root.unread).toBe(2);
    const page = await json<{ items: { id: string; kind: string; href: string; unread: boolean }[]; unread: number }>(
      await load(inboxLoader, "/noti", author.jar),
    );
    expect(page.items.map((i) => i.kind)).toEqual(["like", "comment"]);
    const comment = page.items[1]!;
    expect(comment.href).toMatch(new RegExp(`^/community/${id}#c-`));

    // Someone else's notification id opens nothing.
    const foreign = await post(inboxAction, "/noti", fan.jar, { intent: "open", id: comment.id });
    expect(foreign.headers.get("Location")).toBe("/noti");
    const opened = await post(inboxAction, "/noti", author.jar, { intent: "open", id: comment.id });
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toBe(comment.href);
    expect(await services.stores.notifications.unreadCount(author.uid)).toBe(1);
    await post(inboxAction, "/noti", author.jar, { intent: "readAll" });
    expect(await services.stores.notifications.unreadCount(author.uid)).toBe(0);
    await post(inboxAction, "/noti", author.jar, { intent: "delete", id: comment.id, confirmed: "yes" });
    const left = await inbox(author.uid);
    expect(left.ok && left.items.map((n) => n.kind)).toEqual(["like"]);
    expect((await post(inboxAction, "/noti", author.jar, { intent: "open", id: "not-a-uuid" })).status).toBe(400);
    expect((await load(inboxLoader, "/noti?after=forged", author.jar)).status).toBe(400);
  });

  it("deleting a feed asks first without JavaScript, then removes its photos from disk and its notifications", async () => {
    const author = await member();
    const fan = await member("Ana Lima");
    const posted = await postFeed("/community/edit", author.jar, { category: "market", text: "Selling a bike" }, [
      { name: "bike.jpg", bytes: await phoneJpeg(400, 300) },
    ]);
    const id = feedIdOf(posted);
    const [photo] = (await services.stores.feeds.get(id))!.photos;
    expect(storedFiles()).toContain(`${photo!.id}.webp`);
    await post(feedAction, `/community/${id}`, fan.jar, { intent: "comment", text: "How much?" }, { feedCd: id });
    expect(
      (await post(feedAction, `/community/${id}`, fan.jar, { intent: "deleteFeed", confirmed: "yes" }, { feedCd: id }))
        .status,
    ).toBe(403);

    const ask = await post(feedAction, `/community/${id}`, author.jar, { intent: "deleteFeed" }, { feedCd: id });
    expect(await json<{ confirmDelete?: boolean }>(ask)).toMatchObject({ confirmDelete: true });
    expect(await services.stores.feeds.get(id)).not.toBeNull();
    const done = await post(
      feedAction,
      `/community/${id}`,
      author.jar,
      { intent: "deleteFeed", confirmed: "yes" },
      { feedCd: id },
    );
    expect(done.status).toBe(302);
    expect(await services.stores.feeds.get(id)).toBeNull();
    expect(storedFiles()).not.toContain(`${photo!.id}.webp`);
    expect(storedFiles()).not.toContain(`${photo!.id}-s.webp`);
    const page = await inbox(author.uid);
    expect(page.ok && page.items).toHaveLength(0);
  });

  it("withdrawal removes the member's feeds, comments, likes, photos and notifications", async () => {
    const leaving = await member("Leaving Member");
    const other = await member("Staying Member");
    const posted = await postFeed("/community/edit", leaving.jar, { category: "daily", text: "Bye" }, [
      { name: "a.jpg", bytes: await phoneJpeg(300, 300) },
    ]);
    const theirFeed = feedIdOf(posted);
    const [photo] = (await services.stores.feeds.get(theirFeed))!.photos;
    const otherFeed = await newFeed(other);
    await post(
      feedAction,
      `/community/${otherFeed}`,
      leaving.jar,
      { intent: "comment", text: "Hi" },
      { feedCd: otherFeed },
    );
    await post(feedAction, `/community/${otherFeed}`, leaving.jar, { intent: "like" }, { feedCd: otherFeed });

    const done = await withdraw(services, leaving.uid, null);
    expect(done.ok).toBe(true);
    expect(await services.stores.feeds.get(theirFeed)).toBeNull();
    expect(storedFiles().filter((f) => f.startsWith(photo!.id))).toEqual([]);
    const stays = await services.stores.feeds.get(otherFeed);
    expect(stays).toMatchObject({ commentCount: 0, likeCount: 0 });
    expect(await services.stores.files.usage(leaving.uid)).toBe(0);
  });
});

describe("bad input on the post form", () => {
  it("keeps the text and the accepted photos when a 30 MB file, an HTML file named .jpg and a pixel bomb are refused", async () => {
    const author = await member();
    const good = await phoneJpeg(640, 480);
    const response = await postFeed("/community/edit", author.jar, { category: "daily", text: "Keep this text" }, [
      { name: "good.jpg", bytes: good },
      { name: "huge.jpg", bytes: Buffer.alloc(30 * 1024 * 1024, 0xff) },
      { name: "page.jpg", bytes: Buffer.from("<html><script>alert(1)</script></html>") },
      {
        name: "vector.jpg",
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      },
      { name: "../../etc/passwd.png", bytes: pngClaiming(20_000, 20_000) },
    ]);
    expect(response.status).toBe(400);
    const reply = await json(response);
    expect(reply.initialValue?.text).toBe("Keep this text");
    expect(reply.refused).toEqual([
      { problem: "notImage", name: "page.jpg" },
      { problem: "notImage", name: "vector.jpg" },
      { problem: "tooManyPixels", name: "passwd.png" },
      { problem: "tooLarge", name: "huge.jpg" },
    ]);
    expect(reply.photos).toHaveLength(1);
    // The accepted photo is the member's pending file: sent back, the post keeps it.
    const retry = await postFeed("/community/edit", author.jar, {
      category: "daily",
      text: "Keep this text",
      photo: reply.photos!.map((p) => p.token),
    });
    expect(retry.status).toBe(302);
    const feed = await services.stores.feeds.get(feedIdOf(retry));
    expect(feed?.photos.map((p) => p.id)).toEqual(reply.photos!.map((p) => p.id));
    expect(storedFiles().some((f) => f.includes("passwd"))).toBe(false);
  });

  it("takes at most 10 photos of 50, and never another member's pending photo", async () => {
    const author = await member();
    const thief = await member("Thief");
    const small = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#3366cc" } })
      .png()
      .toBuffer();
    const fifty = Array.from({ length: 50 }, (_, i) => ({ name: `p${i}.png`, bytes: small, type: "image/png" }));
    const response = await postFeed("/community/edit", author.jar, { category: "daily", text: "" }, fifty);
    expect(response.status).toBe(400);
    const reply = await json(response);
    expect(reply.error?.text).toEqual(["errors.form.textRequired"]);
    expect(reply.photos).toHaveLength(10);
    expect(reply.refused?.filter((r) => r.problem === "tooMany")).toHaveLength(40);

    const stolen = await postFeed("/community/edit", thief.jar, {
      category: "daily",
      text: "Look at these",
      photo: reply.photos!.map((p) => p.token),
    });
    expect(stolen.status).toBe(302);
    expect((await services.stores.feeds.get(feedIdOf(stolen)))?.photos).toEqual([]);
  });

  it("states and enforces the text limit, and refuses an unknown category, keeping what was typed", async () => {
    const author = await member();
    const long = "가".repeat(2001);
    const response = await postFeed("/community/edit", author.jar, { category: "weapons", text: long });
    expect(response.status).toBe(400);
    const reply = await json(response);
    expect(reply.error?.category).toEqual(["errors.form.categoryRequired"]);
    expect(reply.error?.text?.[0]).toMatch(/^errors\.form\.textTooLong::\{"max":2000\}$/);
    expect(reply.initialValue?.text).toBe(long);
  });

  it("answers a post the database cannot take with the table's 503, keeping the text and the accepted photo", async () => {
    const author = await member();
    // The same services, with the feed store's writes failing (a disk that cannot take them).
    const diskFull = async () => {
      throw new Error("SQLITE_FULL: database or disk is full");
    };
    const failing: AppLoadContext = {
      ...context,
      services: {
        ...services,
        stores: { ...services.stores, feeds: { ...services.stores.feeds, create: diskFull, update: diskFull } },
      },
    };
    const fields = { category: "daily", text: "Kept when the save fails" };
    const response = await postFeed(
      "/community/edit",
      author.jar,
      fields,
      [{ name: "kept.jpg", bytes: await phoneJpeg(320, 240) }],
      failing,
    );
    expect(response.status).toBe(503);
    const reply = await json(response);
    expect(reply.error?.[""]).toEqual(["errors.form.saveFailed"]);
    expect(reply.initialValue?.text).toBe("Kept when the save fails");
    expect(reply.photos).toHaveLength(1);
    // The photo waits as the member's pending file: sent again once the disk has room, the post keeps it.
    const retry = await postFeed("/community/edit", author.jar, {
      ...fields,
      photo: reply.photos!.map((p) => p.token),
    });
    expect(retry.status).toBe(302);
    expect((await services.stores.feeds.get(feedIdOf(retry)))?.photos.map((p) => p.id)).toEqual(
      reply.photos!.map((p) => p.id),
    );

    // An edit that cannot be saved: the same answer, and the feed as it was.
    const id = feedIdOf(retry);
    const edit = await postFeed(
      `/community/edit?itemCd=${id}`,
      author.jar,
      { category: "daily", text: "Edited" },
      [],
      failing,
    );
    expect(edit.status).toBe(503);
    const edited = await json(edit);
    expect(edited.error?.[""]).toEqual(["errors.form.saveFailed"]);
    expect(edited.initialValue?.text).toBe("Edited");
    expect((await services.stores.feeds.get(id))?.text).toBe("Kept when the save fails");
  });

  it("refuses a forged paging cursor with 400, never a 500", async () => {
    expect((await load(listLoader, "/community?after=c1.AAAA.BBBB")).status).toBe(400);
    expect((await load(listLoader, "/community?category=visa&after=x")).status).toBe(400);
    const id = "AAAAAAAAAAAA";
    expect((await load(feedLoader, `/community/${id}?comments=x`, new Jar(), { feedCd: id })).status).toBe(404);
  });

  it("shows a member their own feeds and comments on my community", async () => {
    const author = await member();
    const id = await newFeed(author, "Mine");
    await post(feedAction, `/community/${id}`, author.jar, { intent: "comment", text: "my comment" }, { feedCd: id });
    const feeds = await json<{ feeds: { id: string }[] }>(
      await load(myCommunityLoader, "/mypage/community", author.jar),
    );
    expect(feeds.feeds.map((f) => f.id)).toEqual([id]);
    const comments = await json<{ comments: { feedId: string }[] }>(
      await load(myCommunityLoader, "/mypage/community?tab=comments", author.jar),
    );
    expect(comments.comments.map((c) => c.feedId)).toEqual([id]);
  });
});

describe("a comment with 1 200 replies, through the built server without JavaScript", () => {
  let server: RunningServer;
  let seed: Stores;
  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_ALL: "10000" });
    // Another client of the server's own database file, as a second process would be.
    seed = openSqliteStores(path.join(server.dataDir, "klife.sqlite"));
  });
  afterAll(async () => {
    await seed?.close();
    await server?.stop();
  });

  // What the page promises: a comment's first 3 replies, then the rest 50 at a time.
  const REPLY_PREVIEW = 3;
  const REPLIES_PER_PAGE = 50;
  const writer = { uid: "seed-author", label: "Seo J.", nationality: "VN" };
  const at = Date.now() - 24 * 60 * 60_000;
  const words = (n: number) => `Reply ${n}: ${"the Ansan office opens at nine, bring your card ".repeat(5)}`;

  /** A feed with 55 comments (a second comments page), the 52nd answered `replies` times; its ids. */
  async function seeded(replies: number) {
    const feedId = newId();
    await seed.feeds.create({
      id: feedId,
      author: writer,
      category: "visa",
      text: "ARC renewal",
      photos: [],
      createdAt: at,
    });
    const comments: string[] = [];
    for (let i = 0; i < 55; i++) {
      const id = newId();
      await seed.comments.add(
        { id, feedId, parentId: null, author: writer, text: `Comment ${i}`, createdAt: at + i },
        [],
      );
      comments.push(id);
    }
    const parentId = comments[51]!;
    const made: { id: string; createdAt: number }[] = [];
    for (let i = 0; i < replies; i++) {
      const id = newId();
      // Ten replies share each time: the pages order them by id too.
      const createdAt = at + 100 + Math.floor(i / 10);
      await seed.comments.add({ id, feedId, parentId, author: writer, text: words(i), createdAt }, []);
      made.push({ id, createdAt });
    }
    made.sort((x, y) => x.createdAt - y.createdAt || (x.id < y.id ? -1 : 1));
    return { feedId, comments, parentId, replyIds: made.map((r) => r.id) };
  }

  const page = async (href: string) => {
    // Not following redirects: a page that sent elsewhere fails here instead of being read as the one asked for.
    const response = await fetch(new URL(href, server.url), {
      headers: { "Accept-Language": "en" },
      redirect: "manual",
    });
    expect(response.status, href).toBe(200);
    return response.text();
  };
  /** The comments and replies a page shows, in order. */
  const shown = (html: string) => [...html.matchAll(/id="c-([A-Za-z0-9_-]{12})"/g)].map((m) => m[1]!);
  const links = (html: string) =>
    [...html.matchAll(/href="([^"]*)"/g)].map((m) => new URL(m[1]!.replaceAll("&amp;", "&"), "http://x"));
  const commentsMore = (html: string) =>
    links(html).find((u) => u.searchParams.has("comments") && !u.searchParams.has("replies"));
  const repliesMore = (html: string, parentId: string) =>
    links(html).find((u) => u.searchParams.get("replies") === parentId && u.searchParams.has("repliesAfter"));
  const pathOf = (u: URL) => `${u.pathname}${u.search}`;

  it("shows its first replies, weighs like a comment with 4, and pages the rest by links to the end", async () => {
    const busy = await seeded(1200);
    const calm = await seeded(REPLY_PREVIEW + 1);

    // The comments "more" link (a plain link) leads to the second page, where the answered comment is.
    const secondPage = async (feedId: string) => {
      const first = await page(`/community/${feedId}`);
      const more = commentsMore(first);
      expect(more).toBeDefined();
      return { url: more!, html: await page(pathOf(more!)) };
    };
    const busyPage = await secondPage(busy.feedId);
    const calmPage = await secondPage(calm.feedId);
    const answered = shown(busyPage.html);
    expect(answered.filter((id) => busy.comments.includes(id))).toEqual(busy.comments.slice(50));
    expect(answered.filter((id) => busy.replyIds.includes(id))).toEqual(busy.replyIds.slice(0, REPLY_PREVIEW));
    // The count is isolated in its own element (right-to-left pages): read as text.
    expect(busyPage.html.replace(/<[^>]+>/g, "")).toContain(`${1200 - REPLY_PREVIEW} more replies`);
    expect(calmPage.html.replace(/<[^>]+>/g, "")).toContain("1 more reply");
    // 1 200 replies weigh on the page like 4: the same page but for a few digits.
    expect(Math.abs(busyPage.html.length - calmPage.html.length)).toBeLessThan(200);

    // "1 197 more replies", then each page's own next link, to the end: every reply once, in order.
    const seen = answered.filter((id) => busy.replyIds.includes(id));
    let next = repliesMore(busyPage.html, busy.parentId);
    let pages = 0;
    while (next) {
      expect(next.searchParams.get("comments")).toBe(busyPage.url.searchParams.get("comments"));
      const html = await page(pathOf(next));
      const ids = shown(html);
      const replies = ids.filter((id) => busy.replyIds.includes(id));
      expect(replies.length).toBeGreaterThan(0);
      expect(replies.length).toBeLessThanOrEqual(REPLIES_PER_PAGE);
      // Still the comments page the reader was on, with a way back to it.
      expect(ids.filter((id) => busy.comments.includes(id))).toEqual(busy.comments.slice(50));
      expect(links(html).some((u) => pathOf(u) === pathOf(busyPage.url))).toBe(true);
      seen.push(...replies);
      next = repliesMore(html, busy.parentId);
      pages++;
      expect(pages).toBeLessThanOrEqual(Math.ceil(1200 / REPLIES_PER_PAGE));
    }
    expect(pages).toBe(Math.ceil((1200 - REPLY_PREVIEW) / REPLIES_PER_PAGE));
    expect(seen).toEqual(busy.replyIds);
  });
});
