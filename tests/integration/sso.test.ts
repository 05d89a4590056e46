/**
 * Single sign-on against the built server (one per file), driven as a browser
 * without JavaScript would (HTTP with a cookie jar, redirects followed by hand on
 * our origin only) and as a partner would, with openid-client 6: discovery, an
 * authorization request with PKCE, sign-in through our doors, consent, the code
 * exchange, the ID token checked, userinfo by GET and POST. Then the Basic OP
 * modules that apply, and the bad input of issue 30: each refused as the
 * standards say, nothing issued, no redirect anywhere unregistered, never a 500.
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import http from "node:http";
import Database from "better-sqlite3";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGoogleStandIn } from "../support/googleStandIn.mjs";
import { joinOverHttp, lastCodeTo, uniqueNumber } from "../support/join";
import { startServer, type RunningServer } from "../support/server";
import { authorize, interactionPath, SsoBrowser } from "../support/ssoBrowser";
import {
  authorizationRequest,
  oidc,
  registerPartner,
  relyingParty,
  ssoClientCli,
  type Partner,
  type Started,
} from "../support/sso";

let server: RunningServer;
// Google's endpoints are a local stand-in (tests/support/googleStandIn.mjs): the third door.
let google: Awaited<ReturnType<typeof startGoogleStandIn>>;
let origin: string;
let issuer: string;
let bank: Partner;
let school: Partner;
const password = "a long enough passphrase";
const email = `sso-${randomUUID()}@example.com`;

beforeAll(async () => {
  google = await startGoogleStandIn();
  server = await startServer({
    ...google.env,
    RATE_LIMIT_SSO: "100000",
    RATE_LIMIT_ALL: "100000",
    // Every browser here posts from one address: joins, sign-ins, consents and the admin's forms.
    RATE_LIMIT_MUTATIONS: "100000",
    RATE_LIMIT_AUTH: "1000",
    // One member signs in again and again here, from many browsers.
    RATE_LIMIT_AUTH_PER_ID: "1000",
  });
  origin = `http://localhost:${server.env.PORT}`;
  issuer = `${origin}/sso`;
  bank = registerPartner(server.env, "Hana Bank", "https://bank.example/callback");
  school = registerPartner(server.env, "Seoul School", "http://localhost:4999/cb", "profile");
  try {
    await joinOverHttp(origin, server.dataDir, { email, password, name: "Nguyen Van An" });
  } catch (error) {
    console.log(server.output().slice(-3000));
    throw error;
  }
}, 120_000);

afterAll(async () => {
  // What the server logged as errors, to read when a test here failed.
  const errors =
    server
      ?.output()
      .split("\n")
      .filter((line) => line.includes('"level":"error"')) ?? [];
  if (errors.length) console.log(errors.join("\n"));
  await server?.stop();
  await google?.close();
});

/** A browser without JavaScript (tests/support/sso.ts), signing in as this file's member. */
class Browser extends SsoBrowser {
  constructor() {
    super(origin, { email, password });
  }
}

async function exchange(config: oidc.Configuration, started: Started, callback: URL) {
  return oidc.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: started.verifier,
    expectedState: started.state,
    expectedNonce: started.nonce,
    idTokenExpected: true,
  });
}

