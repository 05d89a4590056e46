/**
 * My page through its loaders and actions, against the real Auth emulator and a
 * temporary database: each change on both sides (and what happens when either side
 * fails), re-authentication, phone change with a real code, password change and
 * first password, withdrawal, and the bad input the issue lists.
 */
import { createECDH, randomBytes, randomUUID } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, describe, expect, it } from "vitest";
import { readSession } from "~/auth/session.server";
import { readOutbox } from "~/infra/sms/sender.server";
import { formatDate } from "~/lib/format";
import { passportSeenKey } from "~/visa/reminders";
import { action as myPageAction, loader as myPageLoader } from "~/routes/mypage._index";
import { action as addInfoAction } from "~/routes/mypage.addInfo";
import { action as changePwAction } from "~/routes/mypage.changePw";
import { action as phoneCodeAction } from "~/routes/mypage.phone.authNo";
import { action as phoneAction, loader as phoneLoader } from "~/routes/mypage.phone._index";
import { action as secedeAction, loader as secedeLoader } from "~/routes/mypage.secede";
import { action as userInfoAction } from "~/routes/mypage.userInfo";
import { action as visaAction, loader as visaLoader } from "~/routes/mypage.visa.$visa";
import { loader as visaIndexLoader } from "~/routes/mypage.visa._index";
import { action as startAction, loader as startLoader } from "~/routes/member.start";
import { action as signInAction } from "~/routes/member.startId";
import type { Services } from "~/context";
import { Jar, run } from "../support/jar";
import { registerMember, signedInJar } from "../support/members";
import { createTestServices, loadContext } from "../support/services";

const services = createTestServices();
const context = loadContext(services);
afterAll(() => services.cleanup());

const password = "a long enough passphrase";
const DAY = 24 * 60 * 60 * 1000;
const today = formatDate(new Date());
const daysFromToday = (days: number) => formatDate(Date.now() + days * DAY);

type Reply = { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };
type Route = (args: { request: Request; params: Record<string, string>; context: AppLoadContext }) => unknown;

let seq = 0;
const freshPhone = () => `+8210${String(70_000_000 + (Date.now() % 100_000) * 10 + seq++).padStart(8, "0")}`;

/** A member who joined with an ID (e-mail and password), signed in in `jar`. */
async function idMember(profile: Parameters<typeof registerMember>[2] = {}) {
  const email = `my-${randomUUID()}@example.com`;
  const { uid } = await services.identity.admin.toolkit.signUp(email, password);
  await registerMember(services, uid, profile);
  const jar = new Jar();
  const signedIn = await send(signInAction, "/member/startId", jar, { email, password });
  expect(signedIn.status).toBe(302);
  return { uid, email, jar };
}

/** A member who joined by phone (no password), signed in `minutesAgo`. */
async function phoneMember(minutesAgo = 0) {
  const phone = freshPhone();
  const { uid } = await services.identity.admin.auth.createUser({ phoneNumber: phone });
  await registerMember(services, uid, { phoneNumber: phone, signUpMethod: "phone" });
  return { uid, phone, jar: await sessionFor(uid, minutesAgo) };
}

const sessionFor = (uid: string, minutesAgo = 0) => signedInJar(services, uid, Date.now() - minutesAgo * 60_000);

const send = (
  route: Route,
  path: string,
  jar: Jar,
  fields: Record<string, string>,
  params: Record<string, string> = {},
  ctx: AppLoadContext = context,
) =>
  run(() =>
    route({
      request: new Request(`http://x${path}`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { Cookie: jar.header },
      }),
      params,
      context: ctx,
    }),
  ).then((response) => jar.take(response));

const load = (route: Route, path: string, jar: Jar, params: Record<string, string> = {}) =>
  run(() => route({ request: new Request(`http://x${path}`, { headers: { Cookie: jar.header } }), params, context }));

const reply = async (response: Response) => (await response.json()) as Reply;
const profileOf = (uid: string) => services.stores.members.profile(uid);
const accountOf = (uid: string) => services.identity.admin.auth.getUser(uid);

