/**
 * The community and the inbox in a real browser, with JavaScript on and off (the
 * two projects): posting with a photo (its GPS position gone), paging, comments,
 * likes, reports, and the inbox badge read and cleared.
 */
import crypto from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, test, type BrowserContext } from "@playwright/test";
import sharp from "sharp";
import {
  hideTodayPopup,
  joinedMemberCookies,
  memberWithUnreadComment,
  strings,
  useLanguage,
  waitForHydration,
} from "./helpers";

type Groups = Record<string, Record<string, unknown>>;
const en = strings("en") as unknown as Groups;
const community = en as unknown as {
  edit: { text: string; photos: string; post: string; category: string; choosePhotos: string; noneChosen: string };
  categories: Record<string, string>;
  comments: {
    placeholder: string;
    send: string;
    moreReplies_other: string;
    nextReplies: string;
    backToComments: string;
  };
  list: { more: string };
  report: { action: string; send: string; thanksTitle: string; reasons: Record<string, string> };
  messages: Record<string, string>;
  readAll: string;
  markRead: string;
};

/** Joins a new member and makes them the one signed in (the language cookie stays). */
async function signIn(context: BrowserContext, baseURL: string, name: string) {
  const cookies = await joinedMemberCookies(baseURL, name);
  for (const { name: cookie } of cookies) await context.clearCookies({ name: cookie });
  await context.addCookies(cookies.map((c) => ({ ...c, url: baseURL })));
}

/** A photo as a phone takes it, with the camera's EXIF and a GPS position. */
async function phonePhoto() {
  const width = 800;
  const height = 600;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .withExif({ IFD0: { Make: "PhoneMaker" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "37/1 33/1 59/1" } })
    .toBuffer();
}

/** Feeds written straight into the e2e server's database, dated ahead so other tests' posts stay below them. */
function seedFeeds(category: string, count: number, marker: string) {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, "klife.sqlite"));
  db.pragma("busy_timeout = 5000");
  const start = Date.now() + 86_400_000;
  const insert = db.prepare(
    `INSERT INTO feeds (id, author_uid, author_label, author_nationality, category, text, photos, created_at, updated_at)
     VALUES (?, 'seed', 'Seed M.', 'VN', ?, ?, '[]', ?, ?)`,
  );
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const at = start + i * 1000;
      insert.run(crypto.randomBytes(9).toString("base64url"), category, `${marker} #${i}`, at, at);
    }
  })();
  db.close();
}

/** A feed with one comment answered `replies` times, written straight into the e2e server's database; its id. */
function seedReplies(replies: number, marker: string) {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, "klife.sqlite"));
  db.pragma("busy_timeout = 5000");
  const id = () => crypto.randomBytes(9).toString("base64url");
  const [feedId, commentId] = [id(), id()];
  const at = Date.now() - 3_600_000;
  db.transaction(() => {
    db.prepare(
      `INSERT INTO feeds (id, author_uid, author_label, author_nationality, category, text, photos, comment_count,
         created_at, updated_at)
       VALUES (?, 'seed', 'Seed M.', 'VN', 'questions', ?, '[]', ?, ?, ?)`,
    ).run(feedId, `${marker} feed`, replies + 1, at, at);
    const comment = db.prepare(
      `INSERT INTO comments (id, feed_id, parent_id, author_uid, author_label, author_nationality, text, reply_count,
         created_at)
       VALUES (?, ?, ?, 'seed', 'Seed M.', 'VN', ?, ?, ?)`,
    );
    comment.run(commentId, feedId, null, `${marker} comment`, replies, at);
    for (let i = 0; i < replies; i++) comment.run(id(), feedId, commentId, `${marker} reply #${i}`, 0, at + 1 + i);
  })();
  db.close();
  return feedId;
}

test.beforeEach(async ({ context }) => {
  await hideTodayPopup(context);
  await useLanguage(context, "en");
});

test("a member posts a feed with a photo; the photo comes back without its GPS position", async ({
  page,
  context,
  baseURL,
  request,
}) => {
  await signIn(context, baseURL!, "Tran Thi Post");
  await page.goto("/community");
  await page.getByRole("link", { name: /Write/ }).click();
  await expect(page).toHaveURL(/\/community\/edit$/);
  await page.getByRole("radio", { name: community.categories.daily!, exact: true }).check();
  await page.getByLabel(community.edit.text).fill("First snow in Suwon today");
  await page.getByLabel(community.edit.photos).setInputFiles({
    name: "IMG_0001.jpg",
    mimeType: "image/jpeg",
    buffer: await phonePhoto(),
  });
  await page.getByRole("button", { name: community.edit.post }).click();
  await expect(page).toHaveURL(/\/community\/[A-Za-z0-9_-]{12}$/);
  await expect(page.getByText("First snow in Suwon today")).toBeVisible();
  const photo = page.locator(".feed__photos img").first();
  await expect(photo).toBeVisible();
  const src = await photo.getAttribute("src");
  const served = await request.get(src!);
  expect(served.headers()["content-type"]).toBe("image/webp");
  const meta = await sharp(await served.body()).metadata();
  expect(meta.exif).toBeUndefined();
  expect((await served.body()).includes(Buffer.from("PhoneMaker"))).toBe(false);
});

