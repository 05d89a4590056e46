/**
 * Over HTTP to the built server, as a browser without JavaScript (decision 0095): publishing and unpublishing a
 * notice and deleting from the inbox answer first with a confirm page and change nothing; the confirm page's own
 * form (`confirmed=yes`) acts, and the list says what was done. (Ending a partner's access: sso.test.ts.) Then the
 * admin pages in English and Korean: no stored value ("typicalBankCounter", "research", "publish", "notice",
 * "12 bp", "margin, currencies") is shown to the operator as a label (issue 41).
 */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_LABEL_MAPS } from "~/admin/labels";
import { httpBrowser, joinOverHttp } from "../support/join";
import { startServer, type RunningServer } from "../support/server";

const root = path.resolve(__dirname, "../..");
const password = "a long enough passphrase";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

async function admin() {
  const email = `confirm-${randomUUID()}@example.com`;
  const member = await joinOverHttp(server.url, server.dataDir, { email, password, name: "Confirm Admin" });
  const browser = httpBrowser(server.url);
  for (const cookie of member.cookies.split("; ")) {
    const at = cookie.indexOf("=");
    browser.jar.cookies.set(cookie.slice(0, at), cookie.slice(at + 1));
  }
  await promisify(execFile)(process.execPath, [path.join(root, "scripts", "grant-admin.mjs"), email], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: os.tmpdir(),
      DATA_DIR: server.dataDir,
      AUTH_EMULATOR_PORT: new URL(server.authEmulator.origin).port,
      FIREBASE_PROJECT_ID: server.authEmulator.projectId,
    } as unknown as NodeJS.ProcessEnv,
    timeout: 60_000,
  });
  return browser;
}

/** A page's text and its HTML, as a browser without JavaScript gets them. */
async function page(browser: ReturnType<typeof httpBrowser>, pathname: string, form?: Record<string, string>) {
  const response = await fetch(`${server.url}${pathname}`, {
    method: form ? "POST" : "GET",
    headers: { Cookie: browser.jar.header, ...(form ? { Origin: server.url } : {}) },
    body: form ? new URLSearchParams(form) : undefined,
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  browser.jar.take(response);
  return { status: response.status, location: response.headers.get("Location"), html: await response.text() };
}

const publishedAt = (itemCd: string) => {
  const db = new Database(path.join(server.dataDir, "klife.sqlite"), { readonly: true, fileMustExist: true });
  try {
    // undefined: no such notice stored.
    return (
      db.prepare("SELECT published_at FROM notices WHERE item_cd = ?").get(itemCd) as
        { published_at: number | null } | undefined
    )?.published_at;
  } finally {
    db.close();
  }
};

/** The confirm page's form: where it posts, and the hidden fields it sends again, with `confirmed=yes`. */
function confirmPage(html: string) {
  const form = /<form method="post" action="([^"]*)" class="confirm-page__actions"[^>]*>([\s\S]*?)<\/form>/.exec(html);
  const fields = [...(form?.[2] ?? "").matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)];
  return {
    action: (form?.[1] ?? "").replace(/&amp;/g, "&"),
    fields: Object.fromEntries(fields.map((m) => [m[1]!, m[2]!])),
  };
}
const confirmForm = (html: string) => confirmPage(html).fields;