/** The services with one side made to fail. */
function failing(part: "identity" | "database"): AppLoadContext {
  const broken: Services =
    part === "identity"
      ? {
          ...services,
          identity: { ...services.identity, updateUser: async () => ({ ok: false, reason: "unavailable" }) },
        }
      : {
          ...services,
          stores: {
            ...services.stores,
            members: {
              ...services.stores.members,
              update: async () => {
                throw new Error("disk I/O error");
              },
            },
          },
        };
  return { ...context, services: broken };
}

describe("my page", () => {
  it("sends a visitor to sign in and back", async () => {
    const response = await load(myPageLoader, "/mypage", new Jar());
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/member/start?redirectTo=%2Fmypage");
  });

  it("shows the member's summary: visa in their language and in Korean, days left, next reminder", async () => {
    const { jar } = await idMember({ visa: "E-9-1", visaExpiresOn: daysFromToday(100), name: "Nguyen Van A" });
    const data = (await (await load(myPageLoader, "/mypage", jar)).json()) as {
      view: Record<string, unknown> & { visa: { label: string; koreanLabel: string } };
    };
    expect(data.view).toMatchObject({ name: "Nguyen Van A", hasPassword: true, notify: { visa: true } });
    expect(data.view.visa.label).toMatch(/^E-9-1 /);
    expect(data.view.visa.koreanLabel).toMatch(/^E-9-1 .*[가-힣]/);
    expect(data.view.stay).toMatchObject({ daysLeft: 100, state: "extensionOpen" });
    expect(data.view.nextReminder).toMatchObject({ milestone: "oneMonth" });
  });

  it("reads the settings page without a call to Firebase", async () => {
    const { jar } = await idMember({ visa: "F-5" });
    // Every verb of the identity port throws while the page loads (the session was read once already).
    await load(myPageLoader, "/mypage", jar);
    const identity = services.identity as unknown as Record<string, unknown>;
    const verbs = Object.keys(identity).filter((key) => typeof identity[key] === "function");
    const saved = verbs.map((key) => [key, identity[key]] as const);
    for (const key of verbs) {
      identity[key] = () => {
        throw new Error(`Firebase was called: ${key}`);
      };
    }
    let response: Response;
    try {
      response = await load(myPageLoader, "/mypage", jar);
    } finally {
      for (const [key, verb] of saved) identity[key] = verb;
    }
    expect(response.status).toBe(200);
  });

  it("stores the notification choices, unticked boxes as off", async () => {
    const { uid, jar } = await idMember();
    const response = await send(myPageAction, "/mypage", jar, { intent: "notifications", visa: "on" });
    expect(response.status).toBe(200);
    expect((await services.stores.members.settings(uid))?.notify).toEqual({
      visa: true,
      community: false,
      notices: false,
    });
  });
});

describe("member information", () => {
  it("changes the name in the profile and in Firebase Auth together, and the nationality", async () => {
    const { uid, jar } = await idMember();
    const response = await send(userInfoAction, "/mypage/userInfo", jar, {
      name: "Tran  Thi\u202e B",
      nationality: "Nepal",
      uid: "someone-else",
    });
    expect(response.status).toBe(200);
    expect(await profileOf(uid)).toMatchObject({ name: "Tran Thi B", nationality: "NP" });
    expect((await accountOf(uid)).displayName).toBe("Tran Thi B");
  });

  it.each(["identity", "database"] as const)(
    "changes neither side when the %s side fails, and says so",
    async (side) => {
      const { uid, jar } = await idMember({ name: "Before Name" });
      await services.identity.updateUser(uid, { displayName: "Before Name" });
      const response = await send(
        userInfoAction,
        "/mypage/userInfo",
        jar,
        { name: "After Name", nationality: "VN" },
        {},
        failing(side),
      );
      expect(response.status).toBe(503);
      expect((await reply(response)).error?.[""]).toEqual(["errors.form.saveFailed"]);
      expect((await profileOf(uid))?.name).toBe("Before Name");
      expect((await accountOf(uid)).displayName).toBe("Before Name");
    },
  );

  it("refuses a name of 10 000 characters or of control characters, keeping what was typed", async () => {
    const { uid, jar } = await idMember({ name: "Kept Name" });
    // A NUL is text no database keeps: refused as such at its field (decision 0083), the other fields judged too.
    for (const [name, message] of [
      ["x".repeat(10_000), /^errors\.form\.name/],
      ["\u0007\u0000", /^errors\.form\.textCharacters$/],
    ] as const) {
      const response = await send(userInfoAction, "/mypage/userInfo", jar, { name, nationality: "Atlantis" });
      expect(response.status).toBe(400);
      const { error } = await reply(response);
      expect(error?.name?.[0]).toMatch(message);
      expect(error?.nationality).toEqual(["errors.form.unknownCountry"]);
    }
    // No nationality at all: asked to choose one (국적을 선택해 주세요), not told a field is empty.
    const empty = await reply(
      await send(userInfoAction, "/mypage/userInfo", jar, { name: "Kept Name", nationality: "" }),
    );
    expect(empty.error?.nationality).toEqual(["errors.form.nationalityRequired"]);
    expect((await profileOf(uid))?.name).toBe("Kept Name");
  });
});

