/**
 * Terms with versions, through loaders and actions (the real Auth emulator, temporary SQLite files) and through
 * the built server over HTTP: the public pages show each document's version and date and reach earlier and
 * announced versions (an unknown one is a 404); a new required version in force sends a member from member pages
 * (never public ones) to the re-consent page and back to where they were going once they agree; an optional one
 * never holds anyone back; a version whose day has not come is not in force; joining records the versions in force.
 */
import path from "node:path";
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSession } from "~/auth/session.server";
import { importContent } from "~/content/import.server";
import { CONTENT_KINDS } from "~/server/contentKinds.server";
import { openSqliteStores } from "~/infra/sqlite/stores.server";
import { formatDate } from "~/lib/format";
import { loader as rootLoader } from "~/root";
import { loader as homeLoader } from "~/routes/_index";
import { loader as termsLoader } from "~/routes/member.terms";
import { action as updateAction, loader as updateLoader } from "~/routes/member.termsUpdate";
import { loader as myPageLoader } from "~/routes/mypage._index";
import { loader as secedeLoader } from "~/routes/mypage.secede";
import { loader as myTermsLoader } from "~/routes/mypage.terms";
import { loader as visaIndexLoader } from "~/routes/mypage.visa._index";
import type { Stores } from "~/stores/stores";
import { seedKind } from "~/content/kind.server";
import { shippedTerms, termsKind, type TermsItem } from "~/terms/termsKind.server";
import type { TermsNotice, TermsPageData } from "~/terms/view.server";
import { get, Jar, post } from "../support/jar";
import { httpBrowser, joinOverHttp } from "../support/join";
import { registerMember } from "../support/members";
import { startServer, type RunningServer } from "../support/server";
import { createTestServices, loadContext, type TestServices } from "../support/services";

const DAY = 24 * 60 * 60_000;
const dayFromToday = (days: number) => formatDate(Date.now() + days * DAY);
const shipped = shippedTerms();

/** A new version of a shipped document, effective `days` from today (Korea), with a summary of what changed. */
function newVersion(document: string, days: number, required: boolean, version = `v${dayFromToday(days)}`): TermsItem {
  const first = shipped.find((item) => item.document === document)!;
  return {
    ...first,
    version,
    effectiveOn: dayFromToday(days),
    required,
    translations: {
      ...first.translations,
      ko: { ...first.translations.ko!, summary: "보유 기간을 1년으로 바꿨습니다." },
      en: { ...first.translations.en!, summary: "Records are now kept for one year." },
    },
  };
}

/** Publishes a version as the content import does. */
const publish = (stores: Stores, item: TermsItem) => termsKind.apply(stores, item, Date.now());

type Route = (args: { request: Request; params: Record<string, string>; context: AppLoadContext }) => unknown;

function harness() {
  const services: TestServices = createTestServices();
  const context = loadContext(services);
  const load = (route: Route, target: string, jar = new Jar()) => get(route, target, jar, context);
  const send = (route: Route, target: string, jar: Jar, fields: Record<string, string>) =>
    post(route, target, jar, fields, context);
  /** A member who joined with the versions in force now, signed in a moment ago. */
  const member = async () => {
    const { uid } = await services.identity.admin.auth.createUser({});
    await registerMember(services, uid);
    const signedIn = await services.identity.signInAs(uid);
    if (!signedIn.ok) throw new Error("signInAs failed");
    const session = await startSession(services, signedIn.idToken);
    if (!session.ok) throw new Error(`no session: ${session.reason}`);
    const jar = new Jar();
    jar.take(new Response(null, { headers: { "Set-Cookie": session.setCookie } }));
    return { uid, jar };
  };
  const noticeOf = async (target: string, jar: Jar) =>
    ((await (await load(rootLoader, target, jar)).json()) as { termsNotice: TermsNotice | null }).termsNotice;
  return { services, load, send, member, noticeOf };
}

const pageOf = async (response: Response) => (await response.json()) as TermsPageData;

