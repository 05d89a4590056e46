/**
 * What a page promises is what the data does, checked through the built server over HTTP as a
 * browser without JavaScript sees it, members joined and signed in against the real Auth emulator:
 * a comment hidden by reporters is no longer quoted in the feed author's inbox; a member who
 * withdrew is no longer named there; a number change to another member's number says why,
 * in the member's language, once the code has proven the number; and an edit the database cannot
 * take says so in the member's language, with what they typed kept.
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpBrowser, joinOverHttp, lastCodeTo, type Joined } from "../support/join";
import { startServer, type RunningServer } from "../support/server";

let server: RunningServer;
beforeAll(async () => {
  // Seven joins and their posts from one address: room above the default limits.
  server = await startServer({ RATE_LIMIT_AUTH: "300", RATE_LIMIT_MUTATIONS: "300", RATE_LIMIT_ALL: "3000" });
});
afterAll(async () => {
  await server?.stop("SIGKILL");
});

const HTML_ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'" };
const textOf = (html: string) => html.replace(/&(amp|lt|gt|quot|#x27);/g, (e) => HTML_ENTITIES[e]!);

const formMessage = (lng: string, key: string) =>
  (
    JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../locales", lng, "common.json"), "utf8")) as {
      errors: { form: Record<string, string> };
    }
  ).errors.form[key]!;

/** A member joined over HTTP, and their browser (the session's cookies, their language). */
async function join(name: string, lng = "en") {
  const headers = { "Accept-Language": lng };
  const joined: Joined = await joinOverHttp(server.url, server.dataDir, { name, headers });
  const browser = httpBrowser(server.url, headers);
  for (const pair of joined.cookies.split("; ")) {
    const [key, ...value] = pair.split("=");
    browser.jar.cookies.set(key!, value.join("="));
  }
  /** The page's HTML, its entities read. */
  const page = async (pathname: string, form?: Record<string, string>) => {
    const response = await fetch(`${server.url}${pathname}`, {
      method: form ? "POST" : "GET",
      headers: { ...headers, Cookie: browser.jar.header, ...(form ? { Origin: server.url } : {}) },
      body: form ? new URLSearchParams(form) : undefined,
      redirect: "manual",
    });
    browser.jar.take(response);
    return { status: response.status, location: response.headers.get("Location"), html: textOf(await response.text()) };
  };
  return { ...joined, ...browser, page };
}

type Member = Awaited<ReturnType<typeof join>>;

/** Posts a feed as the edit form does (multipart, no photos); its id. */
async function postFeed(author: Member, text: string) {
  const form = new FormData();
  form.set("category", "daily");
  form.set("text", text);
  const response = await fetch(`${server.url}/community/edit`, {
    method: "POST",
    headers: { Cookie: author.jar.header, Origin: server.url },
    body: form,
    redirect: "manual",
  });
  expect(response.status).toBe(302);
  return response.headers.get("Location")!.replace("/community/", "");
}