describe("additional information and visa", () => {
  it("sets, refuses (past, 20 years ahead) and clears the expiry date", async () => {
    const { uid, jar } = await idMember({ visaExpiresOn: null });
    const at = (visaExpiry: string) => send(addInfoAction, "/mypage/addInfo", jar, { nationality: "VN", visaExpiry });
    expect((await reply(await at(daysFromToday(-1)))).error?.visaExpiry).toEqual(["errors.form.expiryPast"]);
    expect((await reply(await at(daysFromToday(20 * 365)))).error?.visaExpiry).toEqual(["errors.form.expiryTooFar"]);
    expect((await reply(await at("2027-02-30"))).error?.visaExpiry).toEqual(["errors.form.invalidDate"]);
    expect((await profileOf(uid))?.visaExpiresOn).toBeNull();
    expect((await at(today)).status).toBe(200);
    expect((await profileOf(uid))?.visaExpiresOn).toBe(today);
    expect((await at("")).status).toBe(200);
    expect((await profileOf(uid))?.visaExpiresOn).toBeNull();
  });

  it("changes the visa through the catalogue; an unknown status is a 404, a closed one cannot be chosen", async () => {
    const { uid, jar } = await idMember({ visa: "E-9-1" });
    const choose = (status: string, fields: Record<string, string>) =>
      send(visaAction, `/mypage/visa/${status}`, jar, fields, { visa: status });
    expect((await load(visaLoader, "/mypage/visa/Z-9", jar, { visa: "Z-9" })).status).toBe(404);
    expect((await choose("Z-9", { visa: "Z-9" })).status).toBe(404);
    expect((await reply(await choose("H-2", { visa: "H-2-1" }))).error?.visa).toEqual(["errors.form.visaClosed"]);
    // A code of another status than the page's is not taken.
    expect((await reply(await choose("F-4", { visa: "E-7-1" }))).error?.visa).toEqual(["errors.form.visaUnknown"]);
    const saved = await choose("F-4", { visa: "F-4-41", visaExpiry: daysFromToday(365) });
    expect(saved.headers.get("Location")).toBe("/mypage/visa?saved=1");
    expect(await profileOf(uid)).toMatchObject({ visa: "F-4-41", visaExpiresOn: daysFromToday(365) });
  });

  it("names a legacy code and offers its current equivalent, which then replaces it", async () => {
    const { uid, jar } = await idMember({ visa: "E-9-6" });
    const data = (await (await load(visaIndexLoader, "/mypage/visa", jar)).json()) as {
      visa: { code: string; status: string; legacy: { currentEquivalent: string | null } | null };
    };
    expect(data.visa).toMatchObject({ code: "E-9-6", status: "E-9" });
    expect(data.visa.legacy).not.toBeNull();
    const equivalent = data.visa.legacy!.currentEquivalent ?? "E-9";
    const response = await send(visaAction, "/mypage/visa/E-9", jar, { visa: equivalent }, { visa: "E-9" });
    expect(response.status).toBe(302);
    expect((await profileOf(uid))?.visa).toBe(equivalent);
  });
});

