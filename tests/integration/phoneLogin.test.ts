/**
 * Phone sign-in through the routes' loaders and actions: real Auth emulator,
 * temporary database, codes read from the real local outbox.
 */
import { afterAll, describe, expect, it } from "vitest";
import { readSession } from "~/auth/session.server";
import { action as codeAction, loader as codeLoader } from "~/routes/login.authNo";
import { action as phoneAction } from "~/routes/login.login";
import { action as startAction } from "~/routes/member.start";
import { action as signAction } from "~/routes/sign._index";
import { action as nationAction } from "~/routes/sign.choiceNation";
import { readOutbox } from "~/infra/sms/sender.server";
import { Jar, run } from "../support/jar";
import { registerMember } from "../support/members";
import { createTestServices, loadContext } from "../support/services";

const services = createTestServices();
const context = loadContext(services);
afterAll(() => services.cleanup());

let seq = 0;
/** A fresh Korean mobile number, and optionally a member who owns it. */
async function number(withMember = true) {
  const local = `010${String(5550000 + (Date.now() % 1000) * 10 + seq++).padStart(8, "0")}`;
  const e164 = `+82${local.slice(1)}`;
  const uid = withMember ? (await services.identity.admin.auth.createUser({ phoneNumber: e164 })).uid : null;
  if (uid) await registerMember(services, uid, { phoneNumber: e164, signUpMethod: "phone" });
  return { local, e164, uid };
}