/** The token endpoint as a partner's server calls it, for what openid-client would refuse to send. */
async function tokenRequest(partner: Partner, fields: Record<string, string>, secret = partner.secret) {
  const response = await fetch(`${issuer}/token`, {
    method: "POST",
    headers: {
      Authorization: `Basic ${Buffer.from(`${encodeURIComponent(partner.clientId)}:${encodeURIComponent(secret)}`).toString("base64")}`,
    },
    body: new URLSearchParams({ grant_type: "authorization_code", redirect_uri: partner.redirectUri, ...fields }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

const userinfo = (token: string) =>
  fetch(`${issuer}/userinfo`, { headers: { Authorization: `Bearer ${token}` } }).then((r) => r.status);

describe("single sign-on: the whole flow with a certified relying party", () => {
  it("discovers, authorizes with PKCE, signs in, asks consent, exchanges the code, checks the ID token, gives userinfo", async () => {
    const discovery = (await fetch(`${issuer}/.well-known/openid-configuration`).then((r) => r.json())) as Record<
      string,
      unknown
    >;
    expect(discovery.issuer).toBe(issuer);
    expect(discovery.authorization_endpoint).toBe(`${issuer}/authorize`);
    expect(discovery.response_types_supported).toEqual(["code"]);
    expect(discovery.code_challenge_methods_supported).toEqual(["S256"]);
    // No implicit, password, client-credentials or refresh grant: only what is offered.
    expect(discovery.grant_types_supported).toEqual(["authorization_code"]);
    const jwks = (await fetch(`${issuer}/jwks`).then((r) => r.json())) as { keys: Record<string, unknown>[] };
    expect(jwks.keys.length).toBeGreaterThan(0);
    expect(jwks.keys.every((key) => key.d === undefined)).toBe(true);

    const config = await relyingParty(issuer, bank);
    const browser = new Browser();
    const started = await authorizationRequest(config, bank);
    // Not signed in: the provider sends the visitor to our interaction page, and it to the sign-in doors.
    const first = await browser.go(started.url.href);
    expect(first.url).toContain("/member/start?redirectTo=%2FssoConsent%2F");
    // Signed in, the visitor comes back to the same request and sees the consent screen.
    const consent = await browser.signIn(first.url);
    expect(consent.url).toContain("/ssoConsent/");
    expect(consent.text).toContain("Hana Bank");
    expect(consent.response.headers.get("Referrer-Policy")).toBe("no-referrer");
    const csp = consent.response.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/form-action 'self' https:\/\/bank\.example(;|$)/);
    // Agreeing: 303 after the post, then on to the partner's registered address.
    const answered = await browser.fetch(interactionPath(consent.url), { decision: "allow", share: ["phone"] });
    expect(answered.response.status).toBe(303);
    const back = await browser.go(answered.location!);
    expect(back.left?.origin).toBe("https://bank.example");
    expect(back.left?.searchParams.get("state")).toBe(started.state);

    const tokens = await exchange(config, started, back.left!);
    const claims = tokens.claims()!;
    expect(claims.iss).toBe(issuer);
    expect(claims.aud).toBe(bank.clientId);
    expect(claims.nonce).toBe(started.nonce);
    expect(typeof claims.auth_time).toBe("number");
    const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    expect(info.name).toBe("Nguyen Van An");
    expect(info.phone_number).toMatch(/^\+8210/);
    // The e-mail was left unticked: not given.
    expect(info.email).toBeUndefined();
    // Userinfo by POST, the token in the header and in the body.
    const posted = await oidc.fetchProtectedResource(
      config,
      tokens.access_token,
      new URL(`${issuer}/userinfo`),
      "POST",
    );
    expect(((await posted.json()) as { sub: string }).sub).toBe(claims.sub);
    const inBody = await fetch(`${issuer}/userinfo`, {
      method: "POST",
      body: new URLSearchParams({ access_token: tokens.access_token }),
    });
    expect(((await inBody.json()) as { sub: string }).sub).toBe(claims.sub);

    // Consent is remembered for this partner: the next request goes straight back, even with prompt=none.
    const again = await authorizationRequest(config, bank, { prompt: "none" });
    const quiet = await browser.go(again.url.href);
    expect(quiet.left?.searchParams.get("code")).toBeTruthy();
    const second = await exchange(config, again, quiet.left!);
    expect(second.claims()!.sub).toBe(claims.sub);
  }, 60_000);

  it("asks a visitor not signed in for nothing with prompt=none: login_required back to the partner", async () => {
    const config = await relyingParty(issuer, bank);
    const started = await authorizationRequest(config, bank, { prompt: "none" });
    const page = await new Browser().go(started.url.href);
    expect(page.left?.origin).toBe("https://bank.example");
    expect(page.left?.searchParams.get("error")).toBe("login_required");
    expect(page.left?.searchParams.get("state")).toBe(started.state);
    expect(page.left?.searchParams.get("code")).toBeNull();
  });

  it("prompt=login and max_age ask a signed-in member to sign in again; prompt=consent asks again", async () => {
    const config = await relyingParty(issuer, bank);
    const browser = new Browser();
    const callback = (await authorize(browser, await authorizationRequest(config, bank))).left;
    expect(callback?.searchParams.get("code")).toBeTruthy();

    const login = await browser.go((await authorizationRequest(config, bank, { prompt: "login" })).url.href);
    expect(login.url).toContain("/member/start?reauth=1&redirectTo=%2FssoConsent%2F");
    // Sign-in times are whole seconds: 2 s later, a sign-in is certainly more than 1 s old.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const maxAge = await authorizationRequest(config, bank, { max_age: "1" });
    const asked = await browser.go(maxAge.url.href);
    expect(asked.url, `${asked.response.status} ${asked.text.slice(0, 400)}`).toContain("/member/start?reauth=1");
    const done = await browser.signIn(asked.url);
    const tokens = await exchange(config, maxAge, done.left!);
    expect(Date.now() / 1000 - (tokens.claims()!.auth_time as number)).toBeLessThan(10);
    // A long max_age is met by the session as it is.
    const long = await browser.go((await authorizationRequest(config, bank, { max_age: "10000" })).url.href);
    expect(long.left?.searchParams.get("code")).toBeTruthy();

    const consent = await browser.go((await authorizationRequest(config, bank, { prompt: "consent" })).url.href);
    expect(consent.text).toContain('name="decision"');

    // max_age=0 is prompt=login: one sign-in, then the code (not a sign-in asked again and again).
    const zero = await authorizationRequest(config, bank, { max_age: "0" });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const again = await browser.go(zero.url.href);
    expect(again.url).toContain("/member/start?reauth=1");
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const signedIn = await browser.signIn(again.url);
    expect(signedIn.left?.searchParams.get("code")).toBeTruthy();
    await exchange(config, zero, signedIn.left!);

    // response_mode=form_post: a page that posts the code to the registered address, its one script allowed by hash.
    const posted = await authorizationRequest(config, bank, { response_mode: "form_post" });
    const page = await browser.fetch(posted.url.href);
    expect(page.response.status).toBe(200);
    expect(page.text).toContain(`action="${bank.redirectUri}"`);
    expect(page.response.headers.get("Content-Security-Policy")).toMatch(/script-src 'self' 'sha256-[^']+'/);
  }, 60_000);

  it("works without a nonce, and with scopes: openid alone gives only the identifier", async () => {
    const config = await relyingParty(issuer, school);
    const browser = new Browser();
    const started = await authorizationRequest(config, school, { scope: "openid" });
    started.url.searchParams.delete("nonce");
    const back = (await authorize(browser, started)).left!;
    const tokens = await oidc.authorizationCodeGrant(config, back, {
      pkceCodeVerifier: started.verifier,
      expectedState: started.state,
    });
    expect(tokens.claims()!.nonce).toBeUndefined();
    const info = await oidc.fetchUserInfo(config, tokens.access_token, tokens.claims()!.sub);
    expect(Object.keys(info)).toEqual(["sub"]);
    // The school may not have the phone number, whatever it asks for.
    const asking = await authorizationRequest(config, school, {
      scope: "openid profile phone email",
      prompt: "consent",
    });
    const page = await browser.go(asking.url.href);
    expect(page.text).not.toContain('value="phone"');
    const answered = await browser.go(interactionPath(page.url), { decision: "allow", share: ["phone", "email"] });
    const more = await exchange(config, asking, answered.left!);
    const all = await oidc.fetchUserInfo(config, more.access_token, more.claims()!.sub);
    expect(all.name).toBe("Nguyen Van An");
    expect(all.phone_number).toBeUndefined();
    expect(all.email).toBeUndefined();
  }, 60_000);

  it("brings a member who signs in with their phone and a texted code back to the same request", async () => {
    const joined = await joinOverHttp(origin, server.dataDir, { name: "Phone Member" });
    const config = await relyingParty(issuer, bank);
    const browser = new Browser();
    const started = await authorizationRequest(config, bank);
    const start = await browser.go(started.url.href);
    const redirectTo = new URL(start.url).searchParams.get("redirectTo")!;
    const codeStep = await browser.fetch("/login/login", { phone: joined.local, redirectTo });
    expect(codeStep.location).toBe("/login/authNo");
    const consent = await browser.go("/login/authNo", { code: lastCodeTo(server.dataDir, joined.e164) });
    expect(consent.url).toContain("/ssoConsent/");
    const back = await browser.go(interactionPath(consent.url), { decision: "allow", share: ["phone"] });
    const tokens = await exchange(config, started, back.left!);
    const info = await oidc.fetchUserInfo(config, tokens.access_token, tokens.claims()!.sub);
    expect(info.phone_number).toBe(joined.e164);
    expect(info.phone_number_verified).toBe(true);
  }, 60_000);

  it("brings a member who signs in with Google back to the same request", async () => {
    const gmail = `sso-${randomUUID()}@gmail.example`;
    /** "Continue with Google", the account chosen at the stand-in, back to the app's callback and on. */
    const throughGoogle = async (browser: Browser, redirectTo: string) => {
      const start = await browser.fetch("/member/google", { redirectTo });
      const authorize = new URL(start.location!);
      expect(authorize.origin).toBe(google.origin);
      const choose = new URL("/authorize/choose", google.origin);
      for (const key of ["client_id", "redirect_uri", "state", "nonce"]) {
        choose.searchParams.set(key, authorize.searchParams.get(key)!);
      }
      choose.searchParams.set("email", gmail);
      choose.searchParams.set("name", "Google Member");
      const back = new URL((await fetch(choose, { redirect: "manual" })).headers.get("Location")!);
      return browser.go(`${back.pathname}${back.search}`);
    };
    // A member who joined with Google: terms, name and phone, nationality.
    const joiner = new Browser();
    expect((await throughGoogle(joiner, "/")).url).toContain("/member/agree");
    await joiner.go("/member/agree", { agreeAll: "on" });
    const phone = uniqueNumber();
    await joiner.fetch("/member/userInfo", { intent: "send", name: "Google Member", phone: phone.local });
    const code = lastCodeTo(server.dataDir, phone.e164);
    await joiner.go("/member/userInfo", { intent: "verify", name: "Google Member", code });
    const joined = await joiner.go("/member/addInfo", { nationality: "Mongolia", visa: "D-2-2" });
    expect(joined.url).toContain("/member/complete");

    // A partner's request, in a browser not signed in: the start screen, Google, and back to the same request.
    const config = await relyingParty(issuer, bank);
    const browser = new Browser();
    const started = await authorizationRequest(config, bank);
    const start = await browser.go(started.url.href);
    expect(start.url).toContain("/member/start?redirectTo=%2FssoConsent%2F");
    const consent = await throughGoogle(browser, new URL(start.url).searchParams.get("redirectTo")!);
    expect(consent.url).toContain("/ssoConsent/");
    const back = await browser.go(interactionPath(consent.url), { decision: "allow", share: ["email"] });
    const tokens = await exchange(config, started, back.left!);
    const info = await oidc.fetchUserInfo(config, tokens.access_token, tokens.claims()!.sub);
    expect(info).toMatchObject({ name: "Google Member", email: gmail });
  }, 60_000);

  it("a refusal goes back to the partner as access_denied, with nothing issued", async () => {
    const config = await relyingParty(issuer, bank);
    const browser = new Browser();
    const started = await authorizationRequest(config, bank, { prompt: "consent" });
    const back = (await authorize(browser, started, { decision: "deny" })).left!;
    expect(back.origin).toBe("https://bank.example");
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("state")).toBe(started.state);
    expect(back.searchParams.get("code")).toBeNull();
  }, 60_000);
});

/** The text of a page as a member reads it: no tags, scripts or styles; entities and isolates as shown. */
const textOf = (html: string) =>
  html
    // Not the page's scripts and styles (its translations are inlined there), and inline elements join their text.
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, " ")
    .replace(/<\/?(bdi|span|a|strong|b|em)\b[^>]*>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/[\u2066-\u2069]/g, "")
    .replace(/\s+/g, " ");

describe("single sign-on: what the consent screen and the doors tell the member (issue 41)", () => {
  it("names the partner, its address and privacy policy, the member, and each item with its label and purpose", async () => {
    const config = await relyingParty(issuer, bank);
    const browser = new Browser();
    const started = await authorizationRequest(config, bank, { prompt: "consent" });
    const page = await browser.signIn((await browser.go(started.url.href)).url);
    expect(page.url).toContain("/ssoConsent/");
    const text = textOf(page.text);
    expect(text).toContain("Hana Bank");
    // The address and the privacy policy registered with --website and --privacy-url, as links.
    expect(page.text).toContain('href="https://bank.example/"');
    expect(page.text).toContain('href="https://bank.example/privacy"');
    expect(text).toContain("Hana Bank's privacy policy");
    // The member signed in, by name and masked number, with a way out.
    expect(text).toMatch(/Signed in as Nguyen Van An \(0\d{2}-\*{4}-\d{4}\)/);
    expect(page.text).toMatch(/<button[^>]*name="decision"[^>]*value="switch"[^>]*>Not you\?<\/button>/);
    // Each item: required or optional, and what it is for.
    const item = (claim: string) =>
      textOf(new RegExp(`<li[^>]*data-claim="${claim}"[^>]*>(.*?)</li>`, "s").exec(page.text)?.[1] ?? "");
    expect(item("sub")).toContain("[Required]");
    expect(item("sub")).toContain("So that Hana Bank recognises you each time you sign in");
    expect(item("profile")).toContain("[Required]");
    expect(item("profile")).toContain("To show your name in your Hana Bank account");
    expect(item("phone")).toContain("[Optional]");
    expect(item("phone")).toContain("So that Hana Bank can contact you about your account");
    expect(item("email")).toContain("[Optional]");
    expect(item("email")).toContain("e-mail you about your account");
    // Only the optional items can be left out.
    expect(page.text.match(/name="share"/g)).toHaveLength(2);
    // The retention period registered (6 months after access ends) and the right to refuse.
    expect(text).toContain("Until you end Hana Bank's access or leave K-Life, and 6 months after that");
    expect(text).toContain("You may refuse.");
    expect(text).toContain("Agree and continue");
    expect(text).toContain("Cancel");
  }, 60_000);

  it("asks nothing about an e-mail the partner does not ask for, and speaks Korean as a Korean product does", async () => {
    const config = await relyingParty(issuer, school);
    const browser = new Browser();
    // prompt=consent: this member may have agreed already earlier in the file.
    const started = await authorizationRequest(config, school, { prompt: "consent" });
    const start = await browser.go(started.url.href, undefined, { "Accept-Language": "ko" });
    const page = await browser.signIn(start.url);
    const korean = await browser.fetch(interactionPath(page.url), undefined, { "Accept-Language": "ko" });
    const text = textOf(korean.text);
    expect(text).toContain("Seoul School");
    expect(text).toContain("[필수]");
    expect(text).not.toContain("[선택]");
    expect(text).not.toMatch(/이메일|e-mail/i);
    expect(text).toContain("동의하고 계속하기");
    expect(text).toContain("취소");
    expect(text).toContain("동의를 거부할 권리");
    expect(text).toContain("보유 및 이용 기간");
  }, 60_000);

  it("shows what is known of a partner registered before it had an address, a privacy policy or a retention period", async () => {
    const old = registerPartner(server.env, "Old Partner", "https://old-partner.example/cb", "profile");
    const db = new Database(path.join(server.dataDir, "klife.sqlite"));
    db.prepare(
      "UPDATE sso_clients SET website = NULL, privacy_url = NULL, retention_months = NULL WHERE client_id = ?",
    ).run(old.clientId);
    db.close();
    const config = await relyingParty(issuer, old);
    const browser = new Browser();
    const page = await browser.signIn((await browser.go((await authorizationRequest(config, old)).url.href)).url);
    const text = textOf(page.text);
    expect(text).toContain("Old Partner");
    expect(text).toContain("Not given to K-Life");
    expect(text).toContain("Old Partner has not told K-Life: see its privacy policy");
    expect(page.text).not.toContain("old-partner.example/privacy");
    const back = await browser.go(interactionPath(page.url), { decision: "allow" });
    expect(back.left?.searchParams.get("code")).toBeTruthy();
  }, 60_000);

  it("names the partner on every sign-in door and the sign-up, whose links keep the way back", async () => {
    const config = await relyingParty(issuer, bank);
    const browser = new Browser();
    const started = await authorizationRequest(config, bank);
    const start = await browser.go(started.url.href);
    const redirectTo = new URL(start.url).searchParams.get("redirectTo")!;
    const door = "Sign in to continue to Hana Bank";
    expect(textOf(start.text)).toContain(door);
    const back = `?redirectTo=${encodeURIComponent(redirectTo)}`;
    expect(textOf((await browser.fetch(`/member/startId${back}`)).text)).toContain(door);
    expect(textOf((await browser.fetch(`/login/login${back}`)).text)).toContain(door);
    // The joins, linked from the start screen with the way back.
    expect(start.text).toContain(`href="/sign${back.replace(/&/g, "&amp;")}"`);
    expect(start.text).toContain(`href="/member/agree${back.replace(/&/g, "&amp;")}"`);
    expect(textOf((await browser.fetch(`/sign${back}`)).text)).toContain("Join K-Life to continue to Hana Bank");
    expect(textOf((await browser.fetch(`/member/agree${back}`)).text)).toContain(
      "Join K-Life to continue to Hana Bank",
    );
    // Anywhere else, no partner is named.
    expect(textOf((await browser.fetch("/member/start?redirectTo=%2Fmypage")).text)).not.toContain("continue to");
    expect(textOf((await browser.fetch("/member/start?redirectTo=%2FssoConsent%2Fnot-one")).text)).not.toContain(
      "continue to",
    );
    // The code step of a phone sign-in too.
    const joined = await joinOverHttp(origin, server.dataDir, { name: "Door Member" });
    const codeStep = await browser.fetch("/login/login", { phone: joined.local, redirectTo });
    expect(codeStep.location).toBe("/login/authNo");
    expect(textOf((await browser.fetch("/login/authNo")).text)).toContain(door);
  }, 60_000);

  it("not you?: signs the member out here and at the provider, and back to the consent as whoever signs in", async () => {
    const other = `sso-other-${randomUUID()}@example.com`;
    await joinOverHttp(origin, server.dataDir, { email: other, password, name: "Tran Thi Binh" });
    const config = await relyingParty(issuer, bank);
    const browser = new Browser();
    const started = await authorizationRequest(config, bank, { prompt: "consent" });
    const first = await browser.signIn((await browser.go(started.url.href)).url);
    expect(textOf(first.text)).toContain("Signed in as Nguyen Van An");
    const out = await browser.fetch(interactionPath(first.url), { decision: "switch" });
    expect(out.response.status).toBe(303);
    expect(out.location).toBe(`/member/start?redirectTo=${encodeURIComponent(interactionPath(first.url))}`);
    // Signed out: my page asks to sign in.
    expect((await browser.fetch("/mypage")).location).toContain("/member/start");
    const start = await browser.go(out.location!);
    expect(textOf(start.text)).toContain("Sign in to continue to Hana Bank");
    // The same browser (its cookies), signing in as the other member.
    const same = new SsoBrowser(origin, { email: other, password });
    same.jar = browser.jar;
    const switched = await same.signIn(start.url);
    expect(switched.url).toContain("/ssoConsent/");
    expect(textOf(switched.text)).toContain("Signed in as Tran Thi Binh");
    const done = await same.go(interactionPath(switched.url), { decision: "allow" });
    const tokens = await exchange(config, started, done.left!);
    const info = await oidc.fetchUserInfo(config, tokens.access_token, tokens.claims()!.sub);
    expect(info.name).toBe("Tran Thi Binh");
  }, 60_000);

  it("refuses to register a partner without an https web address and privacy policy, saying which", () => {
    const add = (...extra: string[]) => {
      try {
        ssoClientCli(server.env, ["add", "--name", "Nameless", "--redirect-uri", "https://n.example/cb", ...extra]);
        return "registered";
      } catch (error) {
        return String((error as { stderr?: string }).stderr);
      }
    };
    const months = ["--retention-months", "6"];
    expect(add(...months, "--privacy-url", "https://n.example/privacy")).toMatch(/--website: required/);
    expect(add(...months, "--website", "https://n.example/")).toMatch(/--privacy-url: required/);
    expect(add(...months, "--website", "http://n.example/", "--privacy-url", "https://n.example/p")).toMatch(
      /--website http:\/\/n\.example\/: must be https/,
    );
    expect(add(...months, "--website", "https://n.example/", "--privacy-url", "privacy")).toMatch(
      /--privacy-url privacy: is not an absolute URL/,
    );
    expect(add("--website", "https://n.example/", "--privacy-url", "https://n.example/p")).toMatch(
      /--retention-months: required/,
    );
    expect(
      add("--website", "https://n.example/", "--privacy-url", "https://n.example/p", "--retention-months", "x"),
    ).toMatch(/--retention-months x: a whole number from 0 to 120/);
    const listed = ssoClientCli(server.env, ["list"]);
    expect(listed).not.toContain("Nameless");
  });
});

describe("single sign-on: codes, secrets and PKCE at the token endpoint", () => {
  async function freshCode(partner = bank) {
    const config = await relyingParty(issuer, partner);
    const started = await authorizationRequest(config, partner);
    const back = (await authorize(new Browser(), started)).left!;
    return { config, started, code: back.searchParams.get("code")!, back };
  }

  it("a code used twice fails and revokes the tokens it gave", async () => {
    const { config, started, back } = await freshCode();
    const tokens = await exchange(config, started, back);
    expect(await userinfo(tokens.access_token)).toBe(200);
    const reused = await tokenRequest(bank, { code: back.searchParams.get("code")!, code_verifier: started.verifier });
    expect(reused).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    expect(await userinfo(tokens.access_token)).toBe(401);
  }, 60_000);

  it("refuses a wrong verifier, a missing one, a wrong secret, another client's code, an expired code", async () => {
    const { started, code } = await freshCode();
    const wrongSecret = await tokenRequest(bank, { code, code_verifier: started.verifier }, "not-the-secret");
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.body.error).toBe("invalid_client");
    const otherClient = await tokenRequest(
      { ...school, redirectUri: bank.redirectUri },
      { code, code_verifier: started.verifier },
    );
    expect(otherClient.body.error).toBe("invalid_grant");
    expect(await tokenRequest(bank, { code })).toMatchObject({ status: 400 });
    const wrong = await tokenRequest(bank, { code, code_verifier: oidc.randomPKCECodeVerifier() });
    expect(wrong.body.error).toBe("invalid_grant");

    const late = await freshCode();
    // A minute later, as the database sees it: the code's row has expired.
    const db = new Database(path.join(server.dataDir, "klife.sqlite"));
    db.prepare("UPDATE sso_payloads SET expires_at = 1 WHERE model = 'AuthorizationCode'").run();
    db.close();
    const expired = await tokenRequest(bank, { code: late.code, code_verifier: late.started.verifier });
    expect(expired.body.error).toBe("invalid_grant");
    expect(expired.body.access_token).toBeUndefined();
  }, 60_000);
});