describe("password", () => {
  it("checks the current password, ends the other sessions and keeps this browser signed in", async () => {
    const { uid, email, jar } = await idMember();
    const other = jar.copy();
    const wrong = await send(changePwAction, "/mypage/changePw", jar, {
      currentPassword: "not the password",
      password: "a brand new passphrase",
      passwordConfirm: "a brand new passphrase",
    });
    expect(wrong.status).toBe(400);
    const refused = await reply(wrong);
    expect(refused.error?.currentPassword).toEqual(["errors.form.wrongPassword"]);
    expect(refused.initialValue).not.toHaveProperty("password");
    expect(refused.initialValue).not.toHaveProperty("currentPassword");

    await new Promise((resolve) => setTimeout(resolve, 5));
    const changed = await send(changePwAction, "/mypage/changePw", jar, {
      currentPassword: password,
      password: "a brand new passphrase",
      passwordConfirm: "a brand new passphrase",
    });
    expect(changed.headers.get("Location")).toBe("/mypage/changePw?done=changed");
    const request = (j: Jar) => new Request("http://x/mypage", { headers: { Cookie: j.header } });
    expect((await readSession(request(jar), services))?.uid).toBe(uid);
    expect(await readSession(request(other), services)).toBeNull();
    expect((await services.identity.signInWithPassword(email, "a brand new passphrase")).ok).toBe(true);
    expect((await services.identity.signInWithPassword(email, password)).ok).toBe(false);
  });

  it("asks for a recent sign-in before a first password is set (there is no current one to confirm with)", async () => {
    const { uid, jar } = await phoneMember(6);
    const response = await send(changePwAction, "/mypage/changePw", jar, {
      email: `late-${randomUUID()}@example.com`,
      password: "my first passphrase",
      passwordConfirm: "my first passphrase",
    });
    expect(response.headers.get("Location")).toBe("/member/start?reauth=1&redirectTo=%2Fmypage%2FchangePw");
    expect((await services.stores.members.settings(uid))?.hasPassword).toBe(false);
    expect((await accountOf(uid)).email).toBeUndefined();
  });

  it("lets a member who joined by phone set a first password with an e-mail as ID", async () => {
    const { uid, jar } = await phoneMember();
    const email = `first-${randomUUID()}@example.com`;
    const response = await send(changePwAction, "/mypage/changePw", jar, {
      email,
      password: "my first passphrase",
      passwordConfirm: "my first passphrase",
    });
    expect(response.headers.get("Location")).toBe("/mypage/changePw?done=set");
    const signedIn = await services.identity.signInWithPassword(email, "my first passphrase");
    expect(signedIn.ok && signedIn.uid).toBe(uid);
    expect((await services.stores.members.settings(uid))?.hasPassword).toBe(true);
  });
});

