/**
 * Hosted mode, end to end (issue 38, docs/decisions/0086): the built server started as an operator starts it
 * (`sh scripts/start.sh`, NODE_ENV=production, the documented variables, a service account whose key is made
 * here, no emulator), in a network namespace where Google's and Twilio's names resolve to faithful stand-ins
 * (tests/hosted/standIns.mjs). The journeys a member takes, the signature checks (a stand-in signing with a key
 * it never published must fail sign-in), revocation and disabling in Firebase, and the configuration faults.
 */
import { generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  finishJoin,
  hostedBrowser,
  namespacesUnavailable,
  shown,
  startWorld,
  withFault,
  type HostedBrowser,
  type StartedServer,
  type World,
} from "./world";

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
  const n = String((Date.now() % 1_000_000) * 10 + (seq++ % 10))
    .padStart(8, "0")
    .slice(-8);
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
  world
    .standIn<{ user: { localId: string; disabled: boolean; validSince: string } | null }>({ op: "user", ...query })
    .then((r) => r.user);

async function phoneJoin(b = browser()) {
  const { local, e164 } = freshNumber();
  await b.step("/sign?index", { phone: local, agreeAll: "on" }, "/sign/authNo");
  await b.step("/sign/authNo", { code: await codeTo(e164) }, "/sign/choiceNation");
  await b.step(
    "/sign/choiceNation",
    { name: "Nguyen Van A", nationality: "Vietnam", visa: "E-9" },
    "/sign/signUpComplete",
  );
  return { b, local, e164 };
}

async function idJoin(email: string, password: string, b = browser()) {
  const { local, e164 } = freshNumber();
  await b.step("/member/agree", { agreeAll: "on" }, "/member/accountInfo");
  await b.step("/member/accountInfo", { email, password, passwordConfirm: password }, "/member/userInfo");
  await finishJoin(b, { name: "Maria Santos", local, e164, nationality: "Philippines", visa: "D-2-2" }, codeTo);
  return { b, local, e164 };
}

