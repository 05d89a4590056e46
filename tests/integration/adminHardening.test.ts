/**
 * The admin area as an attacker tries it, over HTTP to the built server and with the operator's commands as an
 * operator runs them (decision 0082): the admin role granted and revoked by scripts/grant-admin.mjs holds from the
 * member's very next request; the audit log names a stable actor (an admin's uid with the name they had, the
 * content import as its own kind), whatever an admin renames themselves to.
 */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
});

function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(path.join(server.dataDir, "klife.sqlite"), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
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