describe("single sign-on: bad authorization requests", () => {
  const base = (overrides: Record<string, string | null>) => {
    const url = new URL(`${issuer}/authorize`);
    const params: Record<string, string | null> = {
      client_id: bank.clientId,
      redirect_uri: bank.redirectUri,
      response_type: "code",
      scope: "openid",
      state: "s1",
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      code_challenge_method: "S256",
      ...overrides,
    };
    for (const [name, value] of Object.entries(params)) if (value !== null) url.searchParams.set(name, value);
    return url.href;
  };

  it("answers an unregistered redirect_uri of every kind with a page in the visitor's language, never a redirect", async () => {
    const variants = [
      "https://evil.example/callback",
      "https://bank.example/callback/extra",
      "https://bank.example/Callback",
      "https://BANK.example/callback",
      "https://bank.example:8443/callback",
      "https://bank.example/callback/",
      "https://bank.example/callback#frag",
      "https://bank.example.evil.example/callback",
      "https://bank.example/callback?x=1",
      "http://bank.example/callback",
    ];
    for (const redirect of variants) {
      const response = await fetch(base({ redirect_uri: redirect }), {
        redirect: "manual",
        headers: { "Accept-Language": "ko" },
      });
      expect(response.status, redirect).toBe(400);
      expect(response.headers.get("Location"), redirect).toBeNull();
      const text = await response.text();
      expect(text).toContain('lang="ko"');
      expect(text).not.toContain("evil");
    }
    const missing = await fetch(base({ redirect_uri: null }), { redirect: "manual" });
    expect(missing.status).toBe(400);
    expect(missing.headers.get("Location")).toBeNull();
  });

  it("answers an unknown or disabled client with the error page, and a disabled client's tokens stop working", async () => {
    const unknown = await fetch(base({ client_id: "p_nobody" }), { redirect: "manual" });
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get("Location")).toBeNull();

    const temp = registerPartner(server.env, "Temporary Partner", "https://temp.example/cb");
    const config = await relyingParty(issuer, temp);
    const started = await authorizationRequest(config, temp);
    const tokens = await exchange(config, started, (await authorize(new Browser(), started)).left!);
    expect(await userinfo(tokens.access_token)).toBe(200);
    ssoClientCli(server.env, ["disable", temp.clientId]);
    expect(await userinfo(tokens.access_token)).toBe(401);
    const disabled = await fetch(started.url.href, { redirect: "manual" });
    expect(disabled.status).toBe(400);
    expect(disabled.headers.get("Location")).toBeNull();
    const listed = ssoClientCli(server.env, ["list"])
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { clientId: string; disabledAt: number | null; secretHash?: string });
    expect(listed.find((c) => c.clientId === temp.clientId)?.disabledAt).toBeTypeOf("number");
    expect(listed.every((c) => c.secretHash === undefined)).toBe(true);
  }, 60_000);

  it("sends other errors back to the registered address: no challenge, plain, response_type=token", async () => {
    for (const [overrides, error] of [
      [{ code_challenge: null, code_challenge_method: null }, "invalid_request"],
      [{ code_challenge_method: "plain" }, "invalid_request"],
      [{ response_type: "token" }, "unsupported_response_type"],
      [{ response_type: "code id_token" }, "unsupported_response_type"],
      [{ response_type: null }, "invalid_request"],
    ] as const) {
      const response = await fetch(base(overrides), { redirect: "manual" });
      const location = response.headers.get("Location");
      expect(response.status, JSON.stringify(overrides)).toBe(303);
      expect(location?.startsWith(bank.redirectUri), location ?? "").toBe(true);
      const answer = new URL(location!.replace("#", "?"));
      expect(answer.searchParams.get("error")).toBe(error);
      expect(answer.searchParams.get("code")).toBeNull();
      expect(answer.searchParams.get("access_token")).toBeNull();
    }
  });

  it("a rotated secret replaces the old one at once", async () => {
    const temp = registerPartner(server.env, "Rotating Partner", "https://rotate.example/cb");
    const rotated = JSON.parse(ssoClientCli(server.env, ["rotate-secret", temp.clientId])) as { client_secret: string };
    const old = await tokenRequest(temp, { code: "x", code_verifier: oidc.randomPKCECodeVerifier() });
    expect(old.status).toBe(401);
    const fresh = await tokenRequest(
      temp,
      { code: "x", code_verifier: oidc.randomPKCECodeVerifier() },
      rotated.client_secret,
    );
    expect(fresh.body.error).toBe("invalid_grant");
  });
});