describe("the terms pages", () => {
  const h = harness();
  afterAll(() => h.services.cleanup());

  it("show each document's version in force with its effective date, on /member/terms and /mypage/terms", async () => {
    for (const loader of [termsLoader, myTermsLoader]) {
      const page = await pageOf(await h.load(loader, "/member/terms?lng=en"));
      expect(page.single).toBe(false);
      expect(page.documents.map((d) => [d.id, d.version, d.effectiveOn, d.status])).toEqual([
        ["service", "2026-11-01", "2026-11-01", "inForce"],
        ["privacy", "2026-11-01", "2026-11-01", "inForce"],
        ["marketing", "2026-11-01", "2026-11-01", "inForce"],
        ["privacyPolicy", "2026-11-24", "2026-11-24", "inForce"],
      ]);
      const privacy = page.documents[1]!;
      expect(privacy).toMatchObject({ title: "Collection and use of personal information" });
      expect(privacy.language).toBe("en");
      expect(privacy.effective).toBe("Version 2026-11-01, in force from 2026-11-01");
    }
  });

  it("list a version announced for later without putting it in force, and reach it and earlier ones by address", async () => {
    const later = newVersion("privacy", 10, true);
    expect(await publish(h.services.stores, later)).toBe("created");
    const page = await pageOf(await h.load(termsLoader, "/member/terms?lng=en"));
    const privacy = page.documents.find((d) => d.id === "privacy")!;
    expect(privacy.version).toBe("2026-11-01");
    expect(privacy.versions).toEqual([
      { version: "2026-11-01", effectiveOn: "2026-11-01", status: "inForce" },
      { version: later.version, effectiveOn: later.effectiveOn, status: "upcoming" },
    ]);

    const announced = await pageOf(
      await h.load(termsLoader, `/member/terms?lng=en&document=privacy&version=${later.version}`),
    );
    expect(announced.single).toBe(true);
    expect(announced.documents).toHaveLength(1);
    expect(announced.documents[0]).toMatchObject({
      id: "privacy",
      version: later.version,
      status: "upcoming",
      summary: "Records are now kept for one year.",
    });

    const first = await pageOf(await h.load(termsLoader, "/member/terms?lng=ko&document=privacy&version=2026-11-01"));
    expect(first.documents[0]).toMatchObject({ version: "2026-11-01", status: "inForce", language: "ko" });
    const inForce = await pageOf(await h.load(myTermsLoader, "/mypage/terms?document=marketing"));
    expect(inForce.documents.map((d) => [d.id, d.version])).toEqual([["marketing", "2026-11-01"]]);
  });

  it("show the Korean original where a version has no translation, saying in which language it is", async () => {
    const koOnly = {
      ...newVersion("service", -1, false, "ko-only"),
      translations: { ko: shipped[0]!.translations.ko! },
    };
    await publish(h.services.stores, koOnly);
    const page = await pageOf(await h.load(termsLoader, "/member/terms?lng=vi&document=service&version=ko-only"));
    expect(page.documents[0]).toMatchObject({ language: "ko", title: "서비스 이용약관", status: "inForce" });
  });

  it.each([
    "/member/terms?document=privacy&version=1999-01-01",
    "/member/terms?document=cookies",
    "/member/terms?document=privacy&version=..%2F..%2Fetc",
    "/member/terms?document=privacy&version=1%27%20OR%201%3D1",
    "/member/terms?version=2026-11-01",
    "/mypage/terms?document=age14",
  ])("answer %s with a 404 from the route boundary", async (target) => {
    const response = await h.load(target.startsWith("/mypage") ? myTermsLoader : termsLoader, target);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: "notFound" });
  });

  it("never show a draft", async () => {
    const draft = newVersion("privacy", -3, true, "draft-1");
    await h.services.stores.terms.save(
      { ...draft, texts: { ko: { ...draft.translations.ko!, summary: "", sections: [] } } },
      Date.now(),
      dayFromToday(0),
    );
    expect((await h.load(termsLoader, "/member/terms?document=privacy&version=draft-1")).status).toBe(404);
    const page = await pageOf(await h.load(termsLoader, "/member/terms"));
    expect(page.documents.find((d) => d.id === "privacy")!.versions.map((v) => v.version)).not.toContain("draft-1");
  });
});

