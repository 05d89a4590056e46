/**
 * The admin area as an attacker tries it, over HTTP to the built server and with the operator's commands as an
 * operator runs them (decision 0082): the admin role granted and revoked by scripts/grant-admin.mjs holds from the
 * member's very next request; the audit log names a stable actor (an admin's uid with the name they had, the
 * content import as its own kind), whatever an admin renames themselves to; an import killed with SIGKILL half-way
 * leaves no change outside the log, and running it again finishes and records the rest; the 404 a visitor gets
 * under /admin/* carries the unknown path's words only; a source link with a user name is refused by the admin
 * forms and the import, and one stored before is never shown as a link; a JSON name given twice is refused.
 */
import { execFile, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseDecimal, type CurrencyCode } from "~/finance/money";
import { openSqliteStores } from "~/infra/sqlite/stores.server";
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

const operatorEnv = () =>
  ({
    PATH: process.env.PATH ?? "",
    HOME: os.tmpdir(),
    DATA_DIR: server.dataDir,
    AUTH_EMULATOR_PORT: new URL(server.authEmulator.origin).port,
    FIREBASE_PROJECT_ID: server.authEmulator.projectId,
  }) as unknown as NodeJS.ProcessEnv;

/** scripts/grant-admin.mjs as the operator runs it; resolves with the uid it names. */
async function grantAdmin(who: string, ...flags: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(root, "scripts", "grant-admin.mjs"), who, ...flags],
    { cwd: root, env: operatorEnv(), timeout: 60_000 },
  );
  return stdout.trim().split(" ")[0]!;
}

/** A member who joined over HTTP, with their browser (the session made at joining). */
async function joined(name: string) {
  const email = `admin-${randomUUID()}@example.com`;
  const member = await joinOverHttp(server.url, server.dataDir, { email, password, name });
  const browser = httpBrowser(server.url);
  for (const cookie of member.cookies.split("; ")) {
    const at = cookie.indexOf("=");
    browser.jar.cookies.set(cookie.slice(0, at), cookie.slice(at + 1));
  }
  return { email, ...browser };
}

const noticeForm = (itemCd: string, intent: "publish" | "save" = "publish") => ({
  itemCd,
  category: "service",
  "translations.ko.title": `공지 ${itemCd}`,
  "translations.ko.body": "본문",
  intent,
  // "Save and publish" acts once confirmed (decision 0103).
  ...(intent === "publish" ? { confirmed: "yes" } : {}),
});

function queryIn<T>(file: string, sql: string, ...params: unknown[]): T[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}
const query = <T>(sql: string, ...params: unknown[]) =>
  queryIn<T>(path.join(server.dataDir, "klife.sqlite"), sql, ...params);

/** `npm run content -- import` (build/content.js) on a file of `text`, as an operator runs it. */
function importText(text: string, dataDir = server.dataDir) {
  const file = path.join(dataDir, `import-${randomUUID()}.json`);
  fs.writeFileSync(file, text);
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, "build", "content.js"), "import", file],
      { cwd: root, env: { ...operatorEnv(), DATA_DIR: dataDir } },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}
const importFile = (content: unknown) => importText(JSON.stringify(content));

async function admin(name = "Admin Hardening") {
  const member = await joined(name);
  await grantAdmin(member.email);
  return member;
}

describe("the admin role, granted and revoked", () => {
  it("lets a newly granted admin in on their next request, and refuses a revoked one's very next publish", async () => {
    const admin = await joined("Admin Role");
    expect((await admin.request("/admin")).status).toBe(404);

    // Granted: the session made before it is let in at once, without signing in again.
    await grantAdmin(admin.email);
    expect((await admin.request("/admin")).status).toBe(200);
    const published = await admin.request("/admin/notices/edit", noticeForm(`role-${randomUUID().slice(0, 8)}`));
    expect(published.status).toBe(302);

    // Revoked: the very next publish is refused, and nothing reaches anyone's inbox.
    await grantAdmin(admin.email, "--revoke");
    const itemCd = `revoked-${randomUUID().slice(0, 8)}`;
    const refused = await admin.request("/admin/notices/edit", noticeForm(itemCd));
    expect(refused.status).toBe(404);
    expect(query("SELECT item_cd FROM notices WHERE item_cd = ?", itemCd)).toEqual([]);
    expect(query("SELECT id FROM broadcasts WHERE dedupe_key LIKE ?", `%${itemCd}%`)).toEqual([]);
    // Their session ended with it ("their sessions end"): my page sends them to sign in.
    expect((await admin.request("/mypage")).status).toBe(302);
  }, 120_000);
});

