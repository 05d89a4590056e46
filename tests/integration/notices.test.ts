/**
 * Notices through their loaders and actions, against the real Auth emulator and a
 * temporary database: the public pages for visitors (no sign-in, although under
 * /mypage), each language's text, else English, else the Korean original, marked,
 * their dates (a date alone without a time, "Updated" only for an edit), the pinned
 * notice's line on home, 404s from the boundary,
 * hostile Markdown through the page; the admin area for visitors, members and
 * admins (404 unless admin), its form's preview, publish and bad input, the audit
 * log; the broadcast read by an inbox among 10 000 members with a constant number
 * of rows written by publishing.
 */
import { randomUUID } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { startSession } from "~/auth/session.server";
import { saveNotice } from "~/notices/notices.server";
import { publicationTime } from "~/notices/schemas.server";
import { loader as rootLoader } from "~/root";
import { loader as homeLoader } from "~/routes/_index";
import { loader as adminLayoutLoader } from "~/routes/admin";
import { loader as adminIndexLoader } from "~/routes/admin._index";
import { loader as auditLoader } from "~/routes/admin.audit";
import { action as adminNoticesAction, loader as adminNoticesLoader } from "~/routes/admin.notices._index";
import { action as editAction, loader as editLoader } from "~/routes/admin.notices.edit";
import { loader as listLoader } from "~/routes/mypage.notice";
import { loader as detailLoader } from "~/routes/mypage.noticeDetail";
import { action as inboxAction, loader as inboxLoader } from "~/routes/noti._index";
import type { NoticeInput } from "~/stores/stores";
import { Jar, run } from "../support/jar";
import { registerMember } from "../support/members";
import { createTestServices, loadContext } from "../support/services";

const services = createTestServices();
const context = loadContext(services);
afterAll(() => services.cleanup());

type Route = (args: { request: Request; params: Record<string, string>; context: AppLoadContext }) => unknown;
const call = (route: Route, request: Request) => run(() => route({ request, params: {}, context }));
const load = (route: Route, url: string, jar = new Jar()) =>
  call(route, new Request(`http://x${url}`, { headers: { Cookie: jar.header } }));