test("a photo whose name has ; and = in it posts like any other (Chromium's own form)", async ({
  page,
  context,
  baseURL,
}) => {
  await signIn(context, baseURL!, "Tran Thi Semicolon");
  await page.goto("/community/edit");
  await page.getByRole("radio", { name: community.categories.daily!, exact: true }).check();
  await page.getByLabel(community.edit.text).fill("Receipt from the market");
  await page.getByLabel(community.edit.photos).setInputFiles({
    name: "receipt;size=2 (1).jpg",
    mimeType: "image/jpeg",
    buffer: await phonePhoto(),
  });
  await page.getByRole("button", { name: community.edit.post }).click();
  await expect(page).toHaveURL(/\/community\/[A-Za-z0-9_-]{12}$/);
  await expect(page.getByText("Receipt from the market")).toBeVisible();
  await expect(page.locator(".feed__photos img")).toHaveCount(1);
});

test("the photo picker is the app's button and names the photos chosen", async ({
  page,
  context,
  baseURL,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "without JavaScript the browser's own control names them");
  await signIn(context, baseURL!, "Tran Thi Picker");
  await page.goto("/community/edit");
  await waitForHydration(page);
  const picker = page.locator(".file-picker");
  await expect(picker.getByText(community.edit.choosePhotos)).toBeVisible();
  await expect(picker.getByText(community.edit.noneChosen)).toBeVisible();
  await page.getByLabel(community.edit.photos).setInputFiles([
    { name: "harbour.png", mimeType: "image/png", buffer: Buffer.from("x") },
    { name: "market.png", mimeType: "image/png", buffer: Buffer.from("y") },
  ]);
  await expect(picker.getByRole("listitem")).toHaveText(["harbour.png", "market.png"]);
});

test("a failed post keeps the text and names the photo refused", async ({ page, context, baseURL }) => {
  await signIn(context, baseURL!, "Tran Thi Keep");
  await page.goto("/community/edit");
  await page.getByLabel(community.edit.text).fill("No category chosen");
  await page.getByLabel(community.edit.photos).setInputFiles({
    name: "page.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("<html><script>alert(1)</script></html>"),
  });
  await page.getByRole("button", { name: community.edit.post }).click();
  const errors = (en.errors as unknown as { form: Record<string, string> }).form;
  await expect(page.getByText(errors.categoryRequired!)).toBeVisible();
  await expect(page.locator("#photos-error").getByText(/page\.jpg/)).toBeVisible();
  await expect(page.getByLabel(community.edit.text)).toHaveValue("No category chosen");
});

test("the list pages by its more link: no feed twice, none skipped", async ({ page, javaScriptEnabled }) => {
  // Each project pages its own category, so the two runs do not interleave.
  const category = javaScriptEnabled ? "jobs" : "housing";
  const marker = `paging-${crypto.randomUUID().slice(0, 8)}`;
  // The app's page size (FEEDS_PER_PAGE), and a last page that is not full.
  const perPage = 15;
  const seeded = 2 * perPage + 10;
  seedFeeds(category, seeded, marker);
  await page.goto(`/community?category=${category}`);
  const cards = page.locator(".feed-card__text").filter({ hasText: marker });
  await expect(cards).toHaveCount(perPage);
  await expect(cards.first()).toHaveText(`${marker} #${seeded - 1}`);
  if (javaScriptEnabled) {
    // With JavaScript the next pages load into the list as it is scrolled.
    await waitForHydration(page);
    for (const expected of [2 * perPage, seeded]) {
      await page.getByRole("link", { name: community.list.more }).scrollIntoViewIfNeeded();
      await expect(cards).toHaveCount(expected);
    }
    await expect(page).toHaveURL(new RegExp(`category=${category}$`));
  } else {
    await page.getByRole("link", { name: community.list.more }).click();
    await expect(page).toHaveURL(/after=/);
    await expect(cards.first()).toHaveText(`${marker} #${seeded - 1 - perPage}`);
    await expect(cards).toHaveCount(perPage);
  }
  const texts = await cards.allTextContents();
  expect(new Set(texts).size).toBe(texts.length);
});

