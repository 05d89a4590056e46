/**
 * Both sign-up flows, recovery and Google sign-in through the routes' loaders and
 * actions, against the real Auth emulator and a temporary database; codes come
 * from the real local outbox.
 */
import { randomUUID } from "node:crypto";
import type { ActionFunctionArgs } from "@remix-run/node";
import { afterAll, describe, expect, it } from "vitest";
import { signInWithGoogleToken } from "~/auth/google.server";
import { readSession } from "~/auth/session.server";
import { memberProfile, termsRecord, insertMember } from "~/members/members.server";
import { action as accountAction } from "~/routes/member.accountInfo";
import { action as addInfoAction, loader as addInfoLoader } from "~/routes/member.addInfo";
import { action as agreeAction } from "~/routes/member.agree";
import { action as findPwAction } from "~/routes/member.findPw";
import { action as resetAction, loader as resetLoader } from "~/routes/member.resetPw";
import { action as userInfoAction } from "~/routes/member.userInfo";
import { action as signAction } from "~/routes/sign._index";
import { action as signCodeAction } from "~/routes/sign.authNo";
import { action as nameAction } from "~/routes/sign.inputName";
import { action as nationAction } from "~/routes/sign.choiceNation";
import { createAccount } from "~/signup/createAccount.server";
import { DRAFT_TTL_MS, sealPassword, signupDrafts } from "~/signup/draft.server";
import { termsDocuments } from "~/signup/terms";
import { readOutbox } from "~/sms/sender.server";
import { Jar, run } from "../support/jar";
import { createTestServices, loadContext } from "../support/services";

const services = createTestServices();
const context = loadContext(services);
afterAll(() => services.cleanup());

type Action = (args: ActionFunctionArgs) => unknown;
type Reply = { error: Record<string, string[] | null>; initialValue?: Record<string, unknown> };

const submit = (action: Action, path: string, jar: Jar, fields: Record<string, string>) =>
  run(() =>
    action({
      request: new Request(`http://x${path}`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { Cookie: jar.header },
      }),
      params: {},
      context,
    }),
  ).then((response) => jar.take(response));
const load = (loader: Action, path: string, jar: Jar) =>
  run(() =>
    loader({ request: new Request(`http://x${path}`, { headers: { Cookie: jar.header } }), params: {}, context }),
  );

let seq = 0;
const freshNumber = () => {
  const local = `0106${String((Date.now() % 100_000) * 10 + (seq++ % 10)).padStart(7, "0")}`;
  return { local, e164: `+82${local.slice(1)}` };
};
const codeFor = (e164: string) =>
  /\d{6}/.exec(
    readOutbox(services.dataDir)
      .filter((m) => m.to === e164)
      .at(-1)!.text,
  )![0];
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
    expect(memberProfile(services.db, member!.uid)).toMatchObject({
      name: "Tran Thi B",
      nationality: "VN",
      visa: "D-2-2",
      visaExpiresOn: "2027-02-28",
      phoneNumber: e164,
    });
    const record = termsRecord(services.db, member!.uid);
    expect(record.map((r) => [r.document, r.version, r.agreed])).toEqual(
      termsDocuments.map((d) => [d.id, d.version, d.id !== "marketing"]).sort(),
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
    await services.identity.auth.createUser({ email, password });
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
    await services.identity.auth.createUser({ phoneNumber: e164 });
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

  it("sends a jump ahead, and an expired draft, to the first unfinished step", async () => {
    const jar = new Jar();
    expect((await load(addInfoLoader, "/member/addInfo", jar)).headers.get("Location")).toBe("/member/agree");
    await submit(agreeAction, "/member/agree", jar, { agreeAll: "on" });
    expect((await load(addInfoLoader, "/member/addInfo", jar)).headers.get("Location")).toBe("/member/accountInfo");
    const request = new Request("http://x/", { headers: { Cookie: jar.header } });
    const drafts = signupDrafts(services);
    expect(await drafts.read(request, "id")).not.toBeNull();
    expect(await drafts.read(request, "id", Date.now() + DRAFT_TTL_MS + 1)).toBeNull();
  });
});

describe("no half-made accounts", () => {
  it("deletes the Firebase user again when the profile cannot be stored", async () => {
    const broken = createTestServices();
    try {
      broken.db.exec("DROP TABLE terms_agreements");
      const email = newEmail();
      const result = await createAccount(
        broken,
        {
          kind: "id",
          terms: { choices: { service: true, privacy: true, age14: true, marketing: false }, at: Date.now() },
          email,
          sealedPassword: sealPassword(broken.sessionSecret, password),
          name: "Half Made",
          phone: freshNumber().e164,
          nationality: "PH",
          visa: "E-9-1",
        },
        "en",
      );
      expect(result).toEqual({ ok: false, problem: "unavailable" });
      await expect(broken.identity.auth.getUserByEmail(email)).rejects.toMatchObject({ code: "auth/user-not-found" });
      expect(broken.db.prepare("SELECT count(*) AS n FROM members").get()).toEqual({ n: 0 });
    } finally {
      await broken.cleanup();
    }
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
      "/sign/inputName",
    );
    await submit(nameAction, "/sign/inputName", jar, { name: "Aibek" });
    const done = await submit(nationAction, "/sign/choiceNation?lng=ky", jar, { nationality: "Кыргызстан" });
    expect(done.headers.get("Location")).toBe("/sign/signUpComplete");
    const member = await readSession(new Request("http://x/", { headers: { Cookie: jar.header } }), services);
    expect(member?.phoneNumber).toBe(e164);
    expect(memberProfile(services.db, member!.uid)).toMatchObject({ name: "Aibek", nationality: "KG" });
  });
});

describe("password recovery", () => {
  it("proves the phone, sets the new password and ends every other session", async () => {
    const email = newEmail();
    const { e164 } = freshNumber();
    await services.identity.auth.createUser({ email, password, phoneNumber: e164 });
    const old = new Jar();
    const { startSession } = await import("~/auth/session.server");
    const tokens = await services.identity.toolkit.signInWithPassword(email, password);
    old.take(
      new Response(null, {
        headers: { "Set-Cookie": await startSession(services, tokens.idToken, Date.now() - 1000) },
      }),
    );
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
    await expect(services.identity.toolkit.signInWithPassword(email, password)).rejects.toThrow();
    expect((await services.identity.toolkit.signInWithPassword(email, newPassword)).email).toBe(email);
  });
});

describe("Google sign-in", () => {
  const googleToken = (sub: string, nonce = "n") =>
    JSON.stringify({ sub, email: `g-${sub}@example.com`, email_verified: true, nonce });

  it("signs in a member with a Google identity", async () => {
    const sub = randomUUID().replaceAll("-", "").slice(0, 21);
    const first = await services.identity.toolkit.signInWithGoogle(googleToken(sub), "http://127.0.0.1");
    insertMember(services.db, {
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
    const result = await signInWithGoogleToken(services, googleToken(sub), "http://127.0.0.1");
    expect(result.ok).toBe(true);
  });

  it("leaves no user behind for a Google identity without an account", async () => {
    const sub = randomUUID().replaceAll("-", "").slice(0, 21);
    expect(await signInWithGoogleToken(services, googleToken(sub), "http://127.0.0.1")).toEqual({
      ok: false,
      reason: "noAccount",
    });
    await expect(services.identity.auth.getUserByEmail(`g-${sub}@example.com`)).rejects.toMatchObject({
      code: "auth/user-not-found",
    });
  });
});
