/**
 * The sign-up flows (ID, phone, Google), recovery and Google sign-in through the routes' loaders and
 * actions, against the real Auth emulator and a temporary database; codes come
 * from the real local outbox.
 */
import { randomUUID } from "node:crypto";
import type { ActionFunctionArgs, AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInWithGoogleToken } from "~/auth/google.server";
import { readSession } from "~/auth/session.server";
import Database from "better-sqlite3";
import { action as accountAction } from "~/routes/member.accountInfo";
import { action as addInfoAction, loader as addInfoLoader } from "~/routes/member.addInfo";
import { action as agreeAction, loader as agreeLoader } from "~/routes/member.agree";
import { action as googleAction } from "~/routes/member.google";
import { loader as googleCallbackLoader } from "~/routes/member.google.callback";
import { action as findPwAction } from "~/routes/member.findPw";
import { action as resetAction, loader as resetLoader } from "~/routes/member.resetPw";
import { action as userInfoAction, loader as userInfoLoader } from "~/routes/member.userInfo";
import { action as signAction, loader as signLoader } from "~/routes/sign._index";
import { action as signCodeAction, loader as signCodeLoader } from "~/routes/sign.authNo";
import { action as nationAction } from "~/routes/sign.choiceNation";
import { createAccount, createMember } from "~/signup/createAccount.server";
import { sealSecret, signupDrafts } from "~/signup/draft.server";
import { consentsInForce } from "~/terms/terms.server";
import { readOutbox } from "~/infra/sms/sender.server";
import { get, Jar, post } from "../support/jar";
import { startGoogleStandIn } from "../support/googleStandIn.mjs";
import { registerMember } from "../support/members";
import { createTestServices, loadContext, type TestServices } from "../support/services";

const services = createTestServices();
const context = loadContext(services);
afterAll(() => services.cleanup());

type Action = (args: ActionFunctionArgs) => unknown;
type Reply = { error: Record<string, string[] | null>; initialValue?: Record<string, unknown> };

const submit = (action: Action, path: string, jar: Jar, fields: Record<string, string>, ctx = context) =>
  post(action, path, jar, fields, ctx);
const load = (loader: Action, path: string, jar: Jar, ctx = context) => get(loader, path, jar, ctx);

let seq = 0;
const freshNumber = () => {
  const local = `0106${String((Date.now() % 100_000) * 10 + (seq++ % 10)).padStart(7, "0")}`;
  return { local, e164: `+82${local.slice(1)}` };
};
const codeFor = (e164: string, dataDir = services.dataDir) =>
  /\d{6}/.exec(
    readOutbox(dataDir)
      .filter((m) => m.to === e164)
      .at(-1)!.text,
  )![0];
/** A second connection to the test's SQLite file, for what no store offers (a broken table, a forged flow). */
function withDatabase<T>(services: TestServices, run: (db: Database.Database) => T): T {
  const db = new Database(services.databaseFile);
  try {
    return run(db);
  } finally {
    db.close();
  }
}
const newEmail = () => `join-${randomUUID()}@example.com`;
const password = "a sentence about Jeju rain";

async function throughAccountStep(jar: Jar, email: string) {
  expect((await submit(agreeAction, "/member/agree", jar, { agreeAll: "on" })).headers.get("Location")).toBe(
    "/member/accountInfo",
  );
  const account = await submit(accountAction, "/member/accountInfo", jar, {
    email,
    password,
    passwordConfirm: password,
  });
  expect(account.headers.get("Location")).toBe("/member/userInfo");
}

async function throughPhoneStep(jar: Jar, name: string) {
  const { local, e164 } = freshNumber();
  await submit(userInfoAction, "/member/userInfo", jar, { intent: "send", name, phone: local });
  const verified = await submit(userInfoAction, "/member/userInfo", jar, {
    intent: "verify",
    name,
    code: codeFor(e164),
  });
  expect(verified.headers.get("Location")).toBe("/member/addInfo");
  return e164;
}

