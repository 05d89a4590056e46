/**
 * Hosted mode, end to end (issue 38, docs/decisions/0086): the built server started as an operator starts it
 * (`sh scripts/start.sh`, NODE_ENV=production, the documented variables, a service account whose key is made
 * here, no emulator), in a network namespace where Google's and Twilio's names resolve to faithful stand-ins
 * (tests/hosted/standIns.mjs). The journeys a member takes, the signature checks (a stand-in signing with a key
 * it never published must fail sign-in), revocation and disabling in Firebase, and the configuration faults.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostedBrowser, namespacesUnavailable, startWorld, type World } from "./world";

const unavailable = namespacesUnavailable();
if (unavailable) {
  if (process.env.CI) throw new Error(`the hosted test must run in CI: ${unavailable}`);
  console.warn(`skipping the hosted-mode test: ${unavailable}`);
}

/** The bound of the account check, shortened by the operator's variable so that the test can wait it out. */
const CHECK_MS = 3000;

let world: World;
let server: number;
let info: { twilio: { from: string }; projectId: string };
let address = 10;
/** Each browser its own address (behind the proxy), so the per-address limits are each one's own. */
const browser = (on = server) => hostedBrowser(world, on, `198.51.100.${address++}`);

let seq = 0;
function freshNumber() {
  const n = String((Date.now() % 1_000_000) * 10 + (seq++ % 10)).padStart(8, "0").slice(-8);
  return { local: `010${n}`, e164: `+8210${n}` };
}

interface StandInState {
  messages: { to: string; from: string; body: string; at: number }[];
  unexpected: string[];
  calls: string[];
  users: { uid: string; email: string | null; phoneNumber: string | null; disabled: boolean }[];
}
const standInState = () => world.standIn<StandInState>({ op: "state" });

/** The code last texted to a number, from the messages Twilio's stand-in accepted. */
async function codeTo(e164: string): Promise<string> {
  const { messages } = await standInState();
  const message = messages.filter((m) => m.to === e164).at(-1);
  const code = message && /\d{6}/.exec(message.body)?.[0];
  if (!code) throw new Error(`no code was texted to ${e164}`);
  return code;
}

const firebaseUser = (query: { uid?: string; email?: string; phone?: string }) =>
  world.standIn<{ user: { localId: string; disabled: boolean; validSince: string } | null }>({ op: "user", ...query }).then((r) => r.user);

async function phoneJoin(b = browser()) {
  const { local, e164 } = freshNumber();
  await b.step("/sign?index", { phone: local, agreeAll: "on" }, "/sign/authNo");
  await b.step("/sign/authNo", { code: await codeTo(e164) }, "/sign/choiceNation");
  await b.step("/sign/choiceNation", { name: "Nguyen Van A", nationality: "Vietnam", visa: "E-9" }, "/sign/signUpComplete");
  return { b, local, e164 };
}

async function idJoin(email: string, password: string, b = browser()) {
  const { local, e164 } = freshNumber();
  await b.step("/member/agree", { agreeAll: "on" }, "/member/accountInfo");
  await b.step("/member/accountInfo", { email, password, passwordConfirm: password }, "/member/userInfo");
  await b.step("/member/userInfo", { intent: "send", name: "Maria Santos", phone: local }, "/member/userInfo");
  await b.step("/member/userInfo", { intent: "verify", name: "Maria Santos", code: await codeTo(e164) }, "/member/addInfo");
  await b.step("/member/addInfo", { nationality: "Philippines", visa: "D-2-2" }, "/member/complete");
  return { b, local, e164 };
}

/** True when the browser's session opens My page (a member), false when it is sent to sign in. */
async function signedIn(b: ReturnType<typeof browser>) {
  const page = await b.request("/mypage");
  if (page.status === 200) return true;
  if (page.status === 302 && page.location?.startsWith("/member/start")) return false;
  throw new Error(`/mypage answered ${page.status} ${page.location ?? ""}`);
}

async function signInById(email: string, password: string, b = browser()) {
  const answer = await b.request("/member/startId", { email, password, redirectTo: "/mypage" });
  return { b, answer };
}

async function signInByPhone(local: string, e164: string, b = browser()) {
  await b.step("/login/login", { phone: local, redirectTo: "/mypage" }, "/login/authNo");
  const answer = await b.request("/login/authNo", { code: await codeTo(e164) });
  return { b, answer };
}

