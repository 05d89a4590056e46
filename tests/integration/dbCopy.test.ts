/**
 * `npm run db:copy -- --from sqlite --to URL` (decision 0076), as an operator runs it:
 * a local deployment made through the built server over HTTP (members joined, a feed
 * with a photo, a comment and the notification it made), stopped, copied into an
 * empty PostgreSQL database; then the server started on that database (DATABASE_URL,
 * the same data directory: its session secret and Auth emulator accounts) shows the
 * same member, feed, photo bytes and headers, comment and notification, and writes
 * none of the shipped content again (it was copied). A second copy into the now
 * filled database is refused without writing, and the password of a URL is never printed.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createPg } from "~/infra/postgres/database.server";
import { createEmptyDatabase, dropDatabase } from "../support/postgres";
import { httpBrowser, joinOverHttp } from "../support/join";
import { photo, postFeed } from "../support/multipart";
import { launch, localEnv, makeDataDir, type RunningServer } from "../support/server";

const root = path.resolve(__dirname, "../..");
const env = {
  RATE_LIMIT_ALL: "100000",
  RATE_LIMIT_MUTATIONS: "100000",
  RATE_LIMIT_AUTH: "100000",
  TRUST_PROXY: "loopback",
};

/** The CLI exactly as documented, from the repository's root. */
function dbCopy(...args: string[]) {
  const result = spawnSync("npm", ["run", "--silent", "db:copy", "--", ...args], {
    cwd: root,
    encoding: "utf8",
    timeout: 120_000,
    // The data directory comes from --data-dir; nothing of the test's own environment decides it.
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" } as unknown as NodeJS.ProcessEnv,
  });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

/** A URL with a password: trust authentication ignores it, and the CLI must never print it. */
const PASSWORD = "never-printed-7Hq";
const withPassword = (url: string) => {
  const u = new URL(url);
  u.password = PASSWORD;
  return u.toString();
};

const dataDir = makeDataDir();
let server: RunningServer | null = null;
let databaseUrl = "";
const adminUrl = () => inject("postgresAdminUrl");

afterAll(async () => {
  try {
    await server?.stop("SIGKILL");
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropDatabase(adminUrl(), databaseUrl);
  }
});

interface Made {
  author: string;
  feedPath: string;
  feedText: string;
  commentText: string;
  files: string[];
  photos: Map<string, { bytes: Buffer; headers: Record<string, string> }>;
  notificationBy: string;
  counts: Map<string, number>;
}
let made: Made;

/** A response's headers but what differs between two answers of the same thing (time, request id, nonce, count). */
function stableHeaders(response: Response): Record<string, string> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (["date", "keep-alive", "connection", "x-request-id", "ratelimit"].includes(name)) return;
    headers[name] = value.replace(/'nonce-[^']+'/g, "'nonce-…'");
  });
  return headers;
}

async function getPhoto(url: string, file: string) {
  const response = await fetch(`${url}${file}`, { signal: AbortSignal.timeout(30_000) });
  expect(response.status, file).toBe(200);
  return { bytes: Buffer.from(await response.arrayBuffer()), headers: stableHeaders(response) };
}