describe("sign-up with an ID", () => {
  it("makes the Firebase user and the profile together, records the terms with versions, and signs in", async () => {
    const jar = new Jar();
    const email = newEmail();
    await submit(agreeAction, "/member/agree", jar, { service: "on", privacy: "on", age14: "on" });
    await submit(accountAction, "/member/accountInfo", jar, { email, password, passwordConfirm: password });
    const e164 = await throughPhoneStep(jar, "Tran Thi B");

    const refused = await submit(addInfoAction, "/member/addInfo", jar, {
      nationality: "Vietnam",
      visa: "D-2-99",
      visaExpiry: "2027-02-30",
    });
    expect(refused.status).toBe(400);
    const reply = (await refused.json()) as Reply;
    expect(reply.error.visa).toEqual(["errors.form.visaRequired"]);
    expect(reply.error.visaExpiry).toEqual(["errors.form.invalidDate"]);
    expect(reply.initialValue).toMatchObject({ nationality: "Vietnam" });

    const done = await submit(addInfoAction, "/member/addInfo", jar, {
      nationality: "vietnam",
      visa: "D-2-2",
      visaExpiry: "2027-02-28",
    });
    expect(done.headers.get("Location")).toBe("/member/complete");
    const member = await readSession(new Request("http://x/", { headers: { Cookie: jar.header } }), services);
    expect(member).toMatchObject({ email, phoneNumber: e164 });
    expect(await services.stores.members.profile(member!.uid)).toMatchObject({
      name: "Tran Thi B",
      nationality: "VN",
      visa: "D-2-2",
      visaExpiresOn: "2027-02-28",
      phoneNumber: e164,
    });
    const record = await services.stores.members.terms(member!.uid);
    expect(record.map((r) => [r.document, r.version, r.agreed])).toEqual(
      (await consentsInForce(services)).map((v) => [v.document, v.version, v.document !== "marketing"]).sort(),
    );
    // The draft is gone: the flow starts again.
    expect(jar.cookies.has("__signup")).toBe(false);
  });

  it.each([
    ["seven77", "errors.form.passwordLength"],
    ["x".repeat(10_000), "errors.form.passwordLength"],
    ["iloveyou1", "errors.form.passwordCommon"],
  ])("refuses the password %#, never echoing it", async (bad, message) => {
    const jar = new Jar();
    await submit(agreeAction, "/member/agree", jar, { agreeAll: "on" });
    const response = await submit(accountAction, "/member/accountInfo", jar, {
      email: newEmail(),
      password: bad,
      passwordConfirm: bad,
    });
    expect(response.status).toBe(400);
    const reply = (await response.json()) as Reply;
    expect(reply.error.password).toEqual([message]);
    expect(JSON.stringify(reply)).not.toContain(bad.slice(0, 50));
  });

  it("says when the ID is taken, and when the password is the ID", async () => {
    const email = newEmail();
    await services.identity.admin.auth.createUser({ email, password });
    const jar = new Jar();
    await submit(agreeAction, "/member/agree", jar, { agreeAll: "on" });
    const taken = await submit(accountAction, "/member/accountInfo", jar, {
      email,
      password,
      passwordConfirm: password,
    });
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as Reply).error.email).toEqual(["errors.form.emailTaken"]);
    const other = newEmail();
    const likeId = await submit(accountAction, "/member/accountInfo", jar, {
      email: other,
      password: other,
      passwordConfirm: other,
    });
    expect(((await likeId.json()) as Reply).error.password).toEqual(["errors.form.passwordLikeId"]);
  });

  it("refuses a code with letters and says whether a verified number already has an account", async () => {
    const jar = new Jar();
    await throughAccountStep(jar, newEmail());
    const { local, e164 } = freshNumber();
    await services.identity.admin.auth.createUser({ phoneNumber: e164 });
    await submit(userInfoAction, "/member/userInfo", jar, { intent: "send", name: "A", phone: local });
    const letters = await submit(userInfoAction, "/member/userInfo", jar, {
      intent: "verify",
      name: "A",
      code: "12ab56",
    });
    expect(((await letters.json()) as Reply).error.code).toEqual(["errors.form.codeFormat"]);
    const taken = await submit(userInfoAction, "/member/userInfo", jar, {
      intent: "verify",
      name: "A",
      code: codeFor(e164),
    });
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as Reply).error[""]).toEqual(["errors.form.phoneTaken"]);
  });

  it("says a blank name and a wrong number at once, keeping what was typed, and texts nothing", async () => {
    const jar = new Jar();
    await throughAccountStep(jar, newEmail());
    const both = await submit(userInfoAction, "/member/userInfo", jar, {
      intent: "send",
      name: " ",
      phone: "010-12",
      country: "KR",
    });
    expect(both.status).toBe(400);
    const reply = (await both.json()) as Reply;
    expect(reply.error).toMatchObject({ name: ["errors.form.nameBlank"], phone: ["errors.form.invalidPhone"] });
    expect(reply.initialValue).toMatchObject({ phone: "010-12", country: "KR" });
  });

  it("says a wrong number and missing agreements of the phone join at once", async () => {
    const wrong = await submit(signAction, "/sign", new Jar(), { phone: "02-2100-2114", service: "on" });
    expect(wrong.status).toBe(400);
    const reply = (await wrong.json()) as Reply;
    expect(reply.error).toMatchObject({
      phone: ["errors.form.notMobile"],
      privacy: ["errors.form.termsRequired"],
      age14: ["errors.form.termsRequired"],
    });
    expect(reply.error.service ?? null).toBeNull();
    expect(reply.initialValue).toMatchObject({ phone: "02-2100-2114", service: "on" });
  });

  it("sends a jump ahead, and an expired draft, to the first unfinished step", async () => {
    const jar = new Jar();
    expect((await load(addInfoLoader, "/member/addInfo", jar)).headers.get("Location")).toBe("/member/agree");
    await submit(agreeAction, "/member/agree", jar, { agreeAll: "on" });
    expect((await load(addInfoLoader, "/member/addInfo", jar)).headers.get("Location")).toBe("/member/accountInfo");
    const request = new Request("http://x/", { headers: { Cookie: jar.header } });
    const drafts = signupDrafts(services);
    expect(await drafts.read(request, "id")).not.toBeNull();
    // A draft lives 30 minutes after its last change (docs/joining-and-sessions.md's number, not the code's constant).
    expect(await drafts.read(request, "id", Date.now() + 29 * 60_000)).not.toBeNull();
    expect(await drafts.read(request, "id", Date.now() + 30 * 60_000 + 1000)).toBeNull();
  });
});

