/**
 * A community for the benchmarks: 10 000 visible feeds (every category, one a
 * minute going back about a week, some with comments and a reply) written straight
 * into the app's SQLite file in one transaction, after the app has started (its
 * migrations made the tables); and the paging cursor some pages deep, got the way
 * a visitor gets it: following the list's "more" links.
 */
import crypto from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";

export const CATEGORIES = ["daily", "visa", "jobs", "housing", "questions", "market"];

const SENTENCES = [
  "Does anyone know how long the visa extension takes at the Suwon immigration office these days?",
  "I moved to Ansan last month and I am still looking for a cheap one-room near the station.",
  "My employer changed and I need to report it within 15 days, what documents did you bring?",
  "Selling a rice cooker and a small fan, almost new, pick up in Gimhae on the weekend.",
  "The Hi Korea website asks for a reservation first: https://www.hikorea.go.kr has the form.",
  "Thank you all for the advice last week, the health insurance office fixed my bill.",
  "Is there a Vietnamese grocery store open on Sunday evening near Hwaseong?",
  "Looking for work in a food factory, I have an E-9 visa and two years of experience.",
  "Tôi mới đến Hàn Quốc, ai biết chỗ học tiếng Hàn miễn phí ở Incheon không?",
  "The deposit was 5,000,000 won and the landlord wants to keep half of it, is that legal?",
  "Free Korean classes at the multicultural family centre start again in March.",
  "Bus 707 stops running at 11 pm, so plan your night shift trip home carefully.",
];

const newId = () => crypto.randomBytes(9).toString("base64url");

/** About 300 characters of a post (whole words), picked by `n` so neighbouring feeds differ. */
function postText(n) {
  let text = "";
  for (let k = 0; text.length < 300; k++) text += `${SENTENCES[(n * 7 + k * (1 + (n % 11))) % SENTENCES.length]} `;
  return text.length <= 320 ? text.trim() : text.slice(0, text.lastIndexOf(" ", 320));
}

/**
 * Writes `count` visible feeds into `${dataDir}/klife.sqlite`, newest first in the
 * returned ids (feed i was written i minutes before now); every tenth has two
 * comments and a reply. Resolves with the ids and the id of a feed with comments.
 */
export function seedCommunity(dataDir, count = 10_000) {
  const db = new Database(path.join(dataDir, "klife.sqlite"));
  db.pragma("busy_timeout = 5000");
  db.pragma("foreign_keys = ON");
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('feeds', 'comments')");
    if (tables.all().length !== 2) {
      throw new Error(
        `${dataDir}/klife.sqlite has no feeds and comments tables: the app's migrations did not make them`,
      );
    }
    const insertFeed = db.prepare(
      `INSERT INTO feeds (id, author_uid, author_label, author_nationality, category, text, photos,
         like_count, comment_count, report_count, status, created_at, updated_at)
       VALUES (?, ?, ?, 'VN', ?, ?, '[]', 0, ?, 0, 'visible', ?, ?)`,
    );
    const insertComment = db.prepare(
      `INSERT INTO comments (id, feed_id, parent_id, author_uid, author_label, author_nationality, text, created_at)
       VALUES (?, ?, ?, ?, ?, 'VN', ?, ?)`,
    );
    // The reply count lives on the answered comment's row (migration 12), as the store keeps it.
    const countReply = db.prepare("UPDATE comments SET reply_count = reply_count + 1 WHERE id = ?");
    const now = Date.now();
    const ids = [];
    db.transaction(() => {
      for (let i = 0; i < count; i++) {
        const id = newId();
        const member = 100 + (i % 500);
        const at = now - i * 60_000;
        const withComments = i % 10 === 0;
        insertFeed.run(
          id,
          `bench-member-${member}`,
          `Member ${member}`,
          CATEGORIES[i % CATEGORIES.length],
          postText(i),
          withComments ? 3 : 0,
          at,
          at,
        );
        if (withComments) {
          const first = newId();
          const other = (k) => 100 + ((i + k * 37) % 500);
          insertComment.run(
            first,
            id,
            null,
            `bench-member-${other(1)}`,
            `Member ${other(1)}`,
            postText(i + 1).slice(0, 120),
            at + 1000,
          );
          insertComment.run(
            newId(),
            id,
            first,
            `bench-member-${member}`,
            `Member ${member}`,
            "Thank you, that helps a lot!",
            at + 2000,
          );
          countReply.run(first);
          insertComment.run(
            newId(),
            id,
            null,
            `bench-member-${other(2)}`,
            `Member ${other(2)}`,
            postText(i + 2).slice(0, 80),
            at + 3000,
          );
        }
        ids.push(id);
      }
    }).immediate();
    return { ids, withComments: ids[0] };
  } finally {
    db.close();
  }
}

/** The "more" link of a list page (`/community?after=…`), or null. */
export function moreLink(html) {
  const links = [...html.matchAll(/href="(\/community\?[^"]*\bafter=[^"]*)"/g)].map((m) =>
    m[1].replaceAll("&amp;", "&"),
  );
  return links.at(-1) ?? null;
}

/** Feed ids linked from a page (`/community/{id}`), in page order. */
export const linkedFeeds = (html) => [...html.matchAll(/href="\/community\/([A-Za-z0-9_-]{12})"/g)].map((m) => m[1]);

/**
 * Follows the "more" link from `/community` `pages` times. Resolves with the path
 * of the page that deep (`/community?after=…`), the number of feeds on the first
 * page, and every feed a page showed again after an earlier page (pages must not
 * overlap). Throws, saying where, when a page does not answer 200, has no more
 * link, or links back to a cursor already seen.
 */
export async function deepListPath(appUrl, headers, pages) {
  let current = "/community";
  let perPage = 0;
  const cursors = new Set();
  const shownOn = new Map();
  const repeated = [];
  for (let page = 1; page <= pages; page++) {
    const response = await fetch(`${appUrl}${current}`, { headers, redirect: "manual" });
    if (response.status !== 200)
      throw new Error(`list page ${page} (${current.slice(0, 60)}) answered HTTP ${response.status}`);
    const html = await response.text();
    const feeds = new Set(linkedFeeds(html));
    if (page === 1) perPage = feeds.size;
    for (const id of feeds) {
      if (shownOn.has(id)) repeated.push({ id, page, first: shownOn.get(id) });
      else shownOn.set(id, page);
    }
    const next = moreLink(html);
    if (!next) throw new Error(`list page ${page} has no "more" link (<a href="/community?after=…">)`);
    if (/[?&]category=/.test(next)) throw new Error(`list page ${page}'s more link names a category: ${next}`);
    if (cursors.has(next)) throw new Error(`list page ${page}'s more link repeats an earlier cursor`);
    cursors.add(next);
    current = next;
  }
  return { path: current, perPage, repeated };
}