describe("a new required version in force", () => {
  const h = harness();
  afterAll(() => h.services.cleanup());
  let member: Awaited<ReturnType<typeof h.member>>;
  const v2 = newVersion("privacy", -1, true);

  beforeAll(async () => {
    member = await h.member();
    await publish(h.services.stores, v2);
  });

  it("sends a member who agreed to the first from member pages to the re-consent page, the page kept", async () => {
    for (const [route, target] of [
      [myPageLoader, "/mypage"],
      [visaIndexLoader, "/mypage/visa?returnTo=%2Fmypage"],
    ] as const) {
      const response = await h.load(route, target, member.jar);
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get("Location")!, "http://x");
      expect(location.pathname).toBe("/member/termsUpdate");
      expect(location.searchParams.get("redirectTo")).toBe(target);
    }
  });

  it("keeps public pages open to them, with a notice that leads to the re-consent page", async () => {
    expect((await h.load(homeLoader, "/?lng=en", member.jar)).status).toBe(200);
    expect((await h.load(termsLoader, "/member/terms", member.jar)).status).toBe(200);
    const notice = await h.noticeOf("/community?lng=en", member.jar);
    expect(notice).toMatchObject({
      text: "The terms have changed: Collection and use of personal information. Please review and agree to keep using your account.",
      reviewHref: "/member/termsUpdate?redirectTo=%2Fcommunity%3Flng%3Den",
      close: null,
    });
    // Not on the re-consent page itself.
    expect(await h.noticeOf("/member/termsUpdate", member.jar)).toBeNull();
  });

  it("lets them withdraw instead (a recent sign-in)", async () => {
    expect((await h.load(secedeLoader, "/mypage/secede", member.jar)).status).toBe(200);
  });

  it("shows the version with what changed, and refuses to go on without the required box", async () => {
    const page = (await (
      await h.load(updateLoader, "/member/termsUpdate?redirectTo=%2Fmypage%2Fvisa&lng=en", member.jar)
    ).json()) as {
      changes: { document: string; version: string; required: boolean; summary: string; title: string }[];
      redirectTo: string;
    };
    expect(page.redirectTo).toBe("/mypage/visa");
    expect(page.changes).toEqual([
      expect.objectContaining({
        document: "privacy",
        version: v2.version,
        required: true,
        summary: "Records are now kept for one year.",
      }),
    ]);
    const refused = await h.send(updateAction, "/member/termsUpdate", member.jar, {
      intent: "agree",
      redirectTo: "/mypage/visa",
      "version.privacy": v2.version,
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: Record<string, string[]> }).error).toEqual({
      privacy: ["errors.form.termsRequired"],
    });
  });

  it("explains what declining means and lets no one on", async () => {
    const declined = await h.send(updateAction, "/member/termsUpdate", member.jar, {
      intent: "decline",
      redirectTo: "/mypage",
      "version.privacy": v2.version,
    });
    expect(declined.status).toBe(200);
    expect(await declined.json()).toMatchObject({ declined: true });
    expect((await h.load(myPageLoader, "/mypage", member.jar)).status).toBe(302);
  });

  it("records the agreement to that version and sends them on to the page they asked for", async () => {
    const agreed = await h.send(updateAction, "/member/termsUpdate", member.jar, {
      intent: "agree",
      redirectTo: "/mypage/visa",
      "version.privacy": v2.version,
      privacy: "on",
    });
    expect(agreed.status).toBe(302);
    expect(agreed.headers.get("Location")).toBe("/mypage/visa");
    const record = await h.services.stores.members.terms(member.uid);
    expect(record.filter((r) => r.document === "privacy").map((r) => [r.version, r.agreed])).toEqual([
      ["2026-11-01", true],
      [v2.version, true],
    ]);
    expect((await h.load(myPageLoader, "/mypage", member.jar)).status).toBe(200);
    expect(await h.noticeOf("/", member.jar)).toBeNull();
  });

  it("never sends a visitor anywhere off-site afterwards", async () => {
    const other = await h.member();
    const answered = await h.send(updateAction, "/member/termsUpdate", other.jar, {
      intent: "agree",
      redirectTo: "//evil.example/x",
      "version.privacy": v2.version,
      privacy: "on",
    });
    expect(answered.headers.get("Location")).toBe("/mypage");
  });

  it("is not asked of a member who joins while it is in force", async () => {
    const joined = await h.member();
    const record = await h.services.stores.members.terms(joined.uid);
    expect(record.find((r) => r.document === "privacy")).toMatchObject({ version: v2.version, agreed: true });
    expect((await h.load(myPageLoader, "/mypage", joined.jar)).status).toBe(200);
  });
});