describe("no half-made accounts", () => {
  it("deletes the Firebase user again when the profile cannot be stored", async () => {
    const broken = createTestServices();
    try {
      // Beside the store's own connection: its next profile insert finds no terms table.
      withDatabase(broken, (db) => db.exec("DROP TABLE terms_agreements"));
      const email = newEmail();
      const result = await createAccount(
        broken,
        {
          kind: "id",
          terms: { choices: { service: true, privacy: true, age14: true, marketing: false }, at: Date.now() },
          email,
          sealedPassword: sealSecret(broken.sessionSecret, password),
          name: "Half Made",
          phone: freshNumber().e164,
          nationality: "PH",
          visa: "E-9-1",
        },
        "en",
      );
      expect(result).toEqual({ ok: false, problem: "unavailable" });
      await expect(broken.identity.admin.auth.getUserByEmail(email)).rejects.toMatchObject({
        code: "auth/user-not-found",
      });
      expect(withDatabase(broken, (db) => db.prepare("SELECT count(*) AS n FROM members").get())).toEqual({ n: 0 });
    } finally {
      await broken.cleanup();
    }
  });

  it("spends the draft at the last step: two submits of it make one account, and a refusal gives it back", async () => {
    const jar = new Jar();
    const email = newEmail();
    await throughAccountStep(jar, email);
    await throughPhoneStep(jar, "Twice Submitted");
    const fields = { nationality: "Vietnam", visa: "D-2-2" };
    const [a, b] = await Promise.all([
      submit(addInfoAction, "/member/addInfo", jar.copy(), fields),
      submit(addInfoAction, "/member/addInfo", jar.copy(), fields),
    ]);
    expect([a.status, b.status].sort()).toEqual([302, 409]);
    const user = await services.identity.admin.auth.getUserByEmail(email);
    expect(await services.stores.members.profile(user.uid)).toMatchObject({ name: "Twice Submitted" });

    // A refusal (the ID was taken meanwhile) keeps the draft: the member can still go back and change it.
    const other = new Jar();
    const taken = newEmail();
    await throughAccountStep(other, taken);
    await throughPhoneStep(other, "Too Late");
    await services.identity.admin.auth.createUser({ email: taken, password });
    const refused = await submit(addInfoAction, "/member/addInfo", other, fields);
    expect(((await refused.json()) as Reply).error[""]).toEqual(["errors.form.emailTaken"]);
    expect((await load(addInfoLoader, "/member/addInfo", other)).status).toBe(200);
  });

  it("makes no account from a draft whose required terms were not agreed", async () => {
    const phone = freshNumber().e164;
    const result = await createAccount(
      services,
      {
        kind: "phone",
        terms: { choices: { service: true, privacy: true, age14: false, marketing: true }, at: Date.now() },
        name: "Under Age",
        phone,
        nationality: "PH",
      },
      "en",
    );
    expect(result).toEqual({ ok: false, problem: "incomplete" });
    await expect(services.identity.admin.auth.getUserByPhoneNumber(phone)).rejects.toMatchObject({
      code: "auth/user-not-found",
    });
  });
});