/** True when the browser's session opens My page (a member), false when it is sent to sign in. */
async function signedIn(b: HostedBrowser) {
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
    const throughGoogle = async (b: HostedBrowser) => {
      const start = await b.request("/member/google", { redirectTo: "/mypage" });
      expect(start.status).toBe(302);
      const authorize = new URL(start.location!);
      expect(authorize.origin).toBe("https://accounts.google.com");
      const page = await world.fetch({ url: authorize.toString() });
      expect(page.status).toBe(200);
      const choose = new URL("/o/oauth2/v2/auth/choose", authorize.origin);
      for (const key of ["redirect_uri", "state", "nonce"])
        choose.searchParams.set(key, authorize.searchParams.get(key)!);
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
    await finishJoin(b, { name: "Gil Dong", local, e164, nationality: "Mongolia", visa: "D-2-2" }, codeTo);
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

  describe("configuration faults", () => {
    const noStack = (output: string) => expect(output).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);

    it("refuses to start, naming the variable, where the configuration is malformed or Google refuses it", async () => {
      const account = JSON.parse((await world.call<{ serviceAccount: string }>("/info")).serviceAccount) as Record<
        string,
        string
      >;
      const foreignKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({
        type: "pkcs8",
        format: "pem",
      });
      const cases: [Record<string, string>, RegExp][] = [
        [
          { FIREBASE_SERVICE_ACCOUNT: "{ not json" },
          /^\s+- FIREBASE_SERVICE_ACCOUNT: must be the service account JSON$/m,
        ],
        [
          {
            FIREBASE_SERVICE_ACCOUNT: JSON.stringify({
              ...account,
              private_key: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n",
            }),
          },
          /^\s+- FIREBASE_SERVICE_ACCOUNT\.private_key: is not a readable private key/m,
        ],
        [
          { FIREBASE_SERVICE_ACCOUNT: JSON.stringify({ ...account, private_key: undefined }) },
          /^\s+- FIREBASE_SERVICE_ACCOUNT\.private_key: is missing \(copy the JSON file the Firebase console made, unchanged\)$/m,
        ],
        [
          { FIREBASE_PROJECT_ID: "klife-other-project" },
          /^\s+- FIREBASE_SERVICE_ACCOUNT: is the service account of project klife-hosted-test, not of FIREBASE_PROJECT_ID \(klife-other-project\)$/m,
        ],
        [
          { FIREBASE_API_KEY: "AIzaSyNotTheKeyOfThisProject0000000000" },
          /^\s+- FIREBASE_API_KEY: Identity Toolkit refused this Web API key .*API_KEY_INVALID/m,
        ],
        [
          { FIREBASE_SERVICE_ACCOUNT: JSON.stringify({ ...account, private_key: foreignKey }) },
          /^\s+- FIREBASE_SERVICE_ACCOUNT: Google refused the service account's credential .*invalid_grant/m,
        ],
        [
          {
            FIREBASE_PROJECT_ID: "klife-other-project",
            FIREBASE_SERVICE_ACCOUNT: JSON.stringify({ ...account, project_id: "klife-other-project" }),
          },
          /^\s+- FIREBASE_PROJECT_ID: the service account may not use this project's accounts/m,
        ],
      ];
      // Two at a time (CI's two cores): each start ends at the check that refuses it.
      const starts: StartedServer[] = [];
      for (let i = 0; i < cases.length; i += 2) {
        starts.push(...(await Promise.all(cases.slice(i, i + 2).map(([env]) => world.startServer({ env })))));
      }
      for (const [index, [env, message]] of cases.entries()) {
        const started = starts[index]!;
        expect(started.up, JSON.stringify(env)).toBe(false);
        expect(started.code).toBe(1);
        expect(started.output).toMatch(/^server failed to start: Invalid configuration:$|^Invalid configuration:$/m);
        expect(started.output).toMatch(message);
        noStack(started.output);
      }
      // The Identity Toolkit API disabled in the key's project: the key's variable too, not "Google unreachable".
      await world.standIn({ op: "keyRefusal", refusal: "SERVICE_DISABLED" });
      try {
        const started = await world.startServer();
        expect(started.up).toBe(false);
        expect(started.output).toMatch(
          /^\s+- FIREBASE_API_KEY: Identity Toolkit refused this Web API key .*SERVICE_DISABLED/m,
        );
        expect(started.output).not.toContain("could not be reached");
        noStack(started.output);
      } finally {
        await world.standIn({ op: "keyRefusal", refusal: null });
      }
    });

    it("starts when Google cannot be reached or does not answer, says so, answers /readyz 503 and a translated page that keeps the ID", async () => {
      for (const mode of ["refused", "hang"] as const) {
        let id = 0;
        try {
          await withFault(world, { service: "google", mode }, async () => {
            const started = await world.startServer();
            expect(started.up, mode).toBe(true);
            id = started.id;
            expect(started.output, mode).toMatch(/hosted check: Google could not be reached \(.+\); the server starts/);
            const ready = await world.fetch({ server: id, url: "/readyz" });
            expect(ready.status, mode).toBe(503);
            expect(ready.ms, mode).toBeLessThan(5000);
            expect(JSON.parse(ready.body)).toMatchObject({ auth: false, ready: false });
            // The page itself is the running server's (below) for a Google that does not answer.
            if (mode !== "refused") return;
            const b = hostedBrowser(world, id, "198.51.100.250", { "Accept-Language": "ko" });
            const answer = await b.request("/member/startId", {
              email: "typed@example.com",
              password: "whatever passphrase",
              redirectTo: "/",
            });
            expect(answer.status).toBe(503);
            expect(answer.headers.get("content-type")).toMatch(/^text\/html/);
            expect(answer.body).toContain('value="typed@example.com"');
            expect(shown(answer.body)).toContain("지금은 로그인할 수 없어요");
          });
          // Once Google answers, so does the server: no restart.
          expect((await world.fetch({ server: id, url: "/readyz" })).status, mode).toBe(200);
          noStack(await world.output(id));
        } finally {
          if (id) await world.stopServer(id);
        }
      }
    });

    it("bounds a Google that does not answer: /readyz within seconds, a sign-in within the server's bound, a member's session kept", async () => {
      const { b: member } = await phoneJoin();
      const joinedAt = Date.now();
      await withFault(world, { service: "google", mode: "hang" }, async () => {
        const ready = await world.fetch({ server, url: "/readyz" });
        expect(ready.status).toBe(503);
        expect(ready.ms).toBeLessThan(5000);
        // The member's account check falls due during the outage.
        await new Promise((r) => setTimeout(r, Math.max(0, joinedAt + CHECK_MS - Date.now())));
        // Side by side: each waits out the server's bound (10 s a call to Google).
        const [page, answer] = await Promise.all([
          member.request("/mypage"),
          browser().request("/member/startId", {
            email: "slow@example.com",
            password: "whatever passphrase",
            redirectTo: "/",
          }),
        ]);
        expect(page.status).toBe(200);
        expect(answer.status).toBe(503);
        expect(answer.body).toContain('value="slow@example.com"');
        expect(shown(answer.body)).toContain("Sign-in is unavailable right now");
        // Within the server's bound, well inside a phone's 60 s and a desktop's 30 s.
        expect(answer.ms).toBeLessThan(15_000);
        expect(page.ms).toBeLessThan(15_000);
      });
    });
  });

  describe("bad answers from Google and Twilio", () => {
    /** A sign-in by ID refused as Firebase unavailable: 503, the ID kept, the translated message, never a wrong password. */
    const expectUnavailable = (answer: { status: number; body: string }, email: string, label?: string) => {
      expect(answer.status, label).toBe(503);
      expect(answer.body, label).toContain(`value="${email}"`);
      expect(shown(answer.body), label).toContain("Sign-in is unavailable right now");
      expect(shown(answer.body), label).not.toContain("The ID or password is incorrect");
      // Google's code and words are the operator's (the log), never the visitor's.
      expect(answer.body, label).not.toMatch(/IdentityError|API_KEY_|SERVICE_DISABLED|HTTP_4\d\d|\.[jt]s:\d+:\d+/);
    };

    it("an API key refused while the server runs is Firebase unavailable to the member, never a wrong password", async () => {
      const email = `key-${Date.now()}@example.com`;
      const password = "a long enough passphrase";
      await idJoin(email, password);
      // The key deleted or restricted, the API disabled in its project, the provider switched off, a bare 403.
      const refusals = [
        "API_KEY_INVALID",
        "API_KEY_SERVICE_BLOCKED",
        "SERVICE_DISABLED",
        "OPERATION_NOT_ALLOWED",
        "PERMISSION_DENIED",
      ];
      const logged = (await world.output(server)).length;
      try {
        for (const refusal of refusals) {
          await world.standIn({ op: "keyRefusal", refusal });
          const { answer, b } = await signInById(email, password);
          expectUnavailable(answer, email, refusal);
          expect(b.jar.cookies.has("__session"), refusal).toBe(false);
        }
      } finally {
        await world.standIn({ op: "keyRefusal", refusal: null });
      }
      // One line for the operator a refusal, with Google's code; no wrong password counted against the member.
      const lines = (await world.output(server))
        .slice(logged)
        .split("\n")
        .filter((line) => line.includes('"event":"identity.signInWithPassword"'));
      expect(lines).toHaveLength(refusals.length);
      for (const code of [
        "API_KEY_INVALID",
        "API_KEY_SERVICE_BLOCKED",
        "SERVICE_DISABLED",
        "PASSWORD_LOGIN_DISABLED",
      ]) {
        expect(lines.join("\n")).toContain(code);
      }
      expect(lines.join("\n")).toContain("HTTP_403");
      expect((await signInById(email, password)).answer.location).toBe("/mypage");
    });

    it("an HTML page or a cut-short answer from Identity Toolkit fails the one sign-in with a translated message, the ID kept", async () => {
      const email = `html-${Date.now()}@example.com`;
      await idJoin(email, "a long enough passphrase");
      for (const mode of ["html", "truncated"]) {
        await withFault(world, { service: "google", mode, match: "accounts:signInWithPassword" }, async () => {
          expectUnavailable((await signInById(email, "a long enough passphrase")).answer, email, mode);
        });
      }
      expect((await signInById(email, "a long enough passphrase")).answer.location).toBe("/mypage");
    });

    /** A phone join up to its last step (the account is made there), in `b`. */
    async function phoneJoinToLastStep(b: HostedBrowser) {
      const { local, e164 } = freshNumber();
      await b.step("/sign?index", { phone: local, agreeAll: "on" }, "/sign/authNo");
      await b.step("/sign/authNo", { code: await codeTo(e164) }, "/sign/choiceNation");
      return { local, e164 };
    }
    const accountsOf = async (e164: string) => (await standInState()).users.filter((u) => u.phoneNumber === e164);
    /** Identity Toolkit's createUser (the Admin API's POST …/accounts). */
    const createUser = () => `/v1/projects/${info.projectId}/accounts$`;

    it("a join whose account Google made but whose answer was lost is finished, never left half-made", async () => {
      const b = browser();
      const { e164 } = await withFault(
        world,
        { service: "google", mode: "truncated", match: createUser() },
        async () => {
          const joined = await phoneJoinToLastStep(b);
          const last = await b.request("/sign/choiceNation", {
            name: "Tran Thi B",
            nationality: "Vietnam",
            visa: "E-9",
          });
          expect(last.location).toBe("/sign/signUpComplete");
          return joined;
        },
      );
      expect(await accountsOf(e164)).toHaveLength(1);
      expect(await signedIn(b)).toBe(true);
    });

    it("an HTML page in place of the new account fails the join's last step, translated, and makes no account", async () => {
      const b = browser();
      const { e164 } = await withFault(world, { service: "google", mode: "html", match: createUser() }, async () => {
        const joined = await phoneJoinToLastStep(b);
        const last = await b.request("/sign/choiceNation", { name: "Tran Thi C", nationality: "Vietnam", visa: "E-9" });
        expect(last.status).toBe(503);
        expect(last.body).toContain('value="Tran Thi C"');
        expect(shown(last.body)).toContain("We could not complete your sign-up");
        return joined;
      });
      expect(await accountsOf(e164)).toHaveLength(0);
      // The same visitor finishes on the next try.
      expect(
        (await b.request("/sign/choiceNation", { name: "Tran Thi C", nationality: "Vietnam", visa: "E-9" })).location,
      ).toBe("/sign/signUpComplete");
    });

    it("a Twilio that refuses the connection, answers HTML, cuts its answer or does not answer fails the text, translated", async () => {
      for (const mode of ["refused", "html", "truncated", "hang"]) {
        const { local, e164 } = freshNumber();
        await withFault(world, { service: "twilio", mode }, async () => {
          const answer = await browser().request("/sign?index", { phone: local, agreeAll: "on" });
          expect(answer.status, mode).toBe(503);
          expect(answer.body).toContain(`value="${local}"`);
          expect(shown(answer.body)).toContain("We could not send the text message");
          expect(answer.ms).toBeLessThan(15_000);
        });
        expect(await accountsOf(e164)).toHaveLength(0);
      }
    });
  });

  it("removes, at start-up, an account Firebase holds without a member profile, once older than a join takes", async () => {
    const old = await world.standIn<{ uid: string }>({
      op: "createUser",
      fields: { phoneNumber: "+821099990001" },
      ageMs: 11 * 60_000,
    });
    const recent = await world.standIn<{ uid: string }>({ op: "createUser", fields: { phoneNumber: "+821099990002" } });
    // A server on a database of its own: every account is without a profile there, only the old one is judged.
    const started = await world.startServer();
    try {
      expect(started.up).toBe(true);
      let output = started.output;
      for (let i = 0; i < 50 && !/account check: \d+ accounts/.test(output); i++) {
        await new Promise((r) => setTimeout(r, 100));
        output = await world.output(started.id);
      }
      expect(output).toContain(`account check: deleted account ${old.uid}`);
      expect(output).not.toContain(recent.uid);
      expect(await firebaseUser({ uid: old.uid })).toBeNull();
      expect(await firebaseUser({ uid: recent.uid })).not.toBeNull();
    } finally {
      await world.stopServer(started.id);
    }
  });

  it("made no call the stand-ins do not implement", async () => {
    expect((await standInState()).unexpected).toEqual([]);
  });
});