describe("phone change", () => {
  const codeFor = (e164: string) =>
    /\d{6}/.exec(
      readOutbox(services.dataDir)
        .filter((m) => m.to === e164)
        .at(-1)!.text,
    )![0];
  const local = (e164: string) => `0${e164.slice(3)}`;

  it("asks a member who signed in more than 5 minutes ago to sign in again, and brings them back", async () => {
    const { jar } = await phoneMember(6);
    const response = await load(phoneLoader, "/mypage/phone", jar);
    expect(response.headers.get("Location")).toBe("/member/start?reauth=1&redirectTo=%2Fmypage%2Fphone");
  });

  it("lets a signed-in member sign in again on the start screen when asked to confirm it is them", async () => {
    const { jar } = await phoneMember(6);
    const again = await load(startLoader, "/member/start?reauth=1&redirectTo=%2Fmypage%2Fphone", jar);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ reauth: true, redirectTo: "/mypage/phone" });
    // Without the flag a signed-in member is sent on at once, as before.
    expect((await load(startLoader, "/member/start?redirectTo=%2Fmypage", jar)).headers.get("Location")).toBe(
      "/mypage",
    );
  });

  it("shows the member confirming it is them their own number, masked, and texts the code to it alone", async () => {
    const { phone, jar } = await phoneMember(6);
    const path = "/member/start?reauth=1&redirectTo=%2Fmypage%2Fphone";
    const again = await load(startLoader, path, jar);
    const masked = `${local(phone).slice(0, 3)}-****-${phone.slice(-4)}`;
    expect(await again.json()).toMatchObject({ again: { phone: masked } });
    // A number typed into the form changes nothing: the code goes to the member's own.
    const other = freshPhone();
    const sent = await send(startAction, path, jar, { phone: local(other), redirectTo: "/mypage/phone" });
    expect(sent.headers.get("Location")).toBe("/login/authNo");
    expect(codeFor(phone)).toMatch(/^\d{6}$/);
    expect(readOutbox(services.dataDir).some((m) => m.to === other)).toBe(false);
    // A visitor opening the same address gets the visitor's screen.
    expect(await (await load(startLoader, path, new Jar())).json()).toMatchObject({ again: null });
  });

  it("changes the number on both sides once a code sent to the new number proves it", async () => {
    const { uid, jar } = await phoneMember();
    const next = freshPhone();
    expect((await send(phoneAction, "/mypage/phone", jar, { phone: local(next) })).headers.get("Location")).toBe(
      "/mypage/phone/authNo",
    );
    const done = await send(phoneCodeAction, "/mypage/phone/authNo", jar, { intent: "verify", code: codeFor(next) });
    expect(done.headers.get("Location")).toBe("/mypage/phone?done=1");
    expect((await profileOf(uid))?.phoneNumber).toBe(next);
    expect((await accountOf(uid)).phoneNumber).toBe(next);
  });

  it("refuses the member's own number before texting, and another member's only after the code", async () => {
    const { phone, jar } = await phoneMember();
    const same = await send(phoneAction, "/mypage/phone", jar, { phone: local(phone) });
    expect((await reply(same)).error?.phone).toEqual(["errors.form.sameNumber"]);

    const someoneElse = await phoneMember();
    const sent = await send(phoneAction, "/mypage/phone", jar, { phone: local(someoneElse.phone) });
    expect(sent.status).toBe(302);
    const taken = await send(phoneCodeAction, "/mypage/phone/authNo", jar, {
      intent: "verify",
      code: codeFor(someoneElse.phone),
    });
    expect((await reply(taken)).error?.[""]).toEqual(["errors.form.phoneInUse"]);
    expect((await profileOf(someoneElse.uid))?.phoneNumber).toBe(someoneElse.phone);
  });

  it("does not take a code sent for another number", async () => {
    const { uid, phone, jar } = await phoneMember();
    const [first, second] = [freshPhone(), freshPhone()];
    await send(phoneAction, "/mypage/phone", jar, { phone: local(first) });
    const firstCode = codeFor(first);
    await send(phoneAction, "/mypage/phone", jar, { phone: local(second) });
    const response = await send(phoneCodeAction, "/mypage/phone/authNo", jar, { intent: "verify", code: firstCode });
    expect(response.status).toBe(400);
    expect((await profileOf(uid))?.phoneNumber).toBe(phone);
  });

  it("changes neither side when the database fails before Firebase is asked", async () => {
    const { uid, phone, jar } = await phoneMember();
    const next = freshPhone();
    await send(phoneAction, "/mypage/phone", jar, { phone: local(next) });
    const response = await send(
      phoneCodeAction,
      "/mypage/phone/authNo",
      jar,
      { intent: "verify", code: codeFor(next) },
      {},
      failing("database"),
    );
    expect(response.status).toBe(503);
    expect((await profileOf(uid))?.phoneNumber).toBe(phone);
    expect((await accountOf(uid)).phoneNumber).toBe(phone);
  });

  it("puts the profile's number back when Firebase does not take the new one", async () => {
    const { uid, phone, jar } = await phoneMember();
    const next = freshPhone();
    await send(phoneAction, "/mypage/phone", jar, { phone: local(next) });
    const response = await send(
      phoneCodeAction,
      "/mypage/phone/authNo",
      jar,
      { intent: "verify", code: codeFor(next) },
      {},
      failing("identity"),
    );
    expect(response.status).toBe(503);
    expect((await profileOf(uid))?.phoneNumber).toBe(phone);
    expect((await accountOf(uid)).phoneNumber).toBe(phone);
  });
});