describe("an optional new version, and one not in force yet", () => {
  const h = harness();
  afterAll(() => h.services.cleanup());

  it("never holds a member back: a notice they can close, which records that they did not agree", async () => {
    const member = await h.member();
    const marketing = newVersion("marketing", 0, false);
    await publish(h.services.stores, marketing);
    expect((await h.load(myPageLoader, "/mypage", member.jar)).status).toBe(200);
    const notice = await h.noticeOf("/mypage?lng=en", member.jar);
    expect(notice).toMatchObject({
      text: "Marketing messages: a new version is in force. Agreeing is optional.",
      close: { redirectTo: "/mypage?lng=en", versions: [{ document: "marketing", version: marketing.version }] },
    });
    const closed = await h.send(updateAction, "/member/termsUpdate", member.jar, {
      intent: "decline",
      redirectTo: notice!.close!.redirectTo,
      "version.marketing": marketing.version,
    });
    expect(closed.status).toBe(302);
    expect(closed.headers.get("Location")).toBe("/mypage?lng=en");
    expect(
      (await h.services.stores.members.terms(member.uid)).find((r) => r.version === marketing.version),
    ).toMatchObject({ document: "marketing", agreed: false });
    expect(await h.noticeOf("/mypage", member.jar)).toBeNull();
  });

  it("is not in force before its day: no gate, no notice, listed as announced", async () => {
    const member = await h.member();
    const service = newVersion("service", 1, true);
    await publish(h.services.stores, service);
    expect((await h.load(myPageLoader, "/mypage", member.jar)).status).toBe(200);
    expect(await h.noticeOf("/mypage", member.jar)).toBeNull();
    const page = await pageOf(await h.load(termsLoader, "/member/terms"));
    expect(page.documents.find((d) => d.id === "service")).toMatchObject({
      version: "2026-11-01",
      versions: [expect.objectContaining({ status: "inForce" }), expect.objectContaining({ status: "upcoming" })],
    });
  });

  it("says there is nothing to answer on the re-consent page when nothing waits", async () => {
    const member = await h.member();
    const response = await h.load(updateLoader, "/member/termsUpdate?redirectTo=%2Fnoti", member.jar);
    expect(await response.json()).toEqual({ changes: [], redirectTo: "/noti" });
    const visitor = await h.load(updateLoader, "/member/termsUpdate");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe("/member/start?redirectTo=%2Fmember%2FtermsUpdate");
  });
});