describe("sign-up with a phone", () => {
  it("needs the terms before a code is sent, then makes the account from the verified number", async () => {
    const jar = new Jar();
    const { local, e164 } = freshNumber();
    const noTerms = await submit(signAction, "/sign", jar, { phone: local });
    expect(noTerms.status).toBe(400);
    expect(readOutbox(services.dataDir).some((m) => m.to === e164)).toBe(false);
    await submit(signAction, "/sign", jar, { phone: local, agreeAll: "on" });
    expect((await submit(signCodeAction, "/sign/authNo", jar, { code: codeFor(e164) })).headers.get("Location")).toBe(
      "/sign/choiceNation",
    );
    // The last step asks the name, the nationality and the visa, judged together: whitespace alone is not a
    // name, and what was typed comes back with every message at once.
    const noVisa = await submit(nationAction, "/sign/choiceNation?lng=ky", jar, {
      name: " \u3000 ",
      nationality: "Кыргызстан",
    });
    expect(noVisa.status).toBe(400);
    const refused = (await noVisa.json()) as Reply;
    expect(refused.error.name).toEqual(["errors.form.nameBlank"]);
    expect(refused.error.visa).toEqual(["errors.form.visaRequired"]);
    expect(refused.initialValue).toMatchObject({ nationality: "Кыргызстан" });
    // Invisible direction controls are removed before the name is kept.
    const done = await submit(nationAction, "/sign/choiceNation?lng=ky", jar, {
      name: "\u202eAibek\u202c  Uulu",
      nationality: "Кыргызстан",
      visa: "E-9-1",
      visaExpiry: "2028-03-31",
    });
    expect(done.headers.get("Location")).toBe("/sign/signUpComplete");
    const member = await readSession(new Request("http://x/", { headers: { Cookie: jar.header } }), services);
    expect(member?.phoneNumber).toBe(e164);
    expect(await services.stores.members.profile(member!.uid)).toMatchObject({
      name: "Aibek Uulu",
      nationality: "KG",
      visa: "E-9-1",
      visaExpiresOn: "2028-03-31",
    });
  });

  it("signs a member whose number the code proves in with that proof: once, from this browser only, no second text", async () => {
    const { local, e164 } = freshNumber();
    const user = await services.identity.admin.auth.createUser({ phoneNumber: e164 });
    await registerMember(services, user.uid, { phoneNumber: e164, signUpMethod: "phone" });
    const jar = new Jar();
    await submit(signAction, "/sign", jar, { phone: local, agreeAll: "on" });
    // Before the code, there is nothing to sign in with.
    const early = await submit(signCodeAction, "/sign/authNo", jar.copy(), { intent: "signIn" });
    expect(early.status).toBe(400);
    expect(((await early.json()) as Reply).error[""]).toEqual(["errors.form.codeFirst"]);

    const proven = await submit(signCodeAction, "/sign/authNo", jar, { code: codeFor(e164) });
    expect(proven.headers.get("Location")).toBe("/sign/authNo");
    expect(await (await load(signCodeLoader, "/sign/authNo", jar)).json()).toMatchObject({ member: true });

    // Another browser holding the join's cookie, but its own browser id, cannot use the proof.
    const other = new Jar();
    await load(signLoader, "/sign", other);
    other.cookies.set("__signup", jar.cookies.get("__signup")!);
    const stolen = await submit(signCodeAction, "/sign/authNo", other, { intent: "signIn" });
    expect(stolen.headers.get("Location")).toBe("/sign");
    expect(other.cookies.has("__session")).toBe(false);

    const before = jar.copy();
    const signedIn = await submit(signCodeAction, "/sign/authNo", jar, { intent: "signIn" });
    expect(signedIn.headers.get("Location")).toBe("/");
    const member = await readSession(new Request("http://x/", { headers: { Cookie: jar.header } }), services);
    expect(member?.uid).toBe(user.uid);
    expect(jar.cookies.has("__signup")).toBe(false);

    // The proof was spent: the same cookies posted again sign no one in.
    const replay = await submit(signCodeAction, "/sign/authNo", before, { intent: "signIn" });
    expect(replay.headers.get("Location")).toBe("/sign");
    expect(before.cookies.has("__session")).toBe(false);
    expect(readOutbox(services.dataDir).filter((m) => m.to === e164)).toHaveLength(1);
  });

  it("keeps the proof of a member's number only for a while on the server", async () => {
    const { local, e164 } = freshNumber();
    const user = await services.identity.admin.auth.createUser({ phoneNumber: e164 });
    await registerMember(services, user.uid, { phoneNumber: e164, signUpMethod: "phone" });
    const jar = new Jar();
    await submit(signAction, "/sign", jar, { phone: local, agreeAll: "on" });
    await submit(signCodeAction, "/sign/authNo", jar, { code: codeFor(e164) });
    // The proof was given eleven minutes ago (the draft itself still lives).
    const open = await signupDrafts(services).read(
      new Request("http://x/", { headers: { Cookie: jar.header } }),
      "phone",
    );
    await signupDrafts(services).save({
      id: open!.id,
      draft: { ...open!.draft, provenMember: { phone: e164, at: Date.now() - 11 * 60_000 } },
    });
    const stale = await submit(signCodeAction, "/sign/authNo", jar, { intent: "signIn" });
    expect(stale.status).toBe(400);
    expect(jar.cookies.has("__session")).toBe(false);
    expect((await load(signCodeLoader, "/sign/authNo", jar)).headers.get("Location")).toBe("/sign");
  });

  it("shows a missing number and missing agreements at once, and texts nothing", async () => {
    const jar = new Jar();
    const { e164 } = freshNumber();
    const empty = await submit(signAction, "/sign", jar, {});
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as Reply).error).toMatchObject({
      phone: ["errors.form.required"],
      service: ["errors.form.termsRequired"],
      privacy: ["errors.form.termsRequired"],
      age14: ["errors.form.termsRequired"],
    });
    expect(readOutbox(services.dataDir).some((m) => m.to === e164)).toBe(false);
  });
});