const post = (path: string, jar: Jar, fields: Record<string, string>) =>
  new Request(`http://x${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: jar.header },
  });
const sendCode = async (jar: Jar, phone: string, redirectTo = "/shop") =>
  jar.take(
    await run(() => phoneAction({ request: post("/login/login", jar, { phone, redirectTo }), params: {}, context })),
  );
const enter = async (jar: Jar, fields: Record<string, string>) =>
  jar.take(await run(() => codeAction({ request: post("/login/authNo", jar, fields), params: {}, context })));
const codeFor = (e164: string) => /\d{6}/.exec(readOutbox(services.dataDir).find((m) => m.to === e164)!.text)![0];
type Reply = { error: Record<string, string[]>; initialValue: Record<string, string> };

describe("phone sign-in", () => {
  it("texts a code, and the right code signs the member in where they were going", async () => {
    const { local, e164, uid } = await number();
    const jar = new Jar();
    const sent = await sendCode(jar, local.replace(/(\d{3})(\d{4})(\d{4})/, "$1-$2-$3"));
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe("/login/authNo");
    const page = (await (
      await run(() =>
        codeLoader({
          request: new Request("http://x/login/authNo", { headers: { Cookie: jar.header } }),
          params: {},
          context,
        }),
      )
    ).json()) as { phone: string };
    // As Koreans write it, the middle hidden.
    expect(page.phone).toMatch(/^010-\*{4}-\d{4}$/);
    expect(readOutbox(services.dataDir)[0]!.text).toMatch(/\d{6}/);

    const signedIn = await enter(jar, { code: codeFor(e164) });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/shop");
    const session = await readSession(new Request("http://x/", { headers: { Cookie: jar.header } }), services);
    expect(session?.uid).toBe(uid);
    expect(jar.cookies.has("__login_flow")).toBe(false);
  });

  it("explains wrong, malformed and reused codes", async () => {
    const { local, e164 } = await number();
    const jar = new Jar();
    await sendCode(jar, local);
    const right = codeFor(e164);
    const wrong = right === "000000" ? "111111" : "000000";
    expect(((await (await enter(jar, { code: wrong })).json()) as Reply).error[""]).toEqual([
      'errors.form.wrongCode::{"count":4}',
    ]);
    const letters = (await (await enter(jar, { code: "12ab56" })).json()) as Reply;
    expect(letters.error.code).toEqual(["errors.form.codeFormat"]);
    expect(letters.initialValue.code).toBe("12ab56");
    expect((await enter(jar, { code: right })).status).toBe(302);
  });

  it("sends anyone who jumps ahead back to the first step", async () => {
    const response = await run(() =>
      codeLoader({ request: new Request("http://x/login/authNo"), params: {}, context }),
    );
    expect(response.headers.get("Location")).toBe("/login/login");
  });

  it("does not accept the flow or the code in another browser", async () => {
    const { local, e164, uid } = await number();
    const jar = new Jar();
    await sendCode(jar, local);
    // The flow's cookie alone, copied to another browser, finds no flow there.
    const stranger = new Jar();
    stranger.cookies.set("__login_flow", jar.cookies.get("__login_flow")!);
    const refused = await enter(stranger, { code: codeFor(e164) });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/login/login");
    expect(refused.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(false);
    // With the other browser's id too, the code (bound to the browser that asked) is refused.
    const elsewhere = new Jar();
    await sendCode(elsewhere, (await number(false)).local);
    stranger.cookies.set("__bid", elsewhere.cookies.get("__bid")!);
    const wrongBrowser = await enter(stranger, { code: codeFor(e164) });
    expect(wrongBrowser.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(false);
    // The member's own browser still signs in with it.
    const signedIn = await enter(jar, { code: codeFor(e164) });
    expect(signedIn.headers.get("Location")).toBe("/shop");
    expect((await readSession(new Request("http://x/", { headers: { Cookie: jar.header } }), services))?.uid).toBe(uid);
  });

  it("offers joining with a number that has no account only after the code proved the phone, once", async () => {
    const { local, e164 } = await number(false);
    const jar = new Jar();
    expect((await sendCode(jar, local)).status).toBe(302);
    // Before the code: joining with the number is refused.
    const early = await enter(jar, { intent: "join" });
    expect(((await early.json()) as Reply).error[""]).toEqual(["errors.form.codeFirst"]);

    const proved = await enter(jar, { code: codeFor(e164) });
    expect(proved.status).toBe(302);
    expect(proved.headers.get("Location")).toBe("/login/authNo");
    const page = (await (
      await run(() =>
        codeLoader({
          request: new Request("http://x/login/authNo", { headers: { Cookie: jar.header } }),
          params: {},
          context,
        }),
      )
    ).json()) as { canJoin: boolean; times: unknown };
    expect(page).toMatchObject({ canJoin: true, times: null });
    expect(await readSession(new Request("http://x/", { headers: { Cookie: jar.header } }), services)).toBeNull();

    // A copy of the browser's cookies taken now cannot join a second time after the first.
    const copy = jar.copy();
    const joined = await enter(jar, { intent: "join" });
    expect(joined.status).toBe(302);
    expect(joined.headers.get("Location")).toBe("/sign");
    expect(jar.cookies.has("__signup")).toBe(true);
    const again = await enter(copy, { intent: "join" });
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe("/login/login");
  });

  it("refuses malformed and landline numbers, keeping what was typed", async () => {
    for (const [input, message] of [
      ["010-12", "errors.form.invalidPhone"],
      ["abc", "errors.form.invalidPhone"],
      ["02-2100-2114", "errors.form.notMobile"],
    ]) {
      const response = await sendCode(new Jar(), input!);
      expect(response.status).toBe(400);
      const reply = (await response.json()) as Reply;
      expect(reply.error.phone).toEqual([message]);
      expect(reply.initialValue.phone).toBe(input);
    }
  });

  it("starts from the start screen itself: its number field texts the code and goes on to the code screen", async () => {
    const { local, e164, uid } = await number();
    const jar = new Jar();
    const sent = jar.take(
      await run(() =>
        startAction({
          request: post("/member/start", jar, { phone: local, redirectTo: "/shop" }),
          params: {},
          context,
        }),
      ),
    );
    expect(sent.headers.get("Location")).toBe("/login/authNo");
    const signedIn = await enter(jar, { code: codeFor(e164) });
    expect(signedIn.headers.get("Location")).toBe("/shop");
    expect((await readSession(new Request("http://x/", { headers: { Cookie: jar.header } }), services))?.uid).toBe(uid);
  });

  it("reads a number in the country chosen beside it, and refuses one of a country it does not text, keeping both", async () => {
    const jar = new Jar();
    const vietnamese = jar.take(
      await run(() =>
        startAction({
          request: post("/member/start", jar, { phone: "090 123 4567", country: "VN" }),
          params: {},
          context,
        }),
      ),
    );
    expect(vietnamese.headers.get("Location")).toBe("/login/authNo");
    expect(readOutbox(services.dataDir).some((m) => m.to === "+84901234567")).toBe(true);

    const british = await run(() =>
      startAction({
        request: post("/member/start", new Jar(), { phone: "+44 7911 123456", country: "KR" }),
        params: {},
        context,
      }),
    );
    expect(british.status).toBe(400);
    const reply = (await british.json()) as Reply;
    expect(reply.error.phone).toEqual(['errors.form.smsCountry::{"code":"+44"}']);
    expect(reply.initialValue).toMatchObject({ phone: "+44 7911 123456", country: "KR" });
    expect(readOutbox(services.dataDir).some((m) => m.to === "+447911123456")).toBe(false);
  });

  it("takes a new number from the start screen to a signed-in member with one text", async () => {
    const { local, e164 } = await number(false);
    const jar = new Jar();
    const step = async (action: typeof startAction, path: string, fields: Record<string, string>) =>
      jar.take(await run(() => action({ request: post(path, jar, fields), params: {}, context })));
    expect((await step(startAction, "/member/start", { phone: local })).headers.get("Location")).toBe("/login/authNo");
    expect((await enter(jar, { code: codeFor(e164) })).headers.get("Location")).toBe("/login/authNo");
    expect((await enter(jar, { intent: "join" })).headers.get("Location")).toBe("/sign");
    // The number is proven: the first join step asks for the terms only.
    expect((await step(signAction, "/sign?index", { agreeAll: "on" })).headers.get("Location")).toBe(
      "/sign/choiceNation",
    );
    const done = await step(nationAction, "/sign/choiceNation", {
      name: "Nguyen Van A",
      nationality: "Vietnam",
      visa: "E-9",
    });
    expect(done.headers.get("Location")).toBe("/sign/signUpComplete");
    const member = await readSession(new Request("http://x/", { headers: { Cookie: jar.header } }), services);
    expect(member?.phoneNumber).toBe(e164);
    expect(readOutbox(services.dataDir).filter((m) => m.to === e164)).toHaveLength(1);
  });

  it("makes the member wait before a new code", async () => {
    const { local } = await number();
    const jar = new Jar();
    await sendCode(jar, local);
    const resend = await enter(jar, { intent: "resend" });
    expect(resend.status).toBe(429);
    expect(((await resend.json()) as Reply).error[""]![0]).toMatch(/^errors\.form\.resendWait::\{"seconds":\d+\}$/);
  });
});
