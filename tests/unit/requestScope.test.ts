/**
 * A GET request's repeated reads (app/infra/requestScope.server.ts), on real SQLite stores: made once in a GET's
 * scope, afresh after a write in it, every time in a POST's and outside any request; the session's revocation
 * time brings the member's whole screen in a GET; every method of a memoized store, on both engines, is declared kept,
 * passed through or a write.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { IN_SCOPE, inRequestScope, undeclaredMethods, withRequestMemo } from "~/infra/requestScope.server";
import { createPg } from "~/infra/postgres/database.server";
import { postgresStores } from "~/infra/postgres/stores.server";
import { openSqliteStores } from "~/infra/sqlite/stores.server";
import type { Stores } from "~/stores/stores";

let dir: string;
let stores: Stores;
let reads: number;
let screens: number;
let marks: number;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "klife-scope-"));
  stores = openSqliteStores(path.join(dir, "stores.sqlite"));
  await stores.members.create({
    uid: "m1",
    name: "Before",
    language: "en",
    phoneNumber: null,
    nationality: "VN",
    visa: null,
    visaExpiresOn: null,
    signUpMethod: "id",
    terms: [],
    createdAt: 1,
  });
  // Counts what reaches the storage.
  reads = 0;
  screens = 0;
  const screen = stores.memberScreen;
  stores.memberScreen = (uid, now) => {
    screens++;
    return screen(uid, now);
  };
  const profile = stores.members.profile;
  stores.members.profile = (uid) => {
    reads++;
    return profile(uid);
  };
  marks = 0;
  const changeMark = stores.changeMark;
  stores.changeMark = () => {
    marks++;
    return changeMark();
  };
});

afterEach(async () => {
  await stores.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("a page's repeated reads", () => {
  it("are made once in a GET request, for each member asked about", async () => {
    const memo = withRequestMemo(stores);
    const names = await inRequestScope("GET", async () => {
      const [a, b] = await Promise.all([memo.members.profile("m1"), memo.members.profile("m1")]);
      const c = await memo.members.profile("m1");
      await memo.members.profile("nobody");
      return [a?.name, b?.name, c?.name];
    });
    expect(names).toEqual(["Before", "Before", "Before"]);
    expect(reads).toBe(2);
  });

  it("are made afresh after a write of the same store in the request, and not after a read", async () => {
    const memo = withRequestMemo(stores);
    const names = await inRequestScope("GET", async () => {
      const before = await memo.members.profile("m1");
      await memo.members.findByPhone("+821000000000");
      await memo.members.update("m1", { name: "After" }, 2);
      const after = await memo.members.profile("m1");
      return [before?.name, after?.name];
    });
    expect(names).toEqual(["Before", "After"]);
    expect(reads).toBe(2);
  });

  it("are made every time in a POST and outside a request", async () => {
    const memo = withRequestMemo(stores);
    await inRequestScope("POST", async () => {
      await memo.members.profile("m1");
      await memo.members.profile("m1");
    });
    await memo.members.profile("m1");
    expect(reads).toBe(3);
  });

  it("are kept apart between requests running at once", async () => {
    const memo = withRequestMemo(stores);
    const one = inRequestScope("GET", () => memo.members.profile("m1"));
    const two = inRequestScope("GET", () => memo.members.profile("m1"));
    await Promise.all([one, two]);
    expect(reads).toBe(2);
  });

  it("bring the member's whole screen with the session's revocation time, in a GET only", async () => {
    const memo = withRequestMemo(stores);
    const own = {
      validAfter: await stores.revocations.validAfter("m1"),
      profile: await stores.members.profile("m1"),
      settings: await stores.members.settings("m1"),
      terms: await stores.members.terms("m1"),
      heads: await stores.terms.heads(),
    };
    reads = 0;
    const seen = await inRequestScope("GET", async () => {
      const validAfter = await memo.revocations.validAfter("m1");
      const [profile, settings, terms, heads, screen] = await Promise.all([
        memo.members.profile("m1"),
        memo.members.settings("m1"),
        memo.members.terms("m1"),
        memo.terms.heads(),
        // The badge's count (inboxUnread) asks the screen itself.
        memo.memberScreen("m1", Date.now()),
      ]);
      return { validAfter, profile, settings, terms, heads, unread: screen.unread };
    });
    expect(seen).toEqual({ ...own, unread: 0 });
    // One screen, whose profile read is the only one.
    expect(screens).toBe(1);
    expect(reads).toBe(1);

    await inRequestScope("GET", async () => {
      await memo.members.update("m1", { name: "After" }, 2);
      // A write forgot the screen: the revocation time brings a new one, with the new name.
      await memo.revocations.validAfter("m1");
      expect((await memo.members.profile("m1"))?.name).toBe("After");
    });
    expect(screens).toBe(2);

    await inRequestScope("GET", async () => {
      await memo.memberScreen("m1", Date.now());
      // A notification's write forgets the badge's count with the rest.
      await memo.notifications.markAllRead("m1", 3);
      await memo.memberScreen("m1", Date.now());
    });
    expect(screens).toBe(4);

    await inRequestScope("POST", async () => {
      await memo.revocations.validAfter("m1");
      await memo.members.profile("m1");
    });
    expect(screens).toBe(4);
  });

  it("ask the storage's change mark once, with the member's screen, for the page's shared reads too", async () => {
    const memo = withRequestMemo(stores);
    const [mark, again] = await inRequestScope("GET", async () => {
      await memo.revocations.validAfter("m1");
      return [await memo.changeMark(), await memo.changeMark()];
    });
    expect(screens).toBe(1);
    expect(marks).toBe(1);
    expect(again).toBe(mark);
    expect(mark).toBe(await stores.changeMark());
    // A visitor's page has no screen: the mark is read on its own, once.
    marks = 0;
    await inRequestScope("GET", async () => Promise.all([memo.changeMark(), memo.changeMark()]));
    expect(marks).toBe(1);
  });
});

describe("every method of a memoized store", () => {
  const methodsOf = (store: object) =>
    Object.entries(store)
      .filter(([, call]) => typeof call === "function")
      .map(([method]) => method)
      .sort();

  it("is declared kept, passed through or a write, on both engines' stores", async () => {
    // A pool connects only when asked a statement: these stores are never asked one.
    const db = createPg("postgres://nobody@127.0.0.1:1/none");
    const engines = { SQLite: stores, PostgreSQL: postgresStores(db) };
    try {
      for (const [engine, of] of Object.entries(engines)) {
        for (const name of Object.keys(IN_SCOPE) as (keyof typeof IN_SCOPE)[]) {
          expect(undeclaredMethods(name, of[name]), `${engine} ${name}`).toEqual([]);
          expect(Object.keys(IN_SCOPE[name]).sort(), `${engine} ${name}`).toEqual(methodsOf(of[name]));
        }
      }
    } finally {
      await db.close();
    }
  });

  it("or the memo refuses the store: a read left off is never taken for a write", () => {
    const gained = { ...stores, members: { ...stores.members, nickname: async () => "read" } };
    expect(() => withRequestMemo(gained)).toThrow(/members\.nickname not declared/);
  });
});