describe("single sign-on: a withdrawn member", () => {
  it("is signed out, and a code or token issued before stops working", async () => {
    const leaver = `leaver-${randomUUID()}@example.com`;
    await joinOverHttp(origin, server.dataDir, { email: leaver, password, name: "Leaving Member" });
    const config = await relyingParty(issuer, bank);
    const browser = new Browser();
    const started = await authorizationRequest(config, bank);
    let page = await browser.go(started.url.href);
    page = await browser.go(`/member/startId${new URL(page.url).search}`, {
      email: leaver,
      password,
      redirectTo: new URL(page.url).searchParams.get("redirectTo")!,
    });
    const back = (await browser.go(interactionPath(page.url), { decision: "allow" })).left!;
    const tokens = await exchange(config, started, back);
    const pending = await authorizationRequest(config, bank);
    const code = (await browser.go(pending.url.href)).left!.searchParams.get("code")!;

    const withdrawn = await browser.fetch("/mypage/secede", { intent: "confirm", understood: "on" });
    expect(withdrawn.location).toContain("/mypage/secede?bye");
    expect(await userinfo(tokens.access_token)).toBe(401);
    const late = await tokenRequest(bank, { code, code_verifier: pending.verifier });
    expect(late.body.error).toBe("invalid_grant");
    // The same browser is asked to sign in again; prompt=none says so.
    const none = await browser.go((await authorizationRequest(config, bank, { prompt: "none" })).url.href);
    expect(none.left?.searchParams.get("error")).toBe("login_required");
  }, 60_000);
});