describe("the audit log's actor", () => {
  it("keeps a renamed admin's uid and kind, and shows the import as its own kind", async () => {
    const admin = await joined("Admin Original");
    const uid = await grantAdmin(admin.email);
    const first = `actor-${randomUUID().slice(0, 8)}`;
    expect((await admin.request("/admin/notices/edit", noticeForm(first, "save"))).status).toBe(302);
    // The admin renames themselves as the import, then changes something else.
    expect((await admin.request("/mypage/userInfo", { name: "import", nationality: "Vietnam" })).status).toBe(200);
    const second = `actor-${randomUUID().slice(0, 8)}`;
    expect((await admin.request("/admin/notices/edit", noticeForm(second, "save"))).status).toBe(302);

    const importFile = path.join(server.dataDir, "import.json");
    const imported = `imp-${randomUUID().slice(0, 8)}`;
    const fs = await import("node:fs");
    fs.writeFileSync(
      importFile,
      JSON.stringify({
        notices: [
          { itemCd: imported, category: "general", translations: { ko: { title: "가져온 공지", body: "본문" } } },
        ],
      }),
    );
    await promisify(execFile)(process.execPath, [path.join(root, "build", "content.js"), "import", importFile], {
      cwd: root,
      env: operatorEnv(),
    });

    const response = await fetch(`${server.url}/admin/audit?_data=routes%2Fadmin.audit`, {
      headers: { Cookie: admin.jar.header },
    });
    expect(response.status).toBe(200);
    const { items } = (await response.json()) as {
      items: { actor: { kind: string; uid?: string; name?: string | null }; target: string }[];
    };
    const of = (itemCd: string) => items.find((e) => e.target === `notice ${itemCd}`)?.actor;
    expect(of(first)).toEqual({ kind: "admin", uid, name: "Admin Original" });
    // Renamed as "import", they are still an admin named by their uid: never the import.
    expect(of(second)).toEqual({ kind: "admin", uid, name: "import" });
    expect(of(imported)).toEqual({ kind: "import" });
    // The grant itself is the operator command's.
    expect(items.find((e) => e.target === `member ${uid}`)?.actor).toEqual({ kind: "operator", id: "grant-admin" });

    // The page names each kind in the reader's language.
    const page = await (
      await fetch(`${server.url}/admin/audit?lng=en`, { headers: { Cookie: admin.jar.header } })
    ).text();
    expect(page).toContain("Content import");
    expect(page).toContain("Operator command");
    expect(page).toContain(uid);
  }, 180_000);
});

const draft = (itemCd: string) => ({
  itemCd,
  category: "general",
  translations: { ko: { title: `가져온 공지 ${itemCd}`, body: "본문" } },
});