describe("confirmations without JavaScript", () => {
  it("publish and unpublish a notice only from the confirm page, and say what was done", async () => {
    const browser = await admin();
    const itemCd = `cf-${randomUUID().slice(0, 8)}`;
    const saved = await page(browser, "/admin/notices/edit", {
      itemCd,
      category: "service",
      "translations.ko.title": `확인 공지 ${itemCd}`,
      "translations.ko.body": "본문",
      intent: "save",
    });
    expect(saved.status).toBe(302);
    expect(publishedAt(itemCd)).toBeNull();

    const asked = await page(browser, "/admin/notices?index&lng=en", { itemCd, intent: "publish" });
    expect(asked.status).toBe(200);
    expect(asked.html).toContain("Publish this notice?");
    expect(asked.html).toContain("into every member&#x27;s inbox at once");
    expect(asked.html).toContain(`확인 공지 ${itemCd}`);
    expect(confirmForm(asked.html)).toEqual({ itemCd, intent: "publish", confirmed: "yes" });
    expect(publishedAt(itemCd)).toBeNull();
    // Anything but "yes" is not a confirmation.
    expect((await page(browser, "/admin/notices?index", { itemCd, intent: "publish", confirmed: "1" })).status).toBe(
      200,
    );
    expect(publishedAt(itemCd)).toBeNull();

    expect(confirmPage(asked.html).action).toBe("/admin/notices?index&lng=en");
    const done = await page(browser, confirmPage(asked.html).action, confirmForm(asked.html));
    expect(done).toMatchObject({ status: 302, location: "/admin/notices?done=published" });
    expect(publishedAt(itemCd)).not.toBeNull();
    const said = await page(browser, "/admin/notices?done=published&lng=en");
    expect(said.html).toContain("Published: it reaches every member&#x27;s inbox.");
    expect((await page(browser, "/admin/notices?done=published&lng=ko")).html).toContain(
      "게시했어요. 모든 회원의 알림함에 전달돼요.",
    );

    const unasked = await page(browser, "/admin/notices?index&lng=en", { itemCd, intent: "unpublish" });
    expect(unasked.html).toContain("Unpublish this notice?");
    expect(publishedAt(itemCd)).not.toBeNull();
    const undone = await page(browser, confirmPage(unasked.html).action, confirmForm(unasked.html));
    expect(undone).toMatchObject({ status: 302, location: "/admin/notices?done=unpublished" });
    expect(publishedAt(itemCd)).toBeNull();
    expect((await page(browser, "/admin/notices?done=unpublished&lng=en")).html).toContain("Unpublished:");
    // Pinning reaches no inbox: it acts at once.
    expect(await page(browser, "/admin/notices?index", { itemCd, intent: "pin" })).toMatchObject({
      status: 302,
      location: "/admin/notices",
    });
    // An unknown notice is a 404 at the question too.
    expect((await page(browser, "/admin/notices?index", { itemCd: "cf-nobody", intent: "publish" })).status).toBe(404);
  }, 120_000);

  it("save and publish from the notice form only after its confirm step, which keeps what was typed", async () => {
    const browser = await admin();
    const itemCd = `sp-${randomUUID().slice(0, 8)}`;
    const typed = {
      itemCd,
      category: "service",
      pinned: "on",
      "translations.ko.title": `환율 안내 ${itemCd}`,
      "translations.ko.body": "매매기준율을 확인하세요.",
      "translations.en.title": `Exchange rates (매매기준율) ${itemCd}`,
      "translations.en.body": "The base rate (매매기준율) changes every day.",
    };
    // Without JavaScript the button sends the form as it is: the answer is the form again, as typed, with the
    // question at its top, and nothing is stored.
    const asked = await page(browser, "/admin/notices/edit?lng=en", { ...typed, intent: "publish" });
    expect(asked.status).toBe(200);
    expect(asked.html).toContain("Publish this notice?");
    expect(asked.html).toContain("Or change it below and save it without publishing.");
    expect(asked.html).toContain(`value="Exchange rates (매매기준율) ${itemCd}"`);
    expect(asked.html).toContain('<input type="hidden" name="confirmed" value="yes"/>');
    // The step's button is the one way to publish left on the page; Save stays.
    expect(asked.html.match(/name="intent" value="publish"/g)).toHaveLength(1);
    expect(asked.html).toContain('name="intent" value="save"');
    expect(publishedAt(itemCd)).toBeUndefined();
    // Anything but "yes" is no confirmation either.
    expect((await page(browser, "/admin/notices/edit", { ...typed, intent: "publish", confirmed: "1" })).status).toBe(
      200,
    );
    expect(publishedAt(itemCd)).toBeUndefined();

    const done = await page(browser, "/admin/notices/edit?lng=en", { ...typed, intent: "publish", confirmed: "yes" });
    expect(done).toMatchObject({ status: 302, location: "/admin/notices" });
    expect(publishedAt(itemCd)).toEqual(expect.any(Number));

    // Home's pinned line in Vietnamese: the English title, marked as English (issue 41).
    const home = await page(browser, "/?lng=vi");
    const line = /<a[^>]*class="home-notice"[\s\S]*?<\/a>/.exec(home.html)?.[0] ?? "";
    expect(line).toContain(`Exchange rates`);
    expect(line).toMatch(/class="home-notice__shown-in">Bằng [^<]+</);
    expect((await page(browser, "/?lng=ko")).html).not.toContain('class="home-notice__shown-in"');
    // In Urdu (shown in English) the Korean term is its own unbroken left-to-right isolate, in the title and the
    // body; on the Korean page the Korean text is drawn as it is.
    const isolated = '<bdi lang="ko" dir="ltr" class="ko-term">(매매기준율)</bdi>';
    const urdu = await page(browser, `/mypage/noticeDetail?itemCd=${itemCd}&lng=ur`);
    expect(urdu.html.split(isolated).length - 1).toBe(2);
    const korean = await page(browser, `/mypage/noticeDetail?itemCd=${itemCd}&lng=ko`);
    expect(korean.html).toContain("매매기준율을 확인하세요.");
    expect(korean.html).not.toContain('class="ko-term');
  }, 120_000);

  it("delete an inbox item only from the confirm page, which names it", async () => {
    const browser = await admin();
    const itemCd = `ib-${randomUUID().slice(0, 8)}`;
    await page(browser, "/admin/notices/edit", {
      itemCd,
      category: "service",
      "translations.ko.title": `알림 공지 ${itemCd}`,
      "translations.en.title": `Inbox notice ${itemCd}`,
      "translations.ko.body": "본문",
      "translations.en.body": "Body",
      intent: "save",
    });
    await page(browser, "/admin/notices?index", { itemCd, intent: "publish", confirmed: "yes" });
    const inbox = await page(browser, "/noti?lng=en");
    const item = new RegExp(
      `<input type="hidden" name="id" value="([^"]+)"/><div class="inbox-item__body"><button type="submit" name="intent" value="open"[^>]*>(?:(?!</button>)[\\s\\S])*Inbox notice ${itemCd}`,
    ).exec(inbox.html);
    expect(item).not.toBeNull();
    const id = item![1]!;

    const asked = await page(browser, "/noti?index&lng=en", { intent: "delete", id });
    expect(asked.status).toBe(200);
    expect(asked.html).toContain("Delete this notification?");
    expect(asked.html).toContain(`Inbox notice ${itemCd}`);
    expect(confirmForm(asked.html)).toEqual({ intent: "delete", id, confirmed: "yes" });
    expect((await page(browser, "/noti?lng=en")).html).toContain(`Inbox notice ${itemCd}`);

    expect(confirmPage(asked.html).action).toBe("/noti?index&lng=en");
    const deleted = await page(browser, confirmPage(asked.html).action, confirmForm(asked.html));
    expect(deleted.status).toBe(200);
    expect(deleted.html).toContain("The notification was deleted.");
    expect((await page(browser, "/noti?lng=en")).html).not.toContain(`Inbox notice ${itemCd}`);
  }, 120_000);
});