const uidOf = async (query: { email?: string; phone?: string }) => (await firebaseUser(query))!.localId;

describe.skipIf(unavailable)("hosted mode against stand-ins of Google and Twilio", () => {
  beforeAll(async () => {
    world = await startWorld();
    info = await world.call("/info");
    const started = await world.startServer({ env: { ACCOUNT_CHECK_INTERVAL_MS: String(CHECK_MS) } });
    if (!started.up) throw new Error(`the hosted server did not start:\n${started.output}`);
    server = started.id;
  }, 120_000);
  afterAll(async () => {
    await world?.close();
  });

  it("starts as an operator starts it: ready, with the Admin SDK's own credential (a JWT bearer grant)", async () => {
    const ready = await world.fetch({ server, url: "/readyz" });
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toMatchObject({ database: true, auth: true, ready: true });
    const { calls } = await standInState();
    expect(calls).toContain("POST oauth2.googleapis.com/token");
    expect(calls).toContain(`POST identitytoolkit.googleapis.com/v1/projects/${info.projectId}/accounts:lookup`);
  });

  it("joins by phone: the code goes through Twilio's API from the configured sender, and the session is a member's", async () => {
    const { b, e164 } = await phoneJoin();
    const { messages } = await standInState();
    const text = messages.filter((m) => m.to === e164);
    expect(text).toHaveLength(1);
    expect(text[0]!.from).toBe(info.twilio.from);
    expect(text[0]!.body).toMatch(/^\[K-Life\].*\d{6}/);
    expect(await signedIn(b)).toBe(true);
    expect(await firebaseUser({ phone: e164 })).not.toBeNull();
  });

  it("joins by ID, then signs in by ID and password and by phone code; a wrong password keeps the typed ID", async () => {
    const email = `maria-${Date.now()}@example.com`;
    const password = "a long enough passphrase";
    const { b, local, e164 } = await idJoin(email, password);
    expect(await signedIn(b)).toBe(true);

    const byId = await signInById(email, password);
    expect(byId.answer.status).toBe(302);
    expect(byId.answer.location).toBe("/mypage");
    expect(await signedIn(byId.b)).toBe(true);

    const wrong = await signInById(email, "not the passphrase at all");
    expect(wrong.answer.status).toBe(401);
    expect(wrong.answer.body).toContain(email);
    expect(wrong.b.jar.cookies.has("__session")).toBe(false);

    const byPhone = await signInByPhone(local, e164);
    expect(byPhone.answer.status).toBe(302);
    expect(await signedIn(byPhone.b)).toBe(true);
  });

  it("signs in with Google: authorization at accounts.google.com, the code exchanged, Firebase's signInWithIdp", async () => {
    const email = `g-${Date.now()}@gmail.example`;
    const throughGoogle = async (b: ReturnType<typeof browser>) => {
      const start = await b.request("/member/google", { redirectTo: "/mypage" });
      expect(start.status).toBe(302);
      const authorize = new URL(start.location!);
      expect(authorize.origin).toBe("https://accounts.google.com");
      const page = await world.fetch({ url: authorize.toString() });
      expect(page.status).toBe(200);
      const choose = new URL("/o/oauth2/v2/auth/choose", authorize.origin);
      for (const key of ["redirect_uri", "state", "nonce"]) choose.searchParams.set(key, authorize.searchParams.get(key)!);
      choose.searchParams.set("email", email);
      choose.searchParams.set("name", "Gil Dong");
      const chosen = await world.fetch({ url: choose.toString() });
      const back = new URL(chosen.headers.find(([k]) => k === "location")![1]);
      expect(back.origin).toBe("https://klife.test");
      return b.request(`${back.pathname}${back.search}`);
    };
    const b = browser();
    const callback = await throughGoogle(b);
    expect(callback.location).toBe("/member/agree");
    // Firebase's user for a newcomer is removed at once: the account is made when the join ends.
    expect(await firebaseUser({ email })).toBeNull();
    const { local, e164 } = freshNumber();
    await b.step("/member/agree", { agreeAll: "on" }, "/member/userInfo");
    await b.step("/member/userInfo", { intent: "send", name: "Gil Dong", phone: local }, "/member/userInfo");
    await b.step("/member/userInfo", { intent: "verify", name: "Gil Dong", code: await codeTo(e164) }, "/member/addInfo");
    await b.step("/member/addInfo", { nationality: "Mongolia", visa: "D-2-2" }, "/member/complete");
    expect(await signedIn(b)).toBe(true);

    const again = browser();
    expect((await throughGoogle(again)).location).toBe("/mypage");
    expect(await signedIn(again)).toBe(true);
  });

  it("recovers a password: the code texted to the account's number, the new password set at Firebase", async () => {
    const email = `recover-${Date.now()}@example.com`;
    const { b: member, e164 } = await idJoin(email, "the first passphrase");
    const b = browser();
    await b.step("/member/findPw", { intent: "send", email }, "/member/findPw");
    await b.step("/member/findPw", { intent: "verify", code: await codeTo(e164) }, "/member/resetPw");
    const newPassword = "the second passphrase";
    await b.step("/member/resetPw", { password: newPassword, passwordConfirm: newPassword }, "/member/startId?reset=1");
    expect((await signInById(email, "the first passphrase")).answer.status).toBe(401);
    expect((await signInById(email, newPassword)).answer.location).toBe("/mypage");
    // Sessions of before the change are over.
    expect(await signedIn(member)).toBe(false);
  });

  it("refuses sign-in when the stand-in signs with a key it never published (ID tokens, then session cookies)", async () => {
    const email = `keys-${Date.now()}@example.com`;
    const password = "a long enough passphrase";
    await idJoin(email, password);
    try {
      for (const keys of ["unpublished", "unpublished-session"]) {
        await world.standIn({ op: "signWith", keys });
        const { b, answer } = await signInById(email, password);
        expect(answer.status, keys).toBe(503);
        expect(answer.body).toContain(email);
        expect(b.jar.cookies.has("__session")).toBe(false);
      }
    } finally {
      await world.standIn({ op: "signWith", keys: "published" });
    }
    expect((await signInById(email, password)).answer.location).toBe("/mypage");
  });

  it("follows the keys' rotation: the next key is taken when it signs, a key no longer published is refused", async () => {
    const email = `rotate-${Date.now()}@example.com`;
    const password = "a long enough passphrase";
    await idJoin(email, password);
    const before = (await signInById(email, password)).b;
    await world.standIn({ op: "rotate" });
    const after = (await signInById(email, password)).b;
    expect(await signedIn(after)).toBe(true);
    expect(await signedIn(before)).toBe(true);
    // Two rotations on, the first key is unpublished; once the SDK's cached keys expire (max-age 2 s) its
    // sessions no longer verify.
    await world.standIn({ op: "rotate" });
    await new Promise((r) => setTimeout(r, 2500));
    // (Sessions already verified stay known to the process until they expire; a restart would refuse them.)
    const fresh = (await signInById(email, password)).b;
    expect(await signedIn(fresh)).toBe(true);
  });

  it("ends a session within the account-check bound once Firebase revokes it (validSince moved), or disables it", async () => {
    for (const change of ["revoke", "disable"] as const) {
      const { b, e164, local } = await phoneJoin();
      const uid = await uidOf({ phone: e164 });
      expect(await signedIn(b)).toBe(true);
      // validSince is in seconds: a revocation in the second of the sign-in does not cover it (as at Firebase).
      await new Promise((r) => setTimeout(r, 1100));
      await world.standIn({ op: change, uid });
      const changedAt = Date.now();
      while (await signedIn(b)) {
        expect(Date.now() - changedAt, change).toBeLessThan(CHECK_MS + 2000);
        await new Promise((r) => setTimeout(r, 250));
      }
      if (change === "disable") {
        const again = await signInByPhone(local, e164);
        expect(again.b.jar.cookies.has("__session")).toBe(false);
      } else {
        expect((await signInByPhone(local, e164)).answer.status).toBe(302);
      }
    }
  });

  it("withdrawal deletes the Firebase account", async () => {
    const { b, e164 } = await phoneJoin();
    expect(await firebaseUser({ phone: e164 })).not.toBeNull();
    await b.request("/mypage/secede", { intent: "review", reason: "moving home", understood: "on" });
    const done = await b.request("/mypage/secede", { intent: "confirm", reason: "moving home", understood: "on" });
    expect(done.location).toBe("/mypage/secede?bye=1");
    expect(await firebaseUser({ phone: e164 })).toBeNull();
  });

  it("made no call the stand-ins do not implement", async () => {
    expect((await standInState()).unexpected).toEqual([]);
  });
});