describe("single sign-on: partner access on my page, and the admin area", () => {
  it("lists the partners a member let in; ending one's access ends its tokens and asks consent again", async () => {
    const member = `partners-${randomUUID()}@example.com`;
    await joinOverHttp(origin, server.dataDir, { email: member, password, name: "Partner Member" });
    const browser = new Browser();
    const startPage = await browser.go("/member/start");
    expect(startPage.response.status).toBe(200);
    await browser.go("/member/startId", { email: member, password, redirectTo: "/mypage" });
    const none = await browser.go("/mypage/partners");
    expect(none.text).toContain("No partner services are connected.");

    const config = await relyingParty(issuer, bank);
    const started = await authorizationRequest(config, bank);
    const back = (await authorize(browser, started)).left!;
    const tokens = await exchange(config, started, back);
    const listed = await browser.go("/mypage/partners");
    expect(listed.text).toContain("Hana Bank");
    expect(listed.text).toContain("mobile number");
    // My page's entry counts the partners let in (from the member's screen: one read with the session's).
    const partnersEntry = (html: string) =>
      /href="\/mypage\/partners"[^>]*>[\s\S]*?<span class="settings-row__value">([^<]*)<\/span>/.exec(html)?.[1];
    const summary = await browser.go("/mypage");
    expect(partnersEntry(summary.text)).toBe("1");

    // Without JavaScript the first press answers with the confirm page and ends nothing (decision 0095).
    const asked = await browser.fetch("/mypage/partners", { clientId: bank.clientId });
    expect(asked.response.status).toBe(200);
    expect(asked.text).toContain("End Hana Bank&#x27;s access?");
    expect(asked.text).toMatch(
      /<input type="hidden" name="clientId" value="[^"]+"\/><input type="hidden" name="confirmed" value="yes"\/>/,
    );
    // No answer of an ended access (the page's catalog carries its words, so the element is what is looked for).
    expect(asked.text).not.toContain('class="confirmation');
    expect(await userinfo(tokens.access_token)).toBe(200);
    expect(partnersEntry((await browser.go("/mypage")).text)).toBe("1");
    const revoked = await browser.fetch("/mypage/partners", { clientId: bank.clientId, confirmed: "yes" });
    expect(revoked.response.status).toBe(200);
    expect(revoked.text).toContain("<bdi>Hana Bank</bdi> no longer has access to your account.");
    expect(await userinfo(tokens.access_token)).toBe(401);
    expect(partnersEntry((await browser.go("/mypage")).text)).toBe("No partner services are connected.");
    // Nothing to end twice, and another partner's id ends nothing.
    expect(
      (await browser.fetch("/mypage/partners", { clientId: bank.clientId, confirmed: "yes" })).response.status,
    ).toBe(400);
    expect((await browser.fetch("/mypage/partners", { clientId: "p_nobody" })).response.status).toBe(400);
    // The next request asks again: prompt=none says consent_required.
    const quiet = await browser.go((await authorizationRequest(config, bank, { prompt: "none" })).url.href);
    expect(quiet.left?.searchParams.get("error")).toBe("consent_required");
  }, 60_000);

  it("lets an admin disable a partner (audited), and no one else", async () => {
    const adminEmail = `sso-admin-${randomUUID()}@example.com`;
    await joinOverHttp(origin, server.dataDir, { email: adminEmail, password, name: "Admin Member" });
    const notAdmin = new Browser();
    await notAdmin.go("/member/startId", { email: adminEmail, password, redirectTo: "/" });
    const temp = registerPartner(server.env, "Admin Disabled Partner", "https://admin-temp.example/cb");
    expect((await notAdmin.fetch("/admin/partners", { clientId: temp.clientId })).response.status).toBe(404);

    execFileSync(process.execPath, [path.join(process.cwd(), "scripts", "grant-admin.mjs"), adminEmail], {
      env: { ...server.env, FIREBASE_PROJECT_ID: "demo-klife" } as unknown as NodeJS.ProcessEnv,
    });
    const admin = new Browser();
    await admin.go("/member/startId", { email: adminEmail, password, redirectTo: "/" });
    const page = await admin.go("/admin/partners");
    expect(page.text).toContain("Admin Disabled Partner");
    expect(page.text).toContain("https://admin-temp.example/cb");
    const disabled = await admin.fetch("/admin/partners", { clientId: temp.clientId });
    expect(disabled.response.status).toBe(200);
    expect(disabled.text).toContain("<bdi>Admin Disabled Partner</bdi> is disabled");
    expect((await admin.fetch("/admin/partners", { clientId: temp.clientId })).response.status).toBe(400);
    const config = await relyingParty(issuer, bank);
    const refused = await fetch(
      (await authorizationRequest(config, { ...temp, clientId: temp.clientId })).url.href.replace(
        bank.clientId,
        temp.clientId,
      ),
      { redirect: "manual" },
    );
    expect(refused.status).toBe(400);
    const audit = await admin.go("/admin/audit");
    expect(audit.text).toContain("Admin Disabled Partner");
  }, 60_000);
});