describe("passwords chosen at sign-up", () => {
  it("are kept normalised (NFC), so the same characters typed on another keyboard sign in", async () => {
    const jar = new Jar();
    const email = newEmail();
    const chosen = "Mật khẩu mùa xuân ở Jeju";
    await submit(agreeAction, "/member/agree", jar, { agreeAll: "on" });
    const account = await submit(accountAction, "/member/accountInfo", jar, {
      email,
      password: chosen.normalize("NFD"),
      passwordConfirm: chosen.normalize("NFC"),
    });
    expect(account.headers.get("Location")).toBe("/member/userInfo");
    await throughPhoneStep(jar, "Lan");
    await submit(addInfoAction, "/member/addInfo", jar, { nationality: "Vietnam", visa: "D-2-2" });
    expect((await services.identity.admin.toolkit.signInWithPassword(email, chosen.normalize("NFC"))).email).toBe(
      email,
    );
  });
});

describe("password recovery", () => {
  it("proves the phone, sets the new password and ends every other session", async () => {
    const email = newEmail();
    const { e164 } = freshNumber();
    await registerMember(
      services,
      (await services.identity.admin.auth.createUser({ email, password, phoneNumber: e164 })).uid,
    );
    const old = new Jar();
    const { startSession } = await import("~/auth/session.server");
    const tokens = await services.identity.admin.toolkit.signInWithPassword(email, password);
    const started = await startSession(services, tokens.idToken, Date.now() - 1000);
    if (!started.ok) throw new Error(started.reason);
    old.take(new Response(null, { headers: { "Set-Cookie": started.setCookie } }));
    expect(await readSession(new Request("http://x/", { headers: { Cookie: old.header } }), services)).not.toBeNull();

    const jar = new Jar();
    expect((await load(resetLoader, "/member/resetPw", jar)).headers.get("Location")).toBe("/member/findPw");
    await submit(findPwAction, "/member/findPw", jar, { intent: "send", email });
    const verified = await submit(findPwAction, "/member/findPw", jar, { intent: "verify", code: codeFor(e164) });
    expect(verified.headers.get("Location")).toBe("/member/resetPw");
    const newPassword = "another sentence about Jeju";
    const reset = await submit(resetAction, "/member/resetPw", jar, {
      password: newPassword,
      passwordConfirm: newPassword,
    });
    expect(reset.headers.get("Location")).toBe("/member/startId?reset=1");

    expect(await readSession(new Request("http://x/", { headers: { Cookie: old.header } }), services)).toBeNull();
    await expect(services.identity.admin.toolkit.signInWithPassword(email, password)).rejects.toThrow();
    expect((await services.identity.admin.toolkit.signInWithPassword(email, newPassword)).email).toBe(email);
  });
});