describe("a change and its audit record", () => {
  it("are one: an import killed with SIGKILL half-way leaves no change unrecorded, and a second run finishes", async () => {
    const dataDir = path.join(server.dataDir, "killed");
    fs.mkdirSync(dataDir);
    const file = path.join(dataDir, "notices.json");
    fs.writeFileSync(file, JSON.stringify({ notices: Array.from({ length: 2500 }, (_, i) => draft(`k-${i}`)) }));
    const database = path.join(dataDir, "klife.sqlite");
    const unrecorded = () =>
      queryIn<{ item_cd: string }>(
        database,
        `SELECT item_cd FROM notices n WHERE NOT EXISTS
           (SELECT 1 FROM audit_log a WHERE a.target_kind = 'notice' AND a.target_id = n.item_cd)`,
      );
    const written = () => queryIn<{ n: number }>(database, "SELECT count(*) AS n FROM notices")[0]!.n;
    // The database made first (an empty import), so that it can be watched from the start.
    expect((await importText("{}", dataDir)).code).toBe(0);

    // Killed three times, each once it has written some more: every change written has its record.
    let seen = 0;
    for (let round = 0; round < 3; round++) {
      const child = spawn(process.execPath, [path.join(root, "build", "content.js"), "import", file], {
        cwd: root,
        env: { ...operatorEnv(), DATA_DIR: dataDir },
        stdio: "ignore",
      });
      const exited = new Promise((resolve) => child.once("exit", resolve));
      const target = seen + 40;
      while (written() < target) {
        if (child.exitCode !== null) throw new Error("the import finished before it could be killed");
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      child.kill("SIGKILL");
      await exited;
      seen = written();
      expect(seen).toBeLessThan(2500);
      expect(unrecorded()).toEqual([]);
    }

    const rest = await importText(fs.readFileSync(file, "utf8"), dataDir);
    expect(rest.code, rest.stderr).toBe(0);
    expect(rest.stdout).toContain(`${2500 - seen} created, 0 updated, ${seen} unchanged`);
    expect(written()).toBe(2500);
    expect(unrecorded()).toEqual([]);
    // Each notice recorded once: the first runs' records stand, the second run recorded only the rest.
    const records = queryIn<{ n: number; kinds: string }>(
      database,
      "SELECT count(*) AS n, group_concat(DISTINCT actor_kind) AS kinds FROM audit_log WHERE target_kind = 'notice'",
    )[0]!;
    expect(records).toEqual({ n: 2500, kinds: "import" });
  }, 240_000);
});

/** The translations a page carries for the browser (its <script id="app-translations">), by namespace. */
function translationsOf(html: string): Record<string, unknown> {
  const found = /<script[^>]*id="app-translations"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  if (!found) throw new Error("no translations in the page");
  return JSON.parse(found[1]!) as Record<string, unknown>;
}

describe("the 404 under /admin/*", () => {
  it("carries the unknown path's words for a visitor and a member, none of the admin area's", async () => {
    const unknown = await fetch(`${server.url}/no/such/page?lng=en`);
    expect(unknown.status).toBe(404);
    const expected = translationsOf(await unknown.text());
    const member = await joined("Not An Admin");
    for (const cookie of ["", member.jar.header]) {
      for (const address of ["/admin", "/admin/notices", "/admin/audit", "/admin/notices/edit?itemCd=x"]) {
        const response = await fetch(`${server.url}${address}${address.includes("?") ? "&" : "?"}lng=en`, {
          headers: { Cookie: cookie },
        });
        expect(response.status, address).toBe(404);
        const html = await response.text();
        const carried = translationsOf(html);
        expect(Object.keys(carried).sort(), address).toEqual(Object.keys(expected).sort());
        expect(carried, address).toEqual(expected);
        // Not a word of the admin area: its messages, for one.
        expect(html).not.toContain("Nothing has been changed yet.");
        expect(html).not.toContain("A notice with this item code already exists.");
      }
    }
  }, 120_000);
});

const userinfoLink = "https://www.hanabank.com@evil.example/fees";

describe("operators' source links", () => {
  it("refuses a link with a user name in /admin/rates, /admin/corridors/edit and the import, writing nothing", async () => {
    const operator = await admin("Admin Links");
    const rate = await operator.request("/admin/rates", {
      currency: "MNT",
      unit: "1",
      base: "0.41",
      day: new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10),
      sourceName: "Hana Bank",
      sourceUrl: userinfoLink,
    });
    expect(rate.status).toBe(400);
    const corridor = await operator.request("/admin/corridors/edit", {
      country: "LA",
      provider: "Example Remit",
      source: userinfoLink,
      asOf: "2026-11-26",
      "offers.0.currency": "USD",
      "offers.0.margin": "90",
      feeKind: "flat",
      flatKrw: "5000",
    });
    expect(corridor.status).toBe(400);
    expect(query("SELECT currency FROM exchange_rates WHERE currency = 'MNT'")).toEqual([]);
    expect(query("SELECT country FROM corridors WHERE country = 'LA'")).toEqual([]);

    const corridorItem = JSON.parse(fs.readFileSync(path.join(root, "content", "corridors.json"), "utf8")).corridors[0];
    const imported = await importFile({
      rates: [
        { currency: "MNT", unit: 1, base: "0.41", day: "2026-11-20", sourceName: "Hana", sourceUrl: userinfoLink },
      ],
      corridors: [{ ...corridorItem, country: "LA", source: userinfoLink }],
    });
    expect(imported.code).toBe(1);
    expect(imported.stderr).toContain("rates[#0].sourceUrl:");
    expect(imported.stderr).toContain("corridors[#0].source:");
    expect(query("SELECT currency FROM exchange_rates WHERE currency = 'MNT'")).toEqual([]);
  }, 120_000);

  it("never shows one stored before the rule as a link on the public finance pages", async () => {
    // Written as the stores took them before the rule held (no form or import takes them now).
    const stores = openSqliteStores(path.join(server.dataDir, "klife.sqlite"));
    try {
      const krw = parseDecimal("0.41")!;
      await stores.rates.saveOperatorRate(
        {
          base: { currency: "MNT" as CurrencyCode, unit: 1, krw },
          ttb: null,
          tts: null,
          day: "2026-11-20",
          sourceName: "Hana Bank",
          sourceUrl: userinfoLink,
        },
        Date.now(),
      );
      const vn = (await stores.corridors.get("VN"))!;
      await stores.corridors.put({ ...vn, source: userinfoLink }, Date.now());
    } finally {
      await stores.close();
    }
    const pages = [
      // The rate is shown with its source's name, without the link.
      ["/finance/currencyExchange?from=KRW&to=MNT&amount=1000&lng=en", "Hana Bank"],
      // The corridor's source is shown as the text it is, not as a link naming a bank.
      ["/finance/remittance?lng=en&country=VN&send=1%2C000%2C000", "www.hanabank.com@evil.example"],
    ];
    for (const [address, shown] of pages) {
      const response = await fetch(`${server.url}${address}`);
      expect(response.status, address).toBe(200);
      const html = await response.text();
      expect(html, address).toContain(shown);
      expect(html, address).not.toMatch(/href="https:\/\/www\.hanabank\.com@/);
    }
  }, 120_000);
});

describe("the content import's JSON", () => {
  it("refuses a name given twice, at the top and inside an item, naming it, and writes nothing", async () => {
    const before = query<{ n: number }>("SELECT count(*) AS n FROM notices")[0]!.n;
    const reviewed = JSON.stringify([draft("dup-reviewed")]);
    const unreviewed = JSON.stringify([draft("dup-unreviewed")]);
    const top = await importText(`{"notices": ${reviewed}, "notices": ${unreviewed}}`);
    expect(top.code).toBe(1);
    expect(top.stderr).toContain("notices: This name is given more than once in the same object");
    const inner = await importText(
      `{"notices": [{"itemCd": "dup-inner", "category": "general", "category": "visa",
        "translations": {"ko": {"title": "제목", "body": "본문", "title": "다른 제목"}}}]}`,
    );
    expect(inner.code).toBe(1);
    expect(inner.stderr).toContain("notices[dup-inner].category: This name is given more than once");
    expect(inner.stderr).toContain("notices[dup-inner].translations.ko.title: This name is given more than once");
    expect(query<{ n: number }>("SELECT count(*) AS n FROM notices")[0]!.n).toBe(before);
    // The same names spelled differently are the same name.
    const escaped = await importText(`{"notices": ${reviewed}, "notic\\u0065s": ${unreviewed}}`);
    expect(escaped.code).toBe(1);
    expect(query<{ n: number }>("SELECT count(*) AS n FROM notices")[0]!.n).toBe(before);
  }, 60_000);
});