describe("the inbox follows takedowns and withdrawals", () => {
  it("no longer quotes a comment that three members reported for personal information", async () => {
    const author = await join("Anna Lee");
    const commenter = await join("Bora Kim");
    const reporters = [await join("Dara Ok"), await join("Emil Sato"), await join("Farid Khan")];
    const feedId = await postFeed(author, "Where can I renew my ARC in Ansan?");
    const words = "Call my sister at 010 2345 6789 she knows";
    expect((await commenter.page(`/community/${feedId}`, { intent: "comment", text: words })).status).toBe(200);
    const commentId = /id="c-([A-Za-z0-9_-]{12})"/.exec((await author.page(`/community/${feedId}`)).html)?.[1];
    expect(commentId).toBeDefined();
    // The author is told, with the comment's first words.
    expect((await author.page("/noti")).html).toContain(words);

    for (const reporter of reporters) {
      const reported = await reporter.page(`/community/report?itemCd=${feedId}&comment=${commentId}`, {
        reason: "personal",
      });
      expect(reported.status).toBe(200);
    }
    const inbox = await author.page("/noti");
    expect(inbox.status).toBe(200);
    expect(inbox.html).not.toContain(words);
    expect(inbox.html).not.toContain("010 2345");
  }, 180_000);

  it("no longer names a member who liked a post and then withdrew", async () => {
    const author = await join("Gita Rai");
    const liker = await join("Chen Wei");
    const feedId = await postFeed(author, "First snow in Suwon today");
    expect((await liker.page(`/community/${feedId}`, { intent: "like" })).status).toBe(200);
    // The inbox names the liker by their public label.
    expect((await author.page("/noti")).html).toContain("Chen W.");

    // Withdrawal through its page, as the member confirms it without JavaScript.
    const gone = await liker.page("/mypage/secede", { intent: "confirm", understood: "on" });
    expect(gone).toMatchObject({ status: 302, location: "/mypage/secede?bye=1" });

    const inbox = await author.page("/noti");
    expect(inbox.status).toBe(200);
    expect(inbox.html).not.toContain("Chen W.");
    expect(inbox.html).not.toContain("Chen");
    // Nobody likes the post any more: the line about it is gone rather than counting no one.
    expect(inbox.html).not.toContain("First snow in Suwon today");
  }, 180_000);
});

describe("changing the number to another member's", () => {
  it("says why after the code proves the number, in the member's language, on the code step", async () => {
    const korean = await join("Korean Speaker", "ko");
    const english = await join("English Speaker", "en");
    for (const [member, other, lng] of [
      [korean, english, "ko"],
      [english, korean, "en"],
    ] as const) {
      const sent = await member.page("/mypage/phone?index", { phone: other.local });
      expect(sent).toMatchObject({ status: 302, location: "/mypage/phone/authNo" });
      const verified = await member.page("/mypage/phone/authNo", {
        intent: "verify",
        code: lastCodeTo(server.dataDir, other.e164),
      });
      // Answered on the form, with the reason, instead of a silent return to step 1.
      expect(verified.status).toBe(409);
      expect(verified.location).toBeNull();
      expect(verified.html).toContain(formMessage(lng, "phoneInUse"));
      // Neither number moved: each member's page still shows their own number's last digits.
      const own = await member.page("/mypage/phone");
      expect(own.html).toContain(member.local.slice(-4));
    }
  }, 180_000);
});

const PHONE =
  "Mozilla/5.0 (Linux; Android 13; SM-A146P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130 Mobile Safari/537.36";

describe("an edit the database cannot take", () => {
  it("says so in the member's language with the table's 503, keeping what was typed and changing nothing", async () => {
    const author = await join("Hana Cho", "ko");
    const feedId = await postFeed(author, "Where can I renew my ARC in Ansan?");
    const typed = "Edited while another process held the database";
    // Another process holds the database's write lock past the server's busy timeout: the save fails for real.
    const other = new Database(path.join(server.dataDir, "klife.sqlite"));
    other.exec("BEGIN IMMEDIATE");
    let edited: Response;
    try {
      // As a phone's browser sends it (a crawler is answered a bare status for any 5xx, entry.server.tsx).
      edited = await fetch(`${server.url}/community/edit?itemCd=${feedId}`, {
        method: "POST",
        headers: { "Accept-Language": "ko", "User-Agent": PHONE, Cookie: author.jar.header, Origin: server.url },
        body: new URLSearchParams({ category: "visa", text: typed }),
        redirect: "manual",
      });
    } finally {
      other.exec("ROLLBACK");
      other.close();
    }
    expect(edited.status).toBe(503);
    const html = textOf(await edited.text());
    expect(html).toContain(formMessage("ko", "saveFailed"));
    // The text as typed, back in the form's text box.
    expect(html).toMatch(new RegExp(`<textarea[^>]*>${typed}</textarea>`));
    const feed = await author.page(`/community/${feedId}`);
    expect(feed.html).toContain("Where can I renew my ARC in Ansan?");
    expect(feed.html).not.toContain(typed);
  }, 180_000);
});