describe("joining and signing in with Google", () => {
  // Google's endpoints are a local stand-in; its unsigned ID token goes to the emulator's signInWithIdp.
  let standIn: Awaited<ReturnType<typeof startGoogleStandIn>>;
  let google: TestServices;
  let googleContext: AppLoadContext;
  beforeAll(async () => {
    standIn = await startGoogleStandIn();
    google = createTestServices(standIn.env);
    googleContext = loadContext(google);
  });
  afterAll(async () => {
    await google.cleanup();
    await standIn.close();
  });

  const newGmail = () => `g-${randomUUID()}@gmail.example`;
  const step = (action: Action, path: string, jar: Jar, fields: Record<string, string>) =>
    submit(action, path, jar, fields, googleContext);
  const firebaseUserOf = (email: string) => google.identity.admin.auth.getUserByEmail(email).catch(() => null);

  /** What the browser does: "Continue with Google", pick the account at "Google", come back to the callback. */
  async function throughGoogle(jar: Jar, email: string, name = "", tamper: Record<string, string> = {}) {
    const start = await step(googleAction, "/member/google", jar, { redirectTo: "/mypage" });
    const authorize = new URL(start.headers.get("Location")!);
    expect(authorize.origin).toBe(standIn.origin);
    const choose = new URL("/authorize/choose", standIn.origin);
    for (const key of ["client_id", "redirect_uri", "state", "nonce"]) {
      choose.searchParams.set(key, authorize.searchParams.get(key)!);
    }
    choose.searchParams.set("email", email);
    choose.searchParams.set("name", name);
    for (const [key, value] of Object.entries(tamper)) choose.searchParams.set(key, value);
    const back = new URL((await fetch(choose, { redirect: "manual" })).headers.get("Location")!);
    return load(googleCallbackLoader, `${back.pathname}${back.search}`, jar, googleContext);
  }

  async function throughGooglePhoneStep(jar: Jar, name: string) {
    const { local, e164 } = freshNumber();
    await step(userInfoAction, "/member/userInfo", jar, { intent: "send", name, phone: local });
    const verified = await step(userInfoAction, "/member/userInfo", jar, {
      intent: "verify",
      name,
      code: codeFor(e164, google.dataDir),
    });
    expect(verified.headers.get("Location")).toBe("/member/addInfo");
    return e164;
  }

  it("makes one account from two submits of the last step, and never removes the one it made", async () => {
    const jar = new Jar();
    const email = newGmail();
    await throughGoogle(jar, email, "Double Tap");
    await step(agreeAction, "/member/agree", jar, { agreeAll: "on" });
    await throughGooglePhoneStep(jar, "Double Tap");
    const fields = { nationality: "Mongolia", visa: "D-2-2" };
    const answers = await Promise.all([
      step(addInfoAction, "/member/addInfo", jar.copy(), fields),
      step(addInfoAction, "/member/addInfo", jar.copy(), fields),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([302, 409]);
    const user = await firebaseUserOf(email);
    expect(user).not.toBeNull();
    expect(await google.stores.members.profile(user!.uid)).toMatchObject({ name: "Double Tap", nationality: "MN" });
  });

  it("joins a newcomer through terms, name and phone, and nationality, making the account only at the end", async () => {
    const jar = new Jar();
    const email = newGmail();
    expect((await throughGoogle(jar, email, "Maria Santos")).headers.get("Location")).toBe("/member/agree");
    expect(await firebaseUserOf(email)).toBeNull();

    const agree = (await (await load(agreeLoader, "/member/agree", jar, googleContext)).json()) as {
      googleEmail: string;
      step: { current: number; total: number };
    };
    expect(agree).toMatchObject({ googleEmail: email, step: { current: 1, total: 3 } });
    const agreed = await step(agreeAction, "/member/agree", jar, { service: "on", privacy: "on", age14: "on" });
    expect(agreed.headers.get("Location")).toBe("/member/userInfo");
    const user = (await (await load(userInfoLoader, "/member/userInfo", jar, googleContext)).json()) as {
      name: string;
    };
    expect(user.name).toBe("Maria Santos");
    const e164 = await throughGooglePhoneStep(jar, "Maria Santos");
    expect(await firebaseUserOf(email)).toBeNull();

    const done = await step(addInfoAction, "/member/addInfo", jar, { nationality: "Philippines", visa: "E-9-1" });
    expect(done.headers.get("Location")).toBe("/member/complete");
    const member = await readSession(new Request("http://x/", { headers: { Cookie: jar.header } }), google);
    expect(member).toMatchObject({ email, phoneNumber: e164 });
    expect(await google.stores.members.profile(member!.uid)).toMatchObject({
      name: "Maria Santos",
      nationality: "PH",
      visa: "E-9-1",
      phoneNumber: e164,
      signUpMethod: "google",
    });
    expect((await google.stores.members.terms(member!.uid)).find((r) => r.document === "marketing")?.agreed).toBe(
      false,
    );
    const firebaseUser = await firebaseUserOf(email);
    expect(firebaseUser).toMatchObject({ uid: member!.uid, phoneNumber: e164, displayName: "Maria Santos" });
    expect(firebaseUser!.providerData.map((p) => p.providerId)).toContain("google.com");

    // Next time, Google signs the member in and returns them where they were going.
    const other = new Jar();
    const again = await throughGoogle(other, email);
    expect(again.headers.get("Location")).toBe("/mypage");
    const signedIn = await readSession(new Request("http://x/", { headers: { Cookie: other.header } }), google);
    expect(signedIn?.uid).toBe(member!.uid);
  });

  it("leaves no Firebase user behind for an abandoned join, and keeps the answers when the same person comes back", async () => {
    const jar = new Jar();
    const email = newGmail();
    await throughGoogle(jar, email);
    await step(agreeAction, "/member/agree", jar, { agreeAll: "on" });
    expect(await firebaseUserOf(email)).toBeNull();
    expect((await throughGoogle(jar, email)).headers.get("Location")).toBe("/member/userInfo");
    // Someone else's Google account in the same browser starts over.
    expect((await throughGoogle(jar, newGmail())).headers.get("Location")).toBe("/member/agree");
    // "Join another way" drops the Google draft.
    const other = await step(agreeAction, "/member/agree", jar, { intent: "discard" });
    expect(other.headers.get("Location")).toBe("/member/start");
    expect(jar.cookies.has("__signup")).toBe(false);
  });

  it("refuses a number taken while joining, and leaves nothing half made", async () => {
    const jar = new Jar();
    const email = newGmail();
    await throughGoogle(jar, email, "Late");
    await step(agreeAction, "/member/agree", jar, { agreeAll: "on" });
    const e164 = await throughGooglePhoneStep(jar, "Late");
    await google.identity.admin.auth.createUser({ phoneNumber: e164 });
    const refused = await step(addInfoAction, "/member/addInfo", jar, { nationality: "Nepal", visa: "E-9-1" });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as Reply).error[""]).toEqual(["errors.form.phoneTaken"]);
    expect(await firebaseUserOf(email)).toBeNull();
  });

  it("asks for Google again when the kept token no longer signs in, and then finishes with the answers kept", async () => {
    const jar = new Jar();
    const email = newGmail();
    await throughGoogle(jar, email, "Expired");
    await step(agreeAction, "/member/agree", jar, { agreeAll: "on" });
    await throughGooglePhoneStep(jar, "Expired");
    withDatabase(google, (db) =>
      db
        .prepare(
          "UPDATE auth_flows SET data = json_set(data, '$.google.sealedToken', 'not.a.token') WHERE kind = 'signup' AND data ->> '$.kind' = 'google'",
        )
        .run(),
    );
    const stale = await step(addInfoAction, "/member/addInfo", jar, { nationality: "Mongolia", visa: "D-2-2" });
    expect(((await stale.json()) as Reply).error[""]).toEqual(["errors.form.googleExpired"]);
    expect(await firebaseUserOf(email)).toBeNull();

    expect((await throughGoogle(jar, email)).headers.get("Location")).toBe("/member/addInfo");
    const kept = (await (await load(addInfoLoader, "/member/addInfo", jar, googleContext)).json()) as {
      nationality: string;
      visa: string;
    };
    expect(kept).toMatchObject({ nationality: "Mongolia", visa: "D-2-2" });
    const done = await step(addInfoAction, "/member/addInfo", jar, { nationality: "Mongolia", visa: "D-2-2" });
    expect(done.headers.get("Location")).toBe("/member/complete");
    expect(await firebaseUserOf(email)).toMatchObject({ displayName: "Expired" });
  });

  it("sends a forged state or a token without the flow's nonce back to the start screen", async () => {
    const jar = new Jar();
    const start = await step(googleAction, "/member/google", jar, { redirectTo: "/" });
    const state = new URL(start.headers.get("Location")!).searchParams.get("state");
    const forged = await load(
      googleCallbackLoader,
      `/member/google/callback?state=${state}x&code=c`,
      jar,
      googleContext,
    );
    expect(forged.headers.get("Location")).toBe("/member/start?google=failed");

    // A token minted for another sign-in (its nonce is not this flow's) is refused, and nobody is signed up.
    const email = newGmail();
    const replayed = await throughGoogle(new Jar(), email, "", { nonce: "someone-elses-nonce" });
    expect(replayed.headers.get("Location")).toBe("/member/start?google=failed");
    expect(await firebaseUserOf(email)).toBeNull();
  });
});