describe("single sign-on: discovery on the issuer's origin", () => {
  it("names endpoints on the issuer's origin whatever Host and X-Forwarded-* say (TRUST_PROXY off)", async () => {
    const rawGet = (headers: Record<string, string>) =>
      new Promise<string>((resolve, reject) => {
        const request = http.request(
          { host: "127.0.0.1", port: Number(server.env.PORT), path: "/sso/.well-known/openid-configuration", headers },
          (response) => {
            let body = "";
            response.setEncoding("utf8");
            response.on("data", (chunk: string) => (body += chunk));
            response.on("end", () => resolve(body));
          },
        );
        request.on("error", reject);
        request.end();
      });
    const spoofs: Record<string, string>[] = [
      { Host: "10.66.66.66:1" },
      { Host: `localhost:${server.env.PORT}`, "X-Forwarded-Proto": "https", "X-Forwarded-Host": "10.66.66.66:1" },
    ];
    for (const headers of spoofs) {
      const document = JSON.parse(await rawGet(headers)) as Record<string, unknown>;
      expect(document.issuer).toBe(issuer);
      const endpoints = Object.entries(document).filter(([name]) => name.endsWith("_endpoint") || name === "jwks_uri");
      expect(endpoints.length).toBeGreaterThanOrEqual(4);
      for (const [name, url] of endpoints) expect(url, `${name} ${JSON.stringify(headers)}`).toMatch(`${issuer}/`);
    }
  });
});