test("a comment shows its first replies; its more link pages the rest, and leads back", async ({ page }) => {
  const marker = `replies-${crypto.randomUUID().slice(0, 8)}`;
  const feedId = seedReplies(60, marker);
  await page.goto(`/community/${feedId}`);
  const replies = page.locator(".comment--reply .comment__text").filter({ hasText: marker });
  const texts = (from: number, to: number) =>
    Array.from({ length: to - from }, (_, i) => `${marker} reply #${from + i}`);
  await expect(replies).toHaveText(texts(0, 3));
  await page.getByRole("link", { name: community.comments.moreReplies_other.replace("{{count}}", "57") }).click();
  await expect(page).toHaveURL(/replies=.*repliesAfter=/);
  await expect(replies).toHaveText(texts(3, 53));
  await page.getByRole("link", { name: community.comments.nextReplies }).click();
  await expect(replies).toHaveText(texts(53, 60));
  await expect(page.getByRole("link", { name: community.comments.nextReplies })).toHaveCount(0);
  await page.getByRole("link", { name: community.comments.backToComments }).click();
  await expect(page).not.toHaveURL(/replies=/);
  await expect(replies).toHaveText(texts(0, 3));
});

test("another member comments, likes and reports; the author's inbox badge counts and clears", async ({
  page,
  context,
  baseURL,
  javaScriptEnabled,
}) => {
  const text = `Looking for a room near Ansan station ${crypto.randomUUID().slice(0, 6)}`;
  await signIn(context, baseURL!, "Author Person");
  const authorCookies = await context.cookies();
  await page.goto("/community/edit");
  await page.getByRole("radio", { name: community.categories.housing!, exact: true }).check();
  await page.getByLabel(community.edit.text).fill(text);
  await page.getByRole("button", { name: community.edit.post }).click();
  await expect(page).toHaveURL(/\/community\/[A-Za-z0-9_-]{12}$/);
  const feedUrl = page.url();

  await signIn(context, baseURL!, "Reader Person");
  await page.goto(feedUrl);
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByPlaceholder(community.comments.placeholder).fill("Try the real estate office by exit 2");
  await page.getByRole("button", { name: community.comments.send }).click();
  await expect(
    page.locator(".comment__text").filter({ hasText: "Try the real estate office by exit 2" }),
  ).toBeVisible();
  const like = page.getByRole("button", { name: /1 like|0 likes/ });
  await like.click();
  await expect(page.getByRole("button", { name: "1 like" })).toHaveAttribute("aria-pressed", "true");

  await page.getByRole("link", { name: community.report.action }).first().click();
  await expect(page).toHaveURL(/\/community\/report\?itemCd=/);
  await page.getByLabel(community.report.reasons.spam!).check();
  await page.getByRole("button", { name: community.report.send }).click();
  await expect(page.getByRole("heading", { name: community.report.thanksTitle })).toBeVisible();

  // The author: two unread (a comment, a like) on the tab bar, read from the inbox.
  await context.clearCookies();
  await context.addCookies(authorCookies);
  await page.goto("/community");
  const badge = page.locator(".tab-bar .unread-badge");
  await expect(badge).toContainText("2");
  await page.goto("/noti");
  await expect(page.getByRole("button", { name: /Reader P\..*commented on your post/ })).toBeVisible();
  await expect(page.getByRole("button", { name: /Reader P\..*liked your post/ })).toBeVisible();
  await page.getByRole("button", { name: community.readAll }).click();
  await expect(page.locator(".inbox-item--unread")).toHaveCount(0);
  await page.goto("/community");
  await expect(page.locator(".tab-bar .unread-badge")).toHaveCount(0);
});

test("an inbox row is marked read, then opened: in place with JavaScript, as plain forms without", async ({
  page,
  context,
  baseURL,
  javaScriptEnabled,
}) => {
  // The rows' forms go through one handler on the list (decision 0119): with JavaScript neither tap loads a document.
  const { cookies, feed } = await memberWithUnreadComment(baseURL!, "Row Owner");
  await context.addCookies(cookies.map((c) => ({ ...c, url: baseURL! })));
  await page.goto("/noti");
  if (javaScriptEnabled) await waitForHydration(page);
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  const row = page.locator(".inbox-item", { hasText: "Kind N." });
  await expect(row).toHaveClass(/inbox-item--unread/);
  await row.getByRole("button", { name: community.markRead }).click();
  await expect(row).not.toHaveClass(/inbox-item--unread/);
  await expect(row.getByRole("button", { name: community.markRead })).toHaveCount(0);
  await row.getByRole("button", { name: /commented on your post/ }).click();
  await expect(page).toHaveURL(new RegExp(`${feed}#c-`));
  expect(documents).toEqual(javaScriptEnabled ? [] : ["POST /noti", "POST /noti", `GET ${feed}`]);
});