const post = (route: Route, url: string, jar: Jar, fields: Record<string, string>) =>
  call(
    route,
    new Request(`http://x${url}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { Cookie: jar.header },
    }),
  );
const body = async <T = Record<string, unknown>>(response: Response) => (await response.json()) as T;

async function member(admin = false, name = "Nguyen Van An") {
  const { uid } = await services.identity.admin.auth.createUser({ email: `n-${randomUUID()}@example.com` });
  await registerMember(services, uid, { name });
  if (admin) await services.identity.admin.auth.setCustomUserClaims(uid, { admin: true });
  const signedIn = await services.identity.signInAs(uid);
  if (!signedIn.ok) throw new Error("signInAs failed");
  const session = await startSession(services, signedIn.idToken);
  if (!session.ok) throw new Error(`no session: ${session.reason}`);
  const jar = new Jar();
  jar.take(new Response(null, { headers: { "Set-Cookie": session.setCookie } }));
  return { uid, jar };
}

const DAY = 86_400_000;
/** Notices written by the test itself, as an operator's command would. */
const TEST_ACTOR = { kind: "operator", id: "test" } as const;
const notice = (itemCd: string, overrides: Partial<NoticeInput> = {}): NoticeInput => ({
  itemCd,
  category: "visa",
  pinned: false,
  publishedAt: Date.now() - DAY,
  translations: {
    ko: { title: `체류기간 연장 안내 ${itemCd}`, body: "**4개월 전부터** 신청할 수 있어요." },
    en: { title: `Extending your stay ${itemCd}`, body: "Apply from **4 months** before." },
  },
  ...overrides,
});

describe("notice pages, for visitors", () => {
  it("list published notices to a visitor, pinned first, with category and date, and no sign-in", async () => {
    await saveNotice(services.stores, notice("v-old", { publishedAt: Date.now() - 3 * DAY }), TEST_ACTOR, Date.now());
    await saveNotice(services.stores, notice("v-new"), TEST_ACTOR, Date.now());
    await saveNotice(
      services.stores,
      notice("v-pin", { pinned: true, publishedAt: Date.now() - 5 * DAY }),
      TEST_ACTOR,
      Date.now(),
    );
    await saveNotice(services.stores, notice("v-draft", { publishedAt: null }), TEST_ACTOR, Date.now());
    const response = await load(listLoader, "/mypage/notice?lng=en");
    expect(response.status).toBe(200);
    const data = await body<{ items: { itemCd: string; category: string; published: { date: string } }[] }>(response);
    const codes = data.items.map((n) => n.itemCd).filter((c) => c.startsWith("v-"));
    expect(codes).toEqual(["v-pin", "v-new", "v-old"]);
    expect(data.items[0]).toMatchObject({
      category: "visa",
      published: { date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
    });
    expect((await load(listLoader, "/mypage/notice?after=forged")).status).toBe(400);
  });

  it("show a notice in the page's language, else English, else the Korean original, said so", async () => {
    await saveNotice(services.stores, notice("d-1"), TEST_ACTOR, Date.now());
    const en = await body<{ notice: Record<string, unknown> }>(
      await load(detailLoader, "/mypage/noticeDetail?itemCd=d-1&lng=en"),
    );
    expect(en.notice).toMatchObject({ title: "Extending your stay d-1", language: "en", original: false });
    expect(en.notice.html).toBe("<p>Apply from <strong>4 months</strong> before.</p>\n");
    // Korean and English only, read in Vietnamese: English, said so (not the Korean original).
    const vi = await body<{ notice: Record<string, unknown> }>(
      await load(detailLoader, "/mypage/noticeDetail?itemCd=d-1&lng=vi"),
    );
    expect(vi.notice).toMatchObject({
      title: "Extending your stay d-1",
      language: "en",
      original: true,
      languageName: expect.stringMatching(/Anh/i),
    });
    expect(vi.notice.html).toBe("<p>Apply from <strong>4 months</strong> before.</p>\n");
    const ko = await body<{ notice: Record<string, unknown> }>(
      await load(detailLoader, "/mypage/noticeDetail?itemCd=d-1&lng=ko"),
    );
    expect(ko.notice).toMatchObject({ language: "ko", original: false, languageName: null });
    // Korean alone: the Korean original, said so.
    await saveNotice(
      services.stores,
      notice("d-ko", { translations: { ko: { title: "한국어만 d-ko", body: "본문" } } }),
      TEST_ACTOR,
      Date.now(),
    );
    const ur = await body<{ notice: Record<string, unknown> }>(
      await load(detailLoader, "/mypage/noticeDetail?itemCd=d-ko&lng=ur"),
    );
    expect(ur.notice).toMatchObject({ title: "한국어만 d-ko", language: "ko", original: true });
  });

  it("mark in the list a title shown in English where the reader's language has none", async () => {
    await saveNotice(services.stores, notice("m-1"), TEST_ACTOR, Date.now());
    type Item = { itemCd: string; title: string; lang: { code: string; name: string } | null };
    const titleOf = async (lng: string) =>
      (await body<{ items: Item[] }>(await load(listLoader, `/mypage/notice?lng=${lng}`))).items.find(
        (n) => n.itemCd === "m-1",
      )!;
    expect(await titleOf("vi")).toMatchObject({
      title: "Extending your stay m-1",
      lang: { code: "en", name: expect.stringMatching(/Anh/i) },
    });
    expect(await titleOf("en")).toMatchObject({ title: "Extending your stay m-1", lang: null });
    expect(await titleOf("ko")).toMatchObject({ title: "체류기간 연장 안내 m-1", lang: null });
  });

  it("show a date-only notice's day without a time, and Updated only after an edit", async () => {
    const day = publicationTime("2026-10-01")!;
    await saveNotice(services.stores, notice("t-date", { publishedAt: day }), TEST_ACTOR, Date.now());
    type Detail = { notice: { published: { full: string; date: string; iso: string }; updated: unknown } };
    const detail = async (lng: string) =>
      (await body<Detail>(await load(detailLoader, `/mypage/noticeDetail?itemCd=t-date&lng=${lng}`))).notice;
    const en = await detail("en");
    expect(en.published).toMatchObject({ full: "2026-10-01", date: "2026-10-01", iso: "2026-10-01" });
    const ko = await detail("ko");
    // One date style on a Korean page, and no "(0시 0분)".
    expect(ko.published).toMatchObject({ full: "2026년 10월 1일", date: "2026년 10월 1일" });
    // Stored today, published two months before: the day it was stored is no edit.
    expect(en.updated).toBeNull();
    const list = await body<{ items: { itemCd: string; published: { date: string } }[] }>(
      await load(listLoader, "/mypage/notice?lng=ko"),
    );
    expect(list.items.find((n) => n.itemCd === "t-date")!.published.date).toBe("2026년 10월 1일");

    // A notice with a time keeps it.
    const timed = publicationTime("2026-10-02T14:05:00+09:00")!;
    await saveNotice(services.stores, notice("t-time", { publishedAt: timed }), TEST_ACTOR, Date.now());
    const withTime = (await body<Detail>(await load(detailLoader, "/mypage/noticeDetail?itemCd=t-time&lng=ko"))).notice;
    expect(withTime.published.full).toBe("2026년 10월 2일 (14시 5분)");

    // Edited a day after it was stored: Updated, in the page's one date style.
    const stored = (await services.stores.notices.get("t-date"))!;
    const later = stored.createdAt + 2 * DAY;
    await saveNotice(
      services.stores,
      { ...stored, translations: { ...stored.translations, en: { title: "Changed", body: "Changed." } } },
      TEST_ACTOR,
      later,
    );
    const edited = await detail("ko");
    expect(edited.updated).toMatchObject({ date: expect.stringMatching(/^\d{4}년 \d{1,2}월 \d{1,2}일$/) });
  });

  it("put the pinned notice on home as one line, for visitors and members, in the chain's language", async () => {
    await saveNotice(
      services.stores,
      notice("h-pin", { pinned: true, publishedAt: Date.now() - 60_000 }),
      TEST_ACTOR,
      Date.now(),
    );
    type Home = { pinned: { itemCd: string; title: string; lang: { code: string } | null } | null };
    const visitor = await body<Home>(await load(homeLoader, "/?lng=vi"));
    expect(visitor.pinned).toMatchObject({ itemCd: "h-pin", title: "Extending your stay h-pin", lang: { code: "en" } });
    const { jar } = await member();
    const signedIn = await body<Home>(await load(homeLoader, "/?lng=ko", jar));
    expect(signedIn.pinned).toMatchObject({ itemCd: "h-pin", title: "체류기간 연장 안내 h-pin", lang: null });
    // Unpinned, home has no line (no other notice is pinned once every pinned one is unpinned).
    for (const itemCd of ["h-pin", "v-pin"])
      await services.stores.notices.change(itemCd, { pinned: false }, Date.now());
    expect((await body<Home>(await load(homeLoader, "/?lng=en"))).pinned).toBeNull();
  });

  it("answer a missing, malformed, unknown, draft or scheduled item code with the 404 of the boundary", async () => {
    await saveNotice(services.stores, notice("d-draft", { publishedAt: null }), TEST_ACTOR, Date.now());
    await saveNotice(services.stores, notice("d-later", { publishedAt: Date.now() + DAY }), TEST_ACTOR, Date.now());
    for (const query of [
      "",
      "?itemCd=",
      "?itemCd=no-such",
      "?itemCd=d-draft",
      "?itemCd=d-later",
      "?itemCd=%27%3B%20DROP%20TABLE%20notices%3B--",
      "?itemCd=..%2F..%2Fetc%2Fpasswd",
    ]) {
      const response = await load(detailLoader, `/mypage/noticeDetail${query}`);
      expect(response.status, query).toBe(404);
      expect(await response.json(), query).toEqual({ code: "notFound", path: "/mypage/noticeDetail" });
    }
  });

  it("render hostile Markdown without script, handlers or dangerous links", async () => {
    const hostile =
      "<script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror=alert(1)> [ok](https://example.com)";
    await saveNotice(
      services.stores,
      notice("d-xss", { translations: { ko: { title: "t", body: hostile } } }),
      TEST_ACTOR,
      Date.now(),
    );
    const data = await body<{ notice: { html: string } }>(
      await load(detailLoader, "/mypage/noticeDetail?itemCd=d-xss&lng=ko"),
    );
    // Raw HTML is shown as text (escaped), never as elements; no link leads to script.
    expect(data.notice.html).not.toMatch(/<(script|img)\b/i);
    expect(data.notice.html).not.toMatch(/<[a-z]+\s[^>]*\bon[a-z]+=/i);
    expect(data.notice.html).not.toMatch(/href="javascript:/i);
    expect(data.notice.html).toContain("&lt;script&gt;");
    expect(data.notice.html).toContain(
      '<a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">ok</a>',
    );
  });
});

describe("the admin area", () => {
  const adminRoutes: [string, Route][] = [
    ["/admin", adminLayoutLoader],
    ["/admin", adminIndexLoader],
    ["/admin/notices", adminNoticesLoader],
    ["/admin/notices/edit", editLoader],
    ["/admin/audit", auditLoader],
  ];

  it("is the 404 page for visitors and members who are not admins, reads and posts alike", async () => {
    const someone = await member();
    for (const jar of [new Jar(), someone.jar]) {
      for (const [path, route] of adminRoutes) {
        const response = await load(route, path, jar);
        expect(response.status, path).toBe(404);
        expect(await response.json()).toEqual({ code: "notFound", path });
      }
      await saveNotice(services.stores, notice("guarded", { publishedAt: null }), TEST_ACTOR, Date.now());
      expect(
        (
          await post(adminNoticesAction, "/admin/notices", jar, {
            itemCd: "guarded",
            intent: "publish",
            confirmed: "yes",
          })
        ).status,
      ).toBe(404);
      const created = await post(editAction, "/admin/notices/edit", jar, {
        itemCd: "sneaky",
        category: "general",
        "translations.ko.title": "t",
        "translations.ko.body": "b",
        intent: "publish",
      });
      expect(created.status).toBe(404);
    }
    expect(await services.stores.notices.get("sneaky")).toBeNull();
    expect((await services.stores.notices.get("guarded"))!.publishedAt).toBeNull();
  });

  it("lets an admin preview, save and publish a notice, pin it, and read who did what in the audit log", async () => {
    const admin = await member(true, "Admin Kim");
    for (const [path, route] of adminRoutes) expect((await load(route, path, admin.jar)).status, path).toBe(200);
    const fields = {
      itemCd: "a-001",
      category: "service",
      "translations.ko.title": "서비스 점검 안내",
      "translations.ko.body": "# 점검\n\n[자세히](https://example.com) <script>x</script>",
      "translations.en.title": "",
      "translations.en.body": "",
      "translations.vi.title": "Bảo trì",
      "translations.vi.body": "Nội dung",
    };
    const preview = await post(editAction, "/admin/notices/edit", admin.jar, { ...fields, intent: "preview" });
    expect(preview.status).toBe(200);
    const shown = await body<{ preview: { language: string; html: string }[]; initialValue: Record<string, unknown> }>(
      preview,
    );
    expect(shown.preview.map((p) => p.language)).toEqual(["ko", "vi"]);
    expect(shown.preview[0]!.html).toContain("<h2>점검</h2>");
    expect(shown.preview[0]!.html).not.toContain("<script");
    expect(shown.initialValue).toMatchObject({ itemCd: "a-001" });
    expect(await services.stores.notices.get("a-001")).toBeNull();

    // "Save and publish" asks first (decision 0103): unconfirmed, nothing is stored and the form comes back.
    const asked = await post(editAction, "/admin/notices/edit", admin.jar, { ...fields, intent: "publish" });
    expect(asked.status).toBe(200);
    expect(await body(asked)).toMatchObject({ confirmPublish: true, initialValue: { itemCd: "a-001" } });
    expect(await services.stores.notices.get("a-001")).toBeNull();
    const saved = await post(editAction, "/admin/notices/edit", admin.jar, {
      ...fields,
      intent: "publish",
      confirmed: "yes",
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/admin/notices");
    const stored = await services.stores.notices.get("a-001");
    expect(stored).toMatchObject({ category: "service", publishedAt: expect.any(Number), pinned: false });
    expect(Object.keys(stored!.translations)).toEqual(["ko", "vi"]);

    expect(
      (await post(adminNoticesAction, "/admin/notices", admin.jar, { itemCd: "a-001", intent: "pin" })).status,
    ).toBe(302);
    expect((await services.stores.notices.get("a-001"))!.pinned).toBe(true);
    // An edit keeps the code of the address, whatever the form says, and the publication date.
    const edit = await post(editAction, "/admin/notices/edit?itemCd=a-001", admin.jar, {
      ...fields,
      itemCd: "other",
      pinned: "on",
      "translations.ko.title": "서비스 점검 안내 (수정)",
      intent: "save",
    });
    expect(edit.status).toBe(302);
    expect(await services.stores.notices.get("other")).toBeNull();
    expect((await services.stores.notices.get("a-001"))!).toMatchObject({
      publishedAt: stored!.publishedAt,
      pinned: true,
    });

    const audit = await body<{
      items: { actor: { kind: string; name?: string }; action: string; target: string; summary: string }[];
    }>(await load(auditLoader, "/admin/audit", admin.jar));
    // Changes made in one millisecond (create and publish) are in no fixed order among themselves.
    const mine = audit.items.filter((e) => e.target === "notice a-001");
    expect(mine.every((e) => e.actor.kind === "admin")).toBe(true);
    expect(mine.map((e) => [e.actor.name, e.action]).sort()).toEqual(
      [
        ["Admin Kim", "create"],
        ["Admin Kim", "pin"],
        ["Admin Kim", "publish"],
        ["Admin Kim", "update"],
      ].sort(),
    );
    expect(mine.find((e) => e.action === "update")!.summary).toBe("서비스 점검 안내 (수정)");
  });

  it("answers bad input with messages at their fields, and writes nothing", async () => {
    const admin = await member(true);
    const problems = async (fields: Record<string, string>) => {
      const response = await post(editAction, "/admin/notices/edit", admin.jar, { intent: "publish", ...fields });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      const reply = await body<{ error: Record<string, string[]> }>(response);
      return Object.fromEntries(Object.entries(reply.error).map(([k, v]) => [k, v[0]!.split("::")[0]]));
    };
    const base = {
      itemCd: "bad-1",
      category: "general",
      "translations.ko.title": "제목",
      "translations.ko.body": "본문",
    };
    expect(await problems({ ...base, "translations.ko.body": "x".repeat(1_000_000) })).toEqual({
      "translations.ko.body": "admin.problems.bodyTooLong",
    });
    expect(await problems({ ...base, "translations.ko.title": "\u202E\u2066\u0007" })).toEqual({
      "translations.ko.title": "admin.problems.titleRequired",
    });
    expect(await problems({ ...base, "translations.xx.title": "t", "translations.xx.body": "b" })).toEqual({
      "translations.xx": "errors.form.languageUnknown",
    });
    expect(await problems({ ...base, itemCd: "x'; DROP TABLE notices;--" })).toEqual({
      itemCd: "admin.problems.itemCdFormat",
    });
    expect(await problems({ ...base, itemCd: "../../x" })).toEqual({ itemCd: "admin.problems.itemCdFormat" });
    expect(await problems({ ...base, "translations.ko.title": "", "translations.ko.body": "" })).toMatchObject({
      "translations.ko.title": "errors.form.koreanOriginal",
    });
    expect(await services.stores.notices.get("bad-1")).toBeNull();
    await saveNotice(services.stores, notice("taken"), TEST_ACTOR, Date.now());
    expect(await problems({ ...base, itemCd: "taken" })).toEqual({ itemCd: "admin.problems.itemCdTaken" });
    // A title's overrides and controls are cleaned, not refused.
    const cleaned = await post(editAction, "/admin/notices/edit", admin.jar, {
      ...base,
      itemCd: "clean-1",
      "translations.ko.title": "\u202Eexe.txt\u202C 안내\u0007",
      intent: "save",
    });
    expect(cleaned.status).toBe(302);
    expect((await services.stores.notices.get("clean-1"))!.translations.ko.title).toBe("exe.txt 안내");
    // A NUL is text no database keeps: refused at its field (decision 0083), nothing saved.
    expect(await problems({ ...base, itemCd: "nul-1", "translations.ko.title": "안내\u0000" })).toMatchObject({
      "translations.ko.title": "errors.form.textCharacters",
    });
    expect(await services.stores.notices.get("nul-1")).toBeNull();
  });
});

describe("the broadcast to inboxes", () => {
  /** Every row of every table: what a write anywhere would change. */
  function rowCount(db: Database.Database): number {
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .all() as {
      name: string;
    }[];
    return tables.reduce(
      (sum, t) => sum + (db.prepare(`SELECT count(*) AS n FROM "${t.name}"`).get() as { n: number }).n,
      0,
    );
  }

  it("reaches an inbox among 10 000 members with a constant number of rows written, respecting choices and joining", async () => {
    const reader = await member();
    const quiet = await member();
    await services.stores.members.setNotify(quiet.uid, { visa: true, community: true, notices: false }, Date.now());
    const db = new Database(services.databaseFile);
    db.pragma("busy_timeout = 5000");
    try {
      const joined = Date.now() - DAY;
      const insert = db.prepare(
        "INSERT INTO members (uid, name, language, created_at, updated_at) VALUES (?, ?, 'en', ?, ?)",
      );
      db.transaction(() => {
        for (let i = 0; i < 10_000; i++) insert.run(`bulk-${i}`, `Member ${i}`, joined, joined);
      })();
      expect((db.prepare("SELECT count(*) AS n FROM members").get() as { n: number }).n).toBeGreaterThanOrEqual(10_002);

      await saveNotice(services.stores, notice("bc-1", { publishedAt: null }), TEST_ACTOR, Date.now());
      const before = rowCount(db);
      const admin = await member(true);
      const afterAdmin = rowCount(db);
      const published = await post(adminNoticesAction, "/admin/notices", admin.jar, {
        itemCd: "bc-1",
        intent: "publish",
        confirmed: "yes",
      });
      expect(published.status).toBe(302);
      // The broadcast and the audit entry: two rows, whatever the number of members.
      expect(rowCount(db) - afterAdmin).toBe(2);
      expect(afterAdmin - before).toBeGreaterThan(0);

      const unread = async (jar: Jar) =>
        (await body<{ unread: number }>(await load(rootLoader as Route, "/", jar))).unread;
      expect(await unread(reader.jar)).toBe(1);
      expect(await unread(quiet.jar)).toBe(0);
      // A member who joins after it was published does not get it.
      const late = await member();
      expect(await unread(late.jar)).toBe(0);

      const inbox = await body<{
        items: { id: string; kind: string; message: { values: { title: string } }; href: string }[];
      }>(await load(inboxLoader, "/noti?lng=en", reader.jar));
      const item = inbox.items.find((n) => n.kind === "notice")!;
      expect(item).toMatchObject({
        message: { values: { title: "\u2068Extending your stay bc-1\u2069" } },
        href: "/mypage/noticeDetail?itemCd=bc-1",
      });
      // In Vietnamese, which it has not: its English title, marked as English.
      const vi = await body<{ items: { kind: string; message: { values: { title: string } }; lang: unknown }[] }>(
        await load(inboxLoader, "/noti?lng=vi", reader.jar),
      );
      expect(vi.items.find((n) => n.kind === "notice")).toMatchObject({
        message: { values: { title: "\u2068Extending your stay bc-1\u2069" } },
        lang: { code: "en", name: expect.stringMatching(/Anh/i) },
      });
      // Opening it reads it (one row, this member's) and goes to the notice.
      const rowsBeforeOpen = rowCount(db);
      const opened = await post(inboxAction, "/noti", reader.jar, { intent: "open", id: item.id });
      expect(opened.headers.get("Location")).toBe("/mypage/noticeDetail?itemCd=bc-1");
      expect(rowCount(db) - rowsBeforeOpen).toBe(1);
      expect(await unread(reader.jar)).toBe(0);

      // Editing does not tell anyone again; unpublishing takes it out of every inbox.
      const other = await member();
      expect(await unread(other.jar)).toBe(0);
      const stored = (await services.stores.notices.get("bc-1"))!;
      await saveNotice(
        services.stores,
        { ...stored, translations: { ko: { title: "고침", body: "본문" } } },
        { kind: "admin", uid: admin.uid, name: null },
        Date.now(),
      );
      const another = await load(inboxLoader, "/noti", reader.jar);
      expect((await body<{ unread: number }>(another)).unread).toBe(0);
      await post(adminNoticesAction, "/admin/notices", admin.jar, {
        itemCd: "bc-1",
        intent: "unpublish",
        confirmed: "yes",
      });
      const gone = await body<{ items: { kind: string }[] }>(await load(inboxLoader, "/noti", reader.jar));
      expect(gone.items.filter((n) => n.kind === "notice")).toEqual([]);
    } finally {
      db.close();
    }
  });
});