beforeAll(async () => {
  // The deployment to move: SQLite, made through the server's own forms.
  server = await launch(await localEnv(dataDir, env), dataDir);
  const author = await joinOverHttp(server.url, dataDir, { name: "Copied Author" });
  const commenter = await joinOverHttp(server.url, dataDir, { name: "Copied Commenter" });
  const feedText = "A feed that moves to PostgreSQL";
  const posted = await postFeed(server.url, author.cookies, feedText, [{ name: "photo.jpg", bytes: await photo(29) }]);
  expect(posted.status).toBe(302);
  const feedPath = posted.headers.get("location")!;
  const commentText = "A comment that moves too";
  const browser = httpBrowser(server.url);
  for (const pair of commenter.cookies.split("; ")) {
    const [name, ...value] = pair.split("=");
    browser.jar.cookies.set(name!, value.join("="));
  }
  expect((await browser.request(feedPath, { intent: "comment", text: commentText })).status).toBeLessThan(400);
  const page = await (await fetch(`${server.url}${feedPath}`)).text();
  expect(page).toContain(commentText);
  const files = [...new Set(page.match(/\/files\/[A-Za-z0-9_-]{12}(?:-s)?\.webp/g) ?? [])];
  expect(files.length).toBeGreaterThanOrEqual(2);
  const photos = new Map<string, { bytes: Buffer; headers: Record<string, string> }>();
  for (const file of files) photos.set(file, await getPhoto(server.url, file));
  expect(await server.stop("SIGTERM")).toBe(0);
  server = null;

  const sqlite = new Database(path.join(dataDir, "klife.sqlite"), { readonly: true });
  const { by } = JSON.parse(
    (sqlite.prepare("SELECT data FROM notifications WHERE kind = 'comment'").get() as { data: string }).data,
  ) as { by: string };
  const tables = sqlite
    .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite%'")
    .all() as { name: string }[];
  const counts = new Map(
    tables.map(({ name }) => [name, (sqlite.prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n]),
  );
  sqlite.close();
  made = {
    author: author.cookies,
    feedPath,
    feedText,
    commentText,
    files,
    photos,
    notificationBy: by,
    counts,
  };
  databaseUrl = await createEmptyDatabase(adminUrl(), `dbcopy_${process.pid}`);
});

describe("db:copy from SQLite into an empty PostgreSQL database", () => {
  it("copies every table and photo, checks them, and never prints the password", () => {
    for (const table of ["members", "feeds", "comments", "notifications", "files", "benefits", "terms_versions"]) {
      expect(made.counts.get(table), table).toBeGreaterThan(0);
    }
    const { code, output } = dbCopy("--from", "sqlite", "--to", withPassword(databaseUrl), "--data-dir", dataDir);
    expect(output).not.toContain(PASSWORD);
    expect(code, output).toBe(0);
    expect(output).toContain("copied and checked.");
    expect(output).not.toContain("MISMATCH");
    for (const [table, n] of made.counts) {
      // A job lease is the old process's: left behind, said so.
      if (table === "job_leases") expect(output).toMatch(/job_leases: not copied/);
      else expect(output).toMatch(new RegExp(`^${table} +${n} +${n} +ok$`, "m"));
    }
    expect(output).toMatch(new RegExp(`^files +${made.files.length} +${made.files.length} +ok`, "m"));
  });

  it("gives a server on PostgreSQL the same member, feed, photos, comment and notification", async () => {
    server = await launch(await localEnv(dataDir, { ...env, DATABASE_URL: databaseUrl }), dataDir);
    const signedIn = { headers: { Cookie: made.author }, redirect: "manual" as const };
    const mypage = await fetch(`${server.url}/mypage`, signedIn);
    expect(mypage.status).toBe(200);
    expect(await mypage.text()).toContain("Copied Author");
    expect(await (await fetch(`${server.url}/community`)).text()).toContain(made.feedText);
    const feed = await (await fetch(`${server.url}${made.feedPath}`)).text();
    expect(feed).toContain(made.commentText);
    expect([...new Set(feed.match(/\/files\/[A-Za-z0-9_-]{12}(?:-s)?\.webp/g) ?? [])]).toEqual(made.files);
    for (const file of made.files) {
      const served = await getPhoto(server.url, file);
      expect(served.bytes.equals(made.photos.get(file)!.bytes), file).toBe(true);
      expect(served.headers, file).toEqual(made.photos.get(file)!.headers);
    }
    const inbox = await fetch(`${server.url}/noti`, signedIn);
    expect(inbox.status).toBe(200);
    expect(await inbox.text()).toContain(made.notificationBy);
    // The shipped content came with the copy: the server found it and wrote none of it again.
    expect(server.output()).not.toMatch(
      /shipped (terms|benefits|corridors|loanProducts) written|sample exchange rates/,
    );
    expect(await server.stop("SIGTERM")).toBe(0);
    server = null;
  });

  it("refuses a second copy into the same database, writing nothing", async () => {
    const { code, output } = dbCopy("--from", "sqlite", "--to", withPassword(databaseUrl), "--data-dir", dataDir);
    expect(code).not.toBe(0);
    expect(output).toMatch(/not empty/);
    expect(output).not.toContain(PASSWORD);
    const db = createPg(databaseUrl, { max: 1 });
    try {
      for (const table of ["members", "feeds", "comments", "notifications"]) {
        const row = await db.row<{ n: number }>(`SELECT count(*)::bigint AS n FROM ${table}`);
        expect(row?.n, table).toBe(made.counts.get(table));
      }
    } finally {
      await db.close();
    }
  });

  it("names an unreachable database without its password", () => {
    const { code, output } = dbCopy(
      "--from",
      "sqlite",
      "--to",
      `postgres://klife:${PASSWORD}@127.0.0.1:1/klife`,
      "--data-dir",
      dataDir,
    );
    expect(code).toBe(1);
    expect(output).toContain("postgres://klife:***@127.0.0.1:1/klife");
    expect(output).not.toContain(PASSWORD);
  });

  it("answers a wrong command line with its usage", () => {
    const { code, output } = dbCopy("--from", "mysql", "--to", databaseUrl);
    expect(code).toBe(2);
    expect(output).toContain("usage: npm run db:copy");
  });
});