describe("withdrawal", () => {
  it("needs a recent sign-in", async () => {
    const { jar } = await phoneMember(6);
    expect((await load(secedeLoader, "/mypage/secede", jar)).headers.get("Location")).toBe(
      "/member/start?reauth=1&redirectTo=%2Fmypage%2Fsecede",
    );
  });

  it("asks for the confirmation, then deletes everything; the old cookie is refused; the number can join again", async () => {
    const { uid, phone, jar } = await phoneMember();
    const old = jar.copy();
    // What the page lists besides the profile: the passport date, the reminders' settings with their record, the
    // browsers that get pushes, a reminder waiting to be sent, the reminders' bookkeeping.
    const passport = daysFromToday(400);
    expect(await services.stores.members.update(uid, { passportExpiresOn: passport }, Date.now())).toMatchObject({
      ok: true,
    });
    await services.stores.reminders.setChoices(
      uid,
      [
        { kind: "passport", channel: "sms", on: true },
        { kind: "visa", channel: "push", on: true },
      ],
      Date.now(),
      "page",
    );
    await services.stores.reminders.addPushSubscription(
      uid,
      {
        endpoint: `http://127.0.0.1:9/push/${randomUUID()}`,
        p256dh: createECDH("prime256v1").generateKeys().toString("base64url"),
        auth: randomBytes(16).toString("base64url"),
      },
      Date.now(),
    );
    const pending = `passport:${passport}:sixMonths:sms`;
    expect(await services.stores.reminders.claimDelivery(uid, pending, Date.now())).toBe(1);
    await services.stores.notifications.firstSeen(uid, passportSeenKey(passport), today);
    expect((await services.stores.members.profile(uid))?.passportExpiresOn).toBe(passport);
    const missing = await send(secedeAction, "/mypage/secede", jar, { intent: "review", reason: "x" });
    expect((await reply(missing)).error?.understood).toEqual(["errors.form.confirmRequired"]);
    const review = (await (
      await send(secedeAction, "/mypage/secede", jar, {
        intent: "review",
        reason: "moving\u202e home",
        understood: "on",
      })
    ).json()) as { confirmStep?: boolean; reason?: string };
    expect(review).toMatchObject({ confirmStep: true, reason: "moving home" });
    expect(await profileOf(uid)).not.toBeNull();

    const done = await send(secedeAction, "/mypage/secede", jar, {
      intent: "confirm",
      reason: "moving home",
      understood: "on",
    });
    expect(done.headers.get("Location")).toBe("/mypage/secede?bye=1");
    expect(await profileOf(uid)).toBeNull();
    expect(await services.stores.members.terms(uid)).toEqual([]);
    expect((await services.stores.reminders.choices(uid)).filter((c) => c.on)).toEqual([]);
    expect(await services.stores.reminders.history(uid)).toEqual([]);
    expect(await services.stores.reminders.pushSubscriptions(uid)).toEqual([]);
    expect(await services.stores.reminders.delivery(uid, pending)).toBeNull();
    expect(await services.stores.reminders.membersWithChannelsOn(null, 1000)).not.toContain(uid);
    expect(await services.stores.notifications.firstSeen(uid, passportSeenKey(passport), "2099-01-01")).toBe(
      "2099-01-01",
    );
    await expect(accountOf(uid)).rejects.toThrow();
    expect(await readSession(new Request("http://x/", { headers: { Cookie: old.header } }), services)).toBeNull();
    const again = await services.identity.admin.auth.createUser({ phoneNumber: phone });
    await registerMember(services, again.uid, { phoneNumber: phone, signUpMethod: "phone" });
    expect((await profileOf(again.uid))?.phoneNumber).toBe(phone);
  });

  it("refuses a reason over 500 characters, keeping it", async () => {
    const { uid, jar } = await phoneMember();
    const response = await send(secedeAction, "/mypage/secede", jar, {
      intent: "confirm",
      reason: "r".repeat(501),
      understood: "on",
    });
    expect(response.status).toBe(400);
    expect((await reply(response)).error?.reason).toEqual(["errors.form.reasonLength"]);
    expect(await profileOf(uid)).not.toBeNull();
  });
});
