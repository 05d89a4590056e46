/**
 * The render cache (app/entry.server.tsx, docs/decisions/0011-render-cache.md)
 * reuses a rendered document for the same status, language, URL and loaders'
 * data: that is only right while a render is a function of those. Every page is
 * rendered here through the real Remix request handler, in-process, signed out
 * and signed in, walking the join, sign-in and recovery flows to reach their
 * steps, with the clock, Math.random, crypto.randomUUID and process.env watched.
 * A call made while React renders a component fails the test, naming the
 * component; loaders and actions may read the clock. A page route that this file
 * never renders fails it too, so a new route is covered or the test says so.
 */
import path from "node:path";
import { createRequestHandler, type AppLoadContext, type ServerBuild, type ServerEntryModule } from "@remix-run/node";
import { flatRoutes } from "@remix-run/dev/dist/config/flat-routes.js";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import remixConfig from "../../remix.config.js";
import { startGoogleStandIn } from "../support/googleStandIn.mjs";
import { startSession } from "~/auth/session.server";
import { Jar } from "../support/jar";
import { registerMember } from "../support/members";
import { lastCodeTo, uniqueNumber } from "../support/join";
import { createTestServices, loadContext, type TestServices } from "../support/services";
import { formatDate } from "~/lib/format";
import { shippedTerms, termsKind } from "~/terms/termsKind.server";
import { benefitsKind } from "~/benefits/benefitsKind.server";
import { seedKind } from "~/content/kind.server";
import { corridorsKind } from "~/finance/corridorsKind.server";
import { extensionKitsKind } from "~/visa/extensionKitsKind.server";

const appDirectory = path.resolve(__dirname, "../../app");
const HUMAN =
  "Mozilla/5.0 (Linux; Android 13; SM-A146P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130 Mobile Safari/537.36";

// ---------------------------------------------------------------------------
// What a component reads while React renders it.

interface Read {
  what: string;
  /** The component React was rendering: the frame just above React's own. */
  component: string;
  /** Where the read happened (the first frame outside this file). */
  at: string;
}

/** React's server renderer (its development build, which Vitest loads) calls each component from these frames. */
const REACT_RENDER_FRAME = /\bat (?:renderWithHooks|renderIndeterminateComponent|finishClassComponent|renderElement)\b/;
const THIS_FILE = __filename;

let watching = false;
let reads: Read[] = [];

function noteRead(what: string) {
  if (!watching) return;
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 200;
  const stack = new Error().stack ?? "";
  Error.stackTraceLimit = limit;
  const frames = stack
    .split("\n")
    .slice(1)
    .map((f) => f.trim());
  const react = frames.findIndex((f) => REACT_RENDER_FRAME.test(f));
  // Outside a render (a loader, an action, the request handler): allowed.
  if (react < 1) return;
  const outside = frames.filter((f) => !f.includes(THIS_FILE));
  const short = (frame: string | undefined) =>
    (frame ?? "?").replace(/^at /, "").replace(`${path.resolve(__dirname, "../..")}/`, "");
  reads.push({ what, component: short(frames[react - 1]), at: short(outside[0]) });
}

const RealDate = Date;
const realRandom = Math.random;
const realRandomUUID = globalThis.crypto.randomUUID.bind(globalThis.crypto);
const realPerformanceNow = performance.now.bind(performance);
const realEnv = process.env;
const formatDescriptor = Object.getOwnPropertyDescriptor(Intl.DateTimeFormat.prototype, "format")!;
const realFormatToParts = Intl.DateTimeFormat.prototype.formatToParts;