describe("the import of terms versions", () => {
  const h = harness();
  afterAll(() => h.services.cleanup());

  it("is idempotent by document and version, and never changes a version in force", async () => {
    await seedKind(h.services.stores, termsKind);
    const later = newVersion("privacy", 5, true);
    expect(await publish(h.services.stores, later)).toBe("created");
    expect(await publish(h.services.stores, later)).toBe("unchanged");
    const corrected = {
      ...later,
      translations: { ...later.translations, en: { ...later.translations.en!, summary: "Kept one year." } },
    };
    expect(await publish(h.services.stores, corrected)).toBe("updated");
    // The shipped versions are stored as they were loaded: the same again changes nothing.
    for (const item of shipped) expect(await publish(h.services.stores, item)).toBe("unchanged");
    const changedInForce = { ...shipped[1]!, required: false };
    await expect(publish(h.services.stores, changedInForce)).rejects.toThrow(/privacy@2026-11-01 is in force/);
    expect((await h.services.stores.terms.version("privacy", "2026-11-01"))!.required).toBe(true);
  });

  it("refuses a whole file that changes a version in force, naming it, before writing anything", async () => {
    await seedKind(h.services.stores, termsKind);
    const fresh = newVersion("service", 9, true);
    const changedInForce = { ...shipped[1]!, required: false };
    const file = { terms: [fresh, changedInForce] };
    const result = await importContent(CONTENT_KINDS, h.services.stores, file, Date.now());
    expect(result).toEqual({
      ok: false,
      errors: [{ key: "terms", item: "privacy@2026-11-01", field: "", message: "errors.form.termsInForce" }],
    });
    // The valid item before it was not written either.
    expect(await h.services.stores.terms.version("service", fresh.version)).toBeNull();
    // The same version unchanged is no change, and imports with the rest.
    const again = await importContent(CONTENT_KINDS, h.services.stores, { terms: [fresh, shipped[1]!] }, Date.now());
    expect(again).toEqual({ ok: true, counts: { terms: { created: 1, updated: 0, unchanged: 1 } } });
  });
});

describe("over HTTP, against the built server", () => {
  let server: RunningServer;
  let seed: Stores;
  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_ALL: "10000" });
    // Another client of the server's own database file, as the content import is.
    seed = openSqliteStores(path.join(server.dataDir, "klife.sqlite"));
  });
  afterAll(async () => {
    await seed?.close();
    await server?.stop();
  });

  const fetchPage = (target: string, cookies = "") =>
    fetch(new URL(target, server.url), { headers: { Cookie: cookies, "Accept-Language": "en" }, redirect: "manual" });

  it("renders each document's version and date, its earlier version by address, and a 404 for an unknown one", async () => {
    const html = await (await fetchPage("/member/terms?lng=en")).text();
    const text = html.replace(/<[^>]+>/g, "");
    expect(text).toContain("Version 2026-11-01, in force from 2026-11-01");
    expect(text).toContain("Version 2026-11-24, in force from 2026-11-24");
    const first = await fetchPage("/mypage/terms?lng=en&document=privacyPolicy&version=2026-11-24");
    expect(first.status).toBe(200);
    expect(await first.text()).toContain("Privacy policy");
    expect((await fetchPage("/member/terms?document=privacy&version=2020-01-01")).status).toBe(404);
  });

  it("gates a member on member pages after a required version takes effect, and lets them back once agreed", async () => {
    const before = await joinOverHttp(server.url, server.dataDir);
    const v2 = newVersion("privacy", 0, true);
    await publish(seed, v2);
    const gated = await fetchPage("/noti", before.cookies);
    expect(gated.status).toBe(302);
    expect(gated.headers.get("Location")).toBe("/member/termsUpdate?redirectTo=%2Fnoti");
    const home = await fetchPage("/?lng=en", before.cookies);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("The terms have changed: Collection and use of personal information.");

    const { jar, step } = httpBrowser(server.url);
    for (const pair of before.cookies.split("; ")) {
      const [name, ...value] = pair.split("=");
      jar.cookies.set(name!, value.join("="));
    }
    await step("/member/termsUpdate", { redirectTo: "/noti", "version.privacy": v2.version, privacy: "on" }, "/noti");
    expect((await fetchPage("/noti", jar.header)).status).toBe(200);

    // Joining now records the version in force, and asks nothing more.
    const after = await joinOverHttp(server.url, server.dataDir, { email: `terms-${Date.now()}@example.com` });
    expect((await fetchPage("/noti", after.cookies)).status).toBe(200);
    const members = await seed.members.page({ limit: 10 });
    const newest = members.ok ? members.items.at(-1)! : null;
    expect((await seed.members.terms(newest!.uid)).map((r) => `${r.document}@${r.version}:${r.agreed}`).sort()).toEqual(
      ["age14@2026-11-01:true", "marketing@2026-11-01:true", `privacy@${v2.version}:true`, "service@2026-11-01:true"],
    );
  });
});