/** Every text node of a page's body, entities decoded, trimmed. */
function texts(html: string): string[] {
  const body = html.slice(html.indexOf("<body"));
  return body
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<style[\s\S]*?<\/style>/g, "")
    .split(/<[^>]+>/)
    .map((t) =>
      t
        .replace(/&#x27;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, "&")
        .trim(),
    )
    .filter(Boolean);
}

/** Every stored value the admin pages name (admin/labels.ts), and the corridor sentinels. */
const TOKENS = new Set<string>([
  ...ADMIN_LABEL_MAPS.flatMap((map) => [...map.values]).filter((v) => !/^\d+$/.test(v)),
  "typicalBankCounter",
  "research",
]);

describe("admin labels", () => {
  it("show no stored value as a label on the admin pages, in English or Korean", async () => {
    const browser = await admin();
    // Something in the audit log: a notice made and published.
    const itemCd = `lb-${randomUUID().slice(0, 8)}`;
    await page(browser, "/admin/notices/edit", {
      itemCd,
      category: "service",
      "translations.ko.title": `라벨 공지 ${itemCd}`,
      "translations.ko.body": "본문",
      intent: "save",
    });
    await page(browser, "/admin/notices?index", { itemCd, intent: "publish", confirmed: "yes" });
    for (const lng of ["en", "ko"]) {
      for (const pathname of ["/admin/audit", "/admin/corridors", "/admin/rates", "/admin/notices"]) {
        const { status, html } = await page(browser, `${pathname}?lng=${lng}`);
        expect(status, pathname).toBe(200);
        for (const text of texts(html)) {
          expect(TOKENS.has(text), `${lng} ${pathname}: "${text}"`).toBe(false);
          expect(text, `${lng} ${pathname}`).not.toMatch(
            /typicalBankCounter|\d bp\b|^(?:margin|fee|currencies)(?:, |$)/,
          );
          expect(text, `${lng} ${pathname}`).not.toMatch(/^(?:notice|benefit|offer|corridor|rate|loanProduct) \S/);
        }
      }
    }
    const corridors = texts((await page(browser, "/admin/corridors?lng=en")).html);
    expect(corridors).toContain("Typical bank counter tiers");
    expect(corridors).toContain("K-Life's research notes");
    const audit = texts((await page(browser, "/admin/audit?lng=ko")).html);
    expect(audit).toContain("게시");
    expect(audit).toContain("공지사항");
  }, 120_000);
});