describe("single sign-on: whatever is sent", () => {
  it("never answers 500 on its paths, whatever the method, body, cookie or language", async () => {
    const paths = [
      "/sso/authorize",
      "/sso/authorize/not-an-interaction",
      "/sso/token",
      "/sso/userinfo",
      "/sso/jwks",
      "/sso/.well-known/openid-configuration",
      "/ssoConsent/not-an-interaction",
      "/ssoConsent/%E0%A4%A",
      "/mypage/partners",
      "/admin/partners",
    ];
    const bodies = [
      "",
      "%",
      "client_id=%zz&code=",
      "decision=allow&share=phone",
      "{}",
      "a=\u0000",
      "clientId=" + "x".repeat(500),
    ];
    const types = ["application/x-www-form-urlencoded", "application/json", "multipart/form-data", "text/plain"];
    const cookies = ["", "_interaction=%%", "__session=%%%; _session=x", "lng=%%"];
    let i = 0;
    for (const target of paths) {
      for (const method of ["GET", "POST", "HEAD"]) {
        const body = bodies[i % bodies.length]!;
        const response = await fetch(`${origin}${target}?client_id=${encodeURIComponent(bank.clientId)}&x=%25`, {
          method,
          redirect: "manual",
          headers: {
            "Content-Type": types[i % types.length]!,
            Cookie: cookies[i % cookies.length]!,
            "Accept-Language": i % 2 ? "ur" : "%%",
            Origin: origin,
          },
          body: method === "POST" ? body : undefined,
        });
        await response.arrayBuffer();
        expect(response.status, `${method} ${target}`).toBeLessThan(500);
        i++;
      }
    }
    expect(server.output()).not.toMatch(/"status":5\d\d/);
  });

  it("takes the consent page's posts, which a browser sends with Origin null (no referrer), only from our own pages", async () => {
    const post = (site: string) =>
      fetch(`${origin}/ssoConsent/not-an-interaction`, {
        method: "POST",
        headers: { Origin: "null", "Sec-Fetch-Site": site, "Content-Type": "application/x-www-form-urlencoded" },
        body: "decision=allow",
        redirect: "manual",
      });
    // Through the cross-site rule and Remix's own origin check, to the page (here: an interaction that is not one).
    expect((await post("same-origin")).status).toBe(400);
    expect((await post("cross-site")).status).toBe(403);
    expect((await post("same-site")).status).toBe(403);
  });
});
