/**
 * The built server on PostgreSQL (DATABASE_URL) as an operator runs it, on a cluster of this file's own (it is
 * stopped and started under the server): a malformed or unreachable DATABASE_URL stops start-up with a message
 * naming it and never the password; while the database is away /readyz answers 503 and pages their error page,
 * and the server serves again by itself once it is back; /readyz stays bounded when the database's host stops
 * answering without closing connections; a change another process commits (the content import)
 * shows on a kept shared page at once (the change mark, decision 0074).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../support/ports";
import { createEmptyDatabase, startCluster, type Cluster } from "../support/postgres";
import { failedStart, startServer, type RunningServer } from "../support/server";
import { LIMITED_BY_ITS_WAITS, waitFor } from "../support/waitFor";

const root = path.resolve(__dirname, "../..");
const locale = JSON.parse(fs.readFileSync(path.join(root, "locales", "en", "common.json"), "utf8")) as {
  errors: Record<string, string>;
};
// The cluster trusts local connections, so the password is never checked: it is here to be looked for in the logs.
const PASSWORD = "pg-SeCrEt-4217";
// A person's phone: a crawler is answered a bare status for a server error (entry.server.tsx).
const VISITOR = {
  "Accept-Language": "en",
  "User-Agent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile",
};

let cluster: Cluster;
let databaseUrl: string;
let server: RunningServer;
const dirs: string[] = [];

const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "klife-pgserver-"));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  cluster = await startCluster();
  const url = new URL(await createEmptyDatabase(cluster.adminUrl, "klife"));
  url.username = "postgres";
  url.password = PASSWORD;
  databaseUrl = url.toString();
  // Kept shared pages for 5 minutes: a page that changes sooner does so through the change mark.
  server = await startServer({ DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: "4", PAGE_CACHE_SECONDS: "300" });
});
afterAll(async () => {
  await server?.stop("SIGKILL");
  await cluster?.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const get = async (target: string) => {
  const response = await fetch(`${server.url}${target}`, {
    headers: VISITOR,
    redirect: "manual",
    signal: AbortSignal.timeout(20_000),
  });
  return { response, html: await response.text() };
};

const readyz = async () => {
  const response = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(20_000) });
  return { status: response.status, body: (await response.json()) as { database: boolean; ready: boolean } };
};

/** Imports one partner offer with the content CLI on DATABASE_URL: another process committing a change. */
function importOffer(itemCd: string, title: string) {
  const file = path.join(tempDir(), `${itemCd}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify({
      offers: [
        {
          itemCd,
          partner: "Example Mobile",
          link: "https://example.com/sim",
          checkedOn: "2026-11-20",
          translations: { ko: { title: `${title} (ko)`, description: "30일" }, en: { title, description: "30 days" } },
        },
      ],
    }),
  );
  execFileSync(process.execPath, [path.join(root, "build", "content.js"), "import", file], {
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: tempDir() },
    stdio: "pipe",
  });
}

describe("DATABASE_URL at start", () => {
  it("refuses a malformed URL, naming DATABASE_URL and never its password", async () => {
    for (const url of [`mysql://klife:${PASSWORD}@db.internal/klife`, `postgres://klife:${PASSWORD}@db.internal`]) {
      const { code, output } = await failedStart({ DATA_DIR: tempDir(), DATABASE_URL: url });
      expect(code).toBe(1);
      expect(output).toMatch(/DATABASE_URL/);
      expect(output).not.toContain(PASSWORD);
    }
  });

  it("stops in bounded time when nothing answers there, naming DATABASE_URL and its host, never its password", async () => {
    const port = await freePort();
    const started = Date.now();
    const { code, output } = await failedStart({
      DATA_DIR: tempDir(),
      DATABASE_URL: `postgres://klife:${PASSWORD}@127.0.0.1:${port}/klife`,
    });
    expect(code).toBe(1);
    expect(output).toContain(
      `DATABASE_URL: the database at postgres://klife:***@127.0.0.1:${port}/klife does not answer`,
    );
    expect(output).not.toContain(PASSWORD);
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});

describe("serving on PostgreSQL", () => {
  it("is ready with the database answering, and its logs never hold the password", async () => {
    expect(await readyz()).toEqual({ status: 200, body: expect.objectContaining({ database: true, ready: true }) });
    expect((await get("/shop")).response.status).toBe(200);
    expect(server.output()).not.toContain(PASSWORD);
  });

  it("shows a change another process committed on a kept shared page at once", async () => {
    const before = await get("/shop");
    expect(before.response.status).toBe(200);
    expect(before.html).not.toContain("Marked offer one");
    // Kept: the second answer comes from the cache.
    expect((await get("/shop")).response.headers.get("age")).not.toBeNull();
    importOffer("marked-1", "Marked offer one");
    const after = await get("/shop");
    expect(after.response.headers.get("age")).toBeNull();
    expect(after.html).toContain("Marked offer one");
  });

  it(
    "answers 503 at /readyz and the error page while the database is away, and serves again once it is back",
    LIMITED_BY_ITS_WAITS,
    async () => {
      // Kept before the database goes: a kept page must not be answered as if nothing happened.
      expect((await get("/shop")).response.status).toBe(200);
      await cluster.pause();
      try {
        const away = await waitFor("/readyz answering 503", async () => {
          const r = await readyz();
          return r.status === 503 ? r : null;
        });
        expect(away.body).toMatchObject({ database: false, ready: false });
        // A page that reads the database: the friendly error page, not a crash or a hang.
        const page = await get("/shop");
        expect(page.response.status).toBe(500);
        expect(page.response.headers.get("content-type")).toMatch(/text\/html/);
        expect(page.html).toContain("error-view--500");
        expect(page.html).toContain(locale.errors.internalServerError);
        // The process is alive.
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      } finally {
        await cluster.resume();
      }
      await waitFor("/readyz answering 200 once the database is back", async () => (await readyz()).status === 200, {
        within: 30_000,
        every: 250,
      });
      expect((await get("/shop")).response.status).toBe(200);
      // Writes go through again, and the change mark moves again: no connection or state left poisoned.
      importOffer("marked-2", "Marked offer two");
      expect((await get("/shop")).html).toContain("Marked offer two");
      expect(server.child.exitCode).toBeNull();
    },
  );

  it("answers /readyz 503 within seconds while the database's host stops answering", LIMITED_BY_ITS_WAITS, async () => {
    await cluster.freeze();
    try {
      const started = Date.now();
      const frozen = await readyz();
      expect(frozen).toMatchObject({ status: 503, body: { database: false } });
      // The check gives the database 3 s.
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await cluster.thaw();
    }
    await waitFor(
      "/readyz answering 200 once the database answers again",
      async () => (await readyz()).status === 200,
      {
        within: 30_000,
        every: 250,
      },
    );
  });
});