describe("Google sign-in", () => {
  const googleToken = (sub: string, nonce = "n") =>
    JSON.stringify({ sub, email: `g-${sub}@example.com`, email_verified: true, nonce });

  it("signs in a member with a Google identity", async () => {
    const sub = randomUUID().replaceAll("-", "").slice(0, 21);
    const first = await services.identity.admin.toolkit.signInWithGoogle(googleToken(sub), "http://127.0.0.1");
    await createMember(services, {
      uid: first.uid,
      name: "G",
      language: "en",
      phoneNumber: null,
      nationality: "US",
      visa: null,
      visaExpiresOn: null,
      signUpMethod: "google",
      terms: { choices: { service: true, privacy: true, age14: true, marketing: false }, at: Date.now() },
    });
    const result = await signInWithGoogleToken(
      services,
      { idToken: googleToken(sub), rawNonce: "n" },
      "http://127.0.0.1",
    );
    expect(result.outcome).toBe("member");
  });

  it("removes the user Firebase made for a newcomer at once, and names the identity for joining", async () => {
    const sub = randomUUID().replaceAll("-", "").slice(0, 21);
    const token = `e30.${Buffer.from(googleToken(sub)).toString("base64url")}.`;
    expect(await signInWithGoogleToken(services, { idToken: token, rawNonce: "n" }, "http://127.0.0.1")).toEqual({
      outcome: "newcomer",
      identity: { subject: sub, email: `g-${sub}@example.com`, name: "" },
    });
    await expect(services.identity.admin.auth.getUserByEmail(`g-${sub}@example.com`)).rejects.toMatchObject({
      code: "auth/user-not-found",
    });
  });
});