function watchReads() {
  const watchedNow = () => (noteRead("Date.now()"), RealDate.now());
  globalThis.Date = new Proxy(RealDate, {
    construct(target, args, newTarget) {
      if (args.length === 0) noteRead("new Date()");
      return Reflect.construct(target, args, newTarget) as object;
    },
    apply(target, self, args) {
      noteRead("Date()");
      return Reflect.apply(target, self, args) as unknown;
    },
    get(target, key, receiver) {
      return key === "now" ? watchedNow : (Reflect.get(target, key, receiver) as unknown);
    },
  });
  Math.random = () => (noteRead("Math.random()"), realRandom());
  Object.defineProperty(globalThis.crypto, "randomUUID", {
    configurable: true,
    value: () => (noteRead("crypto.randomUUID()"), realRandomUUID()),
  });
  performance.now = () => (noteRead("performance.now()"), realPerformanceNow());
  // Intl formats the current time when it is given none.
  Object.defineProperty(Intl.DateTimeFormat.prototype, "format", {
    ...formatDescriptor,
    get(this: Intl.DateTimeFormat) {
      const format = formatDescriptor.get!.call(this) as (date?: Date | number) => string;
      return (date?: Date | number) => {
        if (date === undefined) noteRead("Intl.DateTimeFormat#format() of now");
        return format(date);
      };
    },
  });
  Intl.DateTimeFormat.prototype.formatToParts = function (this: Intl.DateTimeFormat, date?: Date | number) {
    if (date === undefined) noteRead("Intl.DateTimeFormat#formatToParts() of now");
    return realFormatToParts.call(this, date);
  };
  // The environment: only config.server.ts reads it, never a component.
  process.env = new Proxy(realEnv, {
    get(target, key, receiver) {
      if (typeof key === "string") noteRead(`process.env.${key}`);
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

function unwatchReads() {
  globalThis.Date = RealDate;
  Math.random = realRandom;
  delete (globalThis.crypto as { randomUUID?: unknown }).randomUUID;
  performance.now = realPerformanceNow;
  Object.defineProperty(Intl.DateTimeFormat.prototype, "format", formatDescriptor);
  Intl.DateTimeFormat.prototype.formatToParts = realFormatToParts;
  process.env = realEnv;
}

/** Runs `work` with reads recorded; returns the reads made while React rendered a component. */
async function readsDuring<T>(work: () => Promise<T> | T): Promise<{ result: T; reads: Read[] }> {
  reads = [];
  watching = true;
  try {
    const result = await work();
    return { result, reads };
  } finally {
    watching = false;
  }
}

// ---------------------------------------------------------------------------
// The app as the Remix compiler would build it, from source.

/** Route ids whose component or error boundary React rendered. */
const rendered = new Set<string>();

async function sourceBuild(): Promise<{ build: ServerBuild; pages: string[] }> {
  const manifest = {
    root: { id: "root", parentId: undefined, path: "", index: undefined, caseSensitive: undefined, file: "root.tsx" },
    ...flatRoutes(appDirectory, remixConfig.ignoredRouteFiles),
  };
  const routes: ServerBuild["routes"] = {};
  const assetRoutes: ServerBuild["assets"]["routes"] = {};
  const pages: string[] = [];
  for (const route of Object.values(manifest)) {
    const original = (await import(/* @vite-ignore */ path.join(appDirectory, route.file))) as Record<string, unknown>;
    const module: Record<string, unknown> = { ...original };
    // Each route's component and boundary note that they rendered (they render as before).
    for (const name of ["default", "ErrorBoundary"] as const) {
      const Component = original[name] as ComponentType | undefined;
      if (!Component) continue;
      const Noted = (props: object) => {
        rendered.add(route.id);
        return createElement(Component, props);
      };
      Noted.displayName = `Route(${route.id})`;
      module[name] = Noted;
    }
    if (original.default && route.id !== "root") pages.push(route.id);
    const { id, parentId, path: routePath, index, caseSensitive } = route;
    routes[id] = {
      id,
      parentId,
      path: routePath,
      index,
      caseSensitive,
      module,
    } as unknown as ServerBuild["routes"][string];
    assetRoutes[id] = {
      id,
      parentId,
      path: routePath,
      index,
      caseSensitive,
      module: `/build/${id}.js`,
      imports: [],
      hasAction: Boolean(original.action),
      hasLoader: Boolean(original.loader),
      hasClientAction: false,
      hasClientLoader: false,
      hasErrorBoundary: Boolean(original.ErrorBoundary),
    };
  }
  const entry = (await import("~/entry.server")) as unknown as ServerEntryModule;
  const build: ServerBuild = {
    mode: "production",
    entry: { module: entry },
    routes,
    assets: {
      version: "test-build",
      url: "/build/manifest-test.js",
      entry: { module: "/build/entry.client.js", imports: [] },
      routes: assetRoutes,
    },
    publicPath: remixConfig.publicPath!,
    assetsBuildDirectory: remixConfig.assetsBuildDirectory!,
    future: { v3_singleFetch: false, ...remixConfig.future } as ServerBuild["future"],
    isSpaMode: false,
  };
  return { build, pages };
}

// ---------------------------------------------------------------------------
// A browser that talks to the request handler directly.

let services: TestServices;
let google: TestServices;
let standIn: Awaited<ReturnType<typeof startGoogleStandIn>>;
let pages: string[];
let handle: ReturnType<typeof createRequestHandler>;
/** Every document rendered: its URL, status and the reads React's render made. */
const documents: { url: string; status: number; reads: Read[] }[] = [];

beforeAll(async () => {
  standIn = await startGoogleStandIn();
  services = createTestServices();
  // The benefits the server writes at start: /benefit draws them (and, signed in, those for the visa first).
  await seedKind(services.stores, benefitsKind);
  // The corridors likewise: /finance/remittance lists them and quotes one.
  await seedKind(services.stores, corridorsKind);
  // And the extension kits: /mypage/visa shows the member's, the admin lists and edits them.
  await seedKind(services.stores, extensionKitsKind);
  google = createTestServices(standIn.env);
  const source = await sourceBuild();
  pages = source.pages;
  handle = createRequestHandler(source.build, "production");
  watchReads();
});
afterAll(async () => {
  unwatchReads();
  await services?.cleanup();
  await google?.cleanup();
  await standIn?.close();
});

function browser(own: TestServices = services, context: Partial<AppLoadContext> = {}) {
  const jar = new Jar();
  jar.cookies.set("lng", Buffer.from(JSON.stringify("en")).toString("base64"));
  const send = async (target: string, form?: Record<string, string>) => {
    const request = new Request(new URL(target, "http://127.0.0.1"), {
      method: form ? "POST" : "GET",
      headers: { Cookie: jar.header, "User-Agent": HUMAN },
      body: form ? new URLSearchParams(form) : undefined,
    });
    const { result: response, reads: found } = await readsDuring(() =>
      handle(request, { ...loadContext(own), ...context }),
    );
    jar.take(response);
    const body = await response.text();
    if (response.headers.get("Content-Type")?.startsWith("text/html")) {
      documents.push({ url: target, status: response.status, reads: found });
    } else {
      expect(found, `${target} answered without a document, but React rendered`).toEqual([]);
    }
    return { response, body };
  };
  /** A page: rendered as a document with the status expected. */
  const open = async (target: string, status = 200) => {
    const { response, body } = await send(target);
    expect(response.status, `GET ${target} (${response.headers.get("Location") ?? ""})`).toBe(status);
    return body;
  };
  /** A form post answered by a redirect to `next`. */
  const step = async (target: string, form: Record<string, string>, next: string) => {
    const { response } = await send(target, form);
    expect(`${response.status} ${response.headers.get("Location")}`, `POST ${target}`).toBe(`302 ${next}`);
  };
  return { jar, open, step };
}

const PUBLIC_PAGES = [
  "/",
  "/language",
  "/language?redirectTo=%2Fshop",
  "/nLanguage",
  "/shop",
  "/benefit",
  "/benefit?category=work",
  "/finance/remittance",
  "/finance/remittance?country=VN&send=1%2C000%2C000",
  "/finance/currencyExchange",
  "/finance/currencyExchange?from=USD&to=KRW&amount=1,000",
  "/finance/currencyExchange?from=KRW&to=VND&amount=-5",
  "/member/start",
  "/member/startId",
  "/login/login",
  "/member/agree",
  "/sign",
  "/member/findPw",
  "/member/findVisa",
  "/member/findVisa?q=student",
  "/member/findVisa?returnTo=%2Fmember%2FaddInfo",
  "/member/findVisa/D-2",
  "/member/terms",
  "/mypage/terms",
  "/dev/outbox",
];
/** Page routes that never answer with a document of their own, and why. */
const NEVER_A_DOCUMENT: Record<string, string> = {
  "routes/member.google.callback":
    "its loader always redirects (googleJoinerStart below goes through it); a 404 for it comes from its parent, member.google",
};
const NOT_FOUND = ["/no/such/page", "/member/findVisa/Z-9", "/member/google", "/member/google/callback"];

// ---------------------------------------------------------------------------

describe("the watch itself", () => {
  it("names a component that reads the clock while rendering, and lets a loader read it", async () => {
    function StampedFooter() {
      return createElement("p", null, new Date().getFullYear());
    }
    const during = await readsDuring(() => renderToString(createElement(StampedFooter)));
    expect(during.reads.map((r) => [r.what, r.component.split(" ")[0]])).toEqual([["new Date()", "StampedFooter"]]);
    const loader = await readsDuring(() => ({ now: Date.now(), id: crypto.randomUUID(), luck: Math.random() }));
    expect(loader.reads).toEqual([]);
  });
});

describe("every page renders from its URL, language and loaders' data alone", () => {
  it("signed out, through the join, sign-in and recovery flows, and signed in", async () => {
    const anonymous = browser(services, { fromThisMachine: true });
    for (const target of PUBLIC_PAGES) await anonymous.open(target);
    for (const target of NOT_FOUND) await anonymous.open(target, 404);

    // Joining with a phone: number and terms, code, name, nationality; signed in at the end.
    const phoneJoiner = browser(services, { fromThisMachine: true });
    const phone = uniqueNumber();
    await phoneJoiner.step("/sign?index", { phone: phone.local, agreeAll: "on" }, "/sign/authNo");
    await phoneJoiner.open("/sign/authNo");
    await phoneJoiner.step("/sign/authNo", { code: lastCodeTo(services.dataDir, phone.e164) }, "/sign/choiceNation");
    await phoneJoiner.open("/sign/choiceNation");
    await phoneJoiner.step(
      "/sign/choiceNation",
      { name: "Render Check", nationality: "Vietnam", visa: "E-9" },
      "/sign/signUpComplete",
    );
    await phoneJoiner.open("/sign/signUpComplete");
    // A member's pages carry the member's own data (the footer's sign-out, for one).
    for (const target of PUBLIC_PAGES) {
      if (!["/member/start", "/member/startId", "/member/agree", "/sign", "/login/login"].includes(target)) {
        await phoneJoiner.open(target);
      }
    }
    await phoneJoiner.open("/no/such/page", 404);
    // My page, signed in a moment ago (the number change and withdrawal need a recent sign-in).
    for (const target of [
      "/mypage",
      "/mypage/userInfo",
      "/mypage/addInfo",
      "/mypage/visa",
      "/mypage/visa/F-4",
      "/mypage/visa/H-2",
      "/mypage/visa/appointment",
      "/mypage/changePw",
      "/mypage/phone",
      "/mypage/secede",
      "/mypage/partners",
      "/mypage/reminders",
    ]) {
      await phoneJoiner.open(target);
    }
    await phoneJoiner.open("/mypage/visa/Z-9", 404);
    const newNumber = uniqueNumber();
    await phoneJoiner.step("/mypage/phone?index", { phone: newNumber.local }, "/mypage/phone/authNo");
    await phoneJoiner.open("/mypage/phone/authNo");
    await anonymous.open("/mypage/secede?bye=1");

    // The community and the inbox, around a feed with a photo and a comment.
    const feedId = "renderPurity";
    const author = { uid: "render-author", label: "Render A.", nationality: "VN" };
    await services.stores.feeds.create({
      id: feedId,
      author,
      category: "daily",
      text: "A feed with a link https://www.hikorea.go.kr/",
      photos: [{ id: "renderPhoto1", width: 800, height: 600 }],
      createdAt: Date.now() - 5 * 60_000,
    });
    await services.stores.comments.add(
      { id: "renderComnt1", feedId, parentId: null, author, text: "A comment", createdAt: Date.now() - 60_000 },
      [],
    );
    for (const target of ["/community", "/community?category=visa", `/community/${feedId}`]) {
      await anonymous.open(target);
      await phoneJoiner.open(target);
    }
    for (const target of ["/community/edit", `/community/report?itemCd=${feedId}`, "/mypage/community", "/noti"]) {
      await phoneJoiner.open(target);
    }
    await phoneJoiner.open("/mypage/community?tab=comments");

    // Notices, for everyone, and the admin area, for an admin.
    await services.stores.notices.save(
      {
        itemCd: "render-1",
        category: "visa",
        pinned: true,
        publishedAt: Date.now() - 60_000,
        translations: {
          ko: { title: "렌더 공지", body: "**본문** [링크](https://example.com)" },
          en: { title: "Render", body: "Body" },
        },
      },
      Date.now() - 60_000,
    );
    for (const target of [
      "/mypage/notice",
      "/mypage/noticeDetail?itemCd=render-1",
      "/mypage/noticeDetail?itemCd=render-1&lng=ur",
      "/finance/loan?amount=1%2C000%2C000&rate=5&months=24&method=equalPrincipal&grace=3",
      "/finance/loan?amount=-1&rate=100&months=600&method=x&lng=ur",
      "/finance/pay?amount=2%2C000%2C000&per=month&weeklyHours=40",
      "/finance/severance?start=2025-03-01&end=2026-03-01&lastThreeMonthsPay=9000000&lng=ur",
      "/finance/severance?start=2026-03-01&end=2025-03-01&lastThreeMonthsPay=x&employees=-1",
      "/finance/leavingKorea?nationality=VN&visa=E-9&lng=ur",
      "/finance/leavingKorea?nationality=Atlantis&visa=Z-99",
    ]) {
      await anonymous.open(target);
      await phoneJoiner.open(target);
    }
    await anonymous.open("/mypage/noticeDetail?itemCd=nope", 404);
    await anonymous.open("/admin/notices", 404);
    // A single sign-on request that the provider does not know (expired, or never made): the page says so.
    await anonymous.open("/ssoConsent/no-such-interaction", 400);
    // A reminder's opt-out link that this server never made: the page says so (a real one: reminders.test.ts).
    await anonymous.open("/reminders/stop?t=not-a-token", 400);
    const admin = browser();
    const { uid: adminUid } = await services.identity.admin.auth.createUser({
      email: `render-admin-${crypto.randomUUID()}@example.com`,
    });
    await registerMember(services, adminUid, { name: "Render Admin" });
    await services.identity.admin.auth.setCustomUserClaims(adminUid, { admin: true });
    const adminSignIn = await services.identity.signInAs(adminUid);
    const adminSession = adminSignIn.ok ? await startSession(services, adminSignIn.idToken) : null;
    if (!adminSession?.ok) throw new Error("no admin session");
    admin.jar.take(new Response(null, { headers: { "Set-Cookie": adminSession.setCookie } }));
    for (const target of [
      "/admin",
      "/admin/notices",
      "/admin/notices/edit",
      "/admin/notices/edit?itemCd=render-1",
      "/admin/audit",
      "/admin/benefits",
      "/admin/benefits/edit",
      "/admin/benefits/edit?itemCd=immigration-contact-center",
      "/admin/offers",
      "/admin/offers/edit",
      "/admin/terms",
      "/admin/terms/edit",
      "/admin/terms/edit?document=privacy&version=2026-11-01",
      "/admin/terms/edit?document=privacy&version=2026-11-01&copy=1",
      "/admin/corridors",
      "/admin/corridors/edit",
      "/admin/corridors/edit?country=VN",
      "/admin/extensionKits",
      "/admin/extensionKits/edit",
      "/admin/extensionKits/edit?itemCd=E-9",
      "/admin/rates",
      "/admin/rates?currency=VND",
      "/admin/loanProducts",
      "/admin/loanProducts/edit",
      "/admin/partners",
    ]) {
      await admin.open(target);
    }
    await phoneJoiner.open("/community/review", 403);
    await anonymous.open("/community/AAAAAAAAAAAA", 404);

    // Joining with an ID: terms, ID and password, name and phone (both stages), nationality and visa.
    const idJoiner = browser();
    const email = `render-${crypto.randomUUID()}@example.com`;
    const password = "a long enough passphrase";
    const idPhone = uniqueNumber();
    await idJoiner.step("/member/agree", { agreeAll: "on" }, "/member/accountInfo");
    await idJoiner.open("/member/accountInfo");
    await idJoiner.step("/member/accountInfo", { email, password, passwordConfirm: password }, "/member/userInfo");
    await idJoiner.open("/member/userInfo");
    await idJoiner.step(
      "/member/userInfo",
      { intent: "send", name: "Id Joiner", phone: idPhone.local },
      "/member/userInfo",
    );
    await idJoiner.open("/member/userInfo");
    await idJoiner.step(
      "/member/userInfo",
      { intent: "verify", name: "Id Joiner", code: lastCodeTo(services.dataDir, idPhone.e164) },
      "/member/addInfo",
    );
    await idJoiner.open("/member/addInfo");
    await idJoiner.open("/member/addInfo?visa=D-2-2");
    await idJoiner.step("/member/addInfo", { nationality: "Vietnam", visa: "D-2-2" }, "/member/complete");
    await idJoiner.open("/member/complete");

    // Signing in with a phone: the code step.
    const phoneSignIn = browser();
    await phoneSignIn.step("/login/login", { phone: phone.local, redirectTo: "/" }, "/login/authNo");
    await phoneSignIn.open("/login/authNo");

    // Recovering a password: the code step and the new password.
    const recovering = browser();
    await recovering.step("/member/findPw", { intent: "send", email }, "/member/findPw");
    await recovering.open("/member/findPw");
    await recovering.step(
      "/member/findPw",
      { intent: "verify", code: lastCodeTo(services.dataDir, idPhone.e164) },
      "/member/resetPw",
    );
    await recovering.open("/member/resetPw");

    // Joining with Google: the terms and the name-and-phone steps show the Google account.
    const googleJoiner = browser(google);
    expect(await googleJoinerStart(googleJoiner.jar)).toBe("/member/agree");
    await googleJoiner.open("/member/agree");
    await googleJoiner.step("/member/agree", { agreeAll: "on" }, "/member/userInfo");
    await googleJoiner.open("/member/userInfo");

    // The terms: one version by address; the re-consent page with nothing to answer, then with a new required
    // version in force (and the notice of it on a public page).
    await anonymous.open("/member/terms?document=privacy&version=2026-11-01");
    await phoneJoiner.open("/member/termsUpdate");
    const privacy = shippedTerms().find((item) => item.document === "privacy")!;
    const v2 = { ...privacy, version: "renderPurity", effectiveOn: formatDate(Date.now()) };
    await termsKind.apply(services.stores, v2, Date.now());
    await phoneJoiner.open("/member/termsUpdate?redirectTo=%2Fmypage");
    await phoneJoiner.open("/member/findVisa");

    // One line per offending read, with the pages it was seen on.
    const impure = new Map<string, Set<string>>();
    for (const { url, reads: found } of documents) {
      for (const r of found) {
        const line = `${r.what} while rendering ${r.component}, at ${r.at}`;
        impure.set(line, (impure.get(line) ?? new Set()).add(url));
      }
    }
    expect([...impure].map(([line, urls]) => `${line} (on ${[...urls].join(", ")})`)).toEqual([]);
    expect(documents.length).toBeGreaterThan(40);
    // Every page route rendered at least once (its component, or its boundary for a 404).
    expect(pages.filter((id) => !rendered.has(id) && !(id in NEVER_A_DOCUMENT))).toEqual([]);
  });
});

/** "Continue with Google" at the stand-in: returns where the app's callback sends a newcomer. */
async function googleJoinerStart(jar: Jar): Promise<string> {
  const request = (target: string) =>
    new Request(new URL(target, "http://127.0.0.1"), {
      method: "POST",
      headers: { Cookie: jar.header, "User-Agent": HUMAN },
      body: new URLSearchParams({ redirectTo: "/" }),
    });
  const started = jar.take(await handle(request("/member/google"), loadContext(google)));
  const authorize = new URL(started.headers.get("Location")!);
  const choose = new URL("/authorize/choose", standIn.origin);
  for (const key of ["client_id", "redirect_uri", "state", "nonce"]) {
    choose.searchParams.set(key, authorize.searchParams.get(key)!);
  }
  choose.searchParams.set("email", `render-${crypto.randomUUID()}@gmail.example`);
  choose.searchParams.set("name", "Google Joiner");
  const back = new URL((await fetch(choose, { redirect: "manual" })).headers.get("Location")!);
  const callback = jar.take(
    await handle(
      new Request(new URL(`${back.pathname}${back.search}`, "http://127.0.0.1"), {
        headers: { Cookie: jar.header, "User-Agent": HUMAN },
      }),
      loadContext(google),
    ),
  );
  expect(callback.status).toBe(302);
  return callback.headers.get("Location")!;
}
