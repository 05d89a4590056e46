/**
 * Password recovery as an attacker would try it: the grant a code earns is single
 * use, expires on the server, works only in the browser that earned it and is
 * spent by the step that sets the password; the answers do not tell members from
 * strangers; the cookies carry nothing personal. Real Auth emulator, temporary
 * database, codes from the real outbox.
 */
import { randomUUID } from "node:crypto";
import type { CodeTimes } from "~/verification/codes.server";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { action as findPwAction, loader as findPwLoader } from "~/routes/member.findPw";
import { action as resetAction, loader as resetLoader } from "~/routes/member.resetPw";
import { readOutbox } from "~/infra/sms/sender.server";
import { get, Jar, post } from "../support/jar";
import { registerMember } from "../support/members";
import { createTestServices, loadContext } from "../support/services";

const services = createTestServices();
const context = loadContext(services);
afterAll(() => services.cleanup());
afterEach(() => vi.useRealTimers());

type Reply = { error: Record<string, string[] | null> };
/** A grant lives ten minutes: written here rather than imported, so a change to it in the code fails this file. */
const RECOVERY_TTL_MS = 10 * 60_000;
const password = "a sentence about Jeju rain";
let seq = 0;

async function member() {
  const email = `recover-${randomUUID()}@example.com`;
  const e164 = `+82107${String((Date.now() % 100_000) * 10 + (seq++ % 10)).padStart(7, "0")}`;
  const { uid } = await services.identity.admin.auth.createUser({ email, password, phoneNumber: e164 });
  await registerMember(services, uid, { phoneNumber: e164 });
  return { email, e164, uid };
}
const codeFor = (e164: string) =>
  /\d{6}/.exec(
    readOutbox(services.dataDir)
      .filter((m) => m.to === e164)
      .at(0)!.text,
  )![0];
const find = (jar: Jar, fields: Record<string, string>) => post(findPwAction, "/member/findPw", jar, fields, context);
const reset = (jar: Jar, newPassword: string) =>
  post(resetAction, "/member/resetPw", jar, { password: newPassword, passwordConfirm: newPassword }, context);
const signsIn = (email: string, pw: string) =>
  services.identity.admin.toolkit.signInWithPassword(email, pw).then(
    () => true,
    () => false,
  );

/** A browser that proved the member's phone: it holds a recovery grant. */
async function granted(email: string, e164: string) {
  const jar = new Jar();
  expect((await find(jar, { intent: "send", email })).headers.get("Location")).toBe("/member/findPw");
  const verified = await find(jar, { intent: "verify", code: codeFor(e164) });
  expect(verified.headers.get("Location")).toBe("/member/resetPw");
  return jar;
}

describe("a recovery grant", () => {
  it("is spent by the password change: replaying it afterwards changes nothing", async () => {
    const { email, e164 } = await member();
    const jar = await granted(email, e164);
    const replay = jar.copy();
    expect((await reset(jar, "first new password here")).headers.get("Location")).toBe("/member/startId?reset=1");

    expect((await get(resetLoader, "/member/resetPw", replay, context)).headers.get("Location")).toBe("/member/findPw");
    const again = await reset(replay, "attacker chosen password");
    expect(again.headers.get("Location")).toBe("/member/findPw");
    expect(await signsIn(email, "attacker chosen password")).toBe(false);
    expect(await signsIn(email, "first new password here")).toBe(true);
  });

  it("can be spent once when two changes race", async () => {
    const { email, e164 } = await member();
    const jar = await granted(email, e164);
    const [a, b] = await Promise.all([
      reset(jar.copy(), "racing password one"),
      reset(jar.copy(), "racing password two"),
    ]);
    const locations = [a, b].map((r) => r.headers.get("Location")).sort();
    expect(locations).toEqual(["/member/findPw", "/member/startId?reset=1"]);
    expect([await signsIn(email, "racing password one"), await signsIn(email, "racing password two")]).toContain(false);
  });

  it("expires on the server after its stated lifetime, whatever the browser keeps", async () => {
    const { email, e164 } = await member();
    const jar = await granted(email, e164);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + RECOVERY_TTL_MS + 1000);
    expect((await get(resetLoader, "/member/resetPw", jar, context)).headers.get("Location")).toBe("/member/findPw");
    expect((await reset(jar, "too late password")).headers.get("Location")).toBe("/member/findPw");
    vi.useRealTimers();
    expect(await signsIn(email, "too late password")).toBe(false);
  });

  it("is not made to last longer by refusals that give it back", async () => {
    const { email, e164 } = await member();
    const jar = await granted(email, e164);
    const earned = Date.now();
    vi.useFakeTimers({ toFake: ["Date"] });
    // Just before its end, a refused reset (the password is the ID) gives the grant back…
    vi.setSystemTime(earned + RECOVERY_TTL_MS - 5000);
    expect(((await (await reset(jar, email)).json()) as Reply).error.password).toEqual(["errors.form.passwordLikeId"]);
    // …but only until its first lifetime ends.
    vi.setSystemTime(earned + RECOVERY_TTL_MS + 1000);
    expect((await reset(jar, "a password set too late")).headers.get("Location")).toBe("/member/findPw");
    vi.useRealTimers();
    expect(await signsIn(email, "a password set too late")).toBe(false);
  });

  it("works only in the browser that earned it", async () => {
    const { email, e164 } = await member();
    const jar = await granted(email, e164);
    const grantCookie = jar.cookies.get("__recovery_flow")!;
    // The grant's cookie alone, in a browser without an id…
    const bare = new Jar();
    bare.cookies.set("__recovery_flow", grantCookie);
    expect((await reset(bare, "stolen cookie password")).headers.get("Location")).toBe("/member/findPw");
    // …and in a browser with an id of its own.
    const other = new Jar();
    await find(other, { intent: "send", email: `nobody-${randomUUID()}@example.com` });
    other.cookies.set("__recovery_flow", grantCookie);
    expect((await reset(other, "stolen cookie password")).headers.get("Location")).toBe("/member/findPw");
    expect(await signsIn(email, "stolen cookie password")).toBe(false);
    // The member's own browser still has it.
    expect((await reset(jar, "the member's own choice")).headers.get("Location")).toBe("/member/startId?reset=1");
  });

  it("is not spent by a mistake the member can correct, nor by a refusal of ours", async () => {
    const { email, e164 } = await member();
    const jar = await granted(email, e164);
    const mismatch = await post(
      resetAction,
      "/member/resetPw",
      jar,
      { password: "one new password", passwordConfirm: "another one" },
      context,
    );
    expect(((await mismatch.json()) as Reply).error.passwordConfirm).toEqual(["errors.form.passwordMismatch"]);
    const likeId = await reset(jar, email);
    expect(((await likeId.json()) as Reply).error.password).toEqual(["errors.form.passwordLikeId"]);
    expect((await reset(jar, "finally a good one")).headers.get("Location")).toBe("/member/startId?reset=1");
    expect(await signsIn(email, "finally a good one")).toBe(true);
  });
});

/** A code screen's times as seconds left, the form in which two answers a moment apart can be compared. */
const clockOf = (times: CodeTimes) => ({
  secondsLeft: Math.round((times.expiresAt - times.now) / 1000),
  resendInSeconds: Math.round((times.resendAt - times.now) / 1000),
  expired: times.expired,
});

describe("recovery answers", () => {
  it("are the same for a member's ID, an unknown ID and an ID without a member", async () => {
    const known = await member();
    const bare = `bare-${randomUUID()}@example.com`;
    await services.identity.admin.auth.createUser({ email: bare, password });
    const outboxBefore = readOutbox(services.dataDir, 10_000).length;

    const answers = [];
    for (const email of [known.email, `nobody-${randomUUID()}@example.com`, bare]) {
      const jar = new Jar();
      const sent = await find(jar, { intent: "send", email });
      const page = (await (await get(findPwLoader, "/member/findPw", jar, context)).json()) as Record<string, unknown>;
      const wrong = (await (await find(jar, { intent: "verify", code: "000001" })).json()) as Reply;
      answers.push({
        status: sent.status,
        location: sent.headers.get("Location"),
        cookies: [...jar.cookies.keys()].sort(),
        // The code's clock is read at different instants: compared as what the page counts down from.
        page: { ...page, email: page.email === email, times: clockOf(page.times as CodeTimes) },
        wrong: wrong.error[""],
      });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    // Only the member's phone got a text.
    const texts = readOutbox(services.dataDir, 10_000).slice(
      0,
      readOutbox(services.dataDir, 10_000).length - outboxBefore,
    );
    expect(texts.map((m) => m.to)).toEqual([known.e164]);
  });

  it("lock a made-up flow after five wrong codes, as a real code locks", async () => {
    const jar = new Jar();
    await find(jar, { intent: "send", email: `nobody-${randomUUID()}@example.com` });
    const errors = [];
    for (let i = 0; i < 6; i++)
      errors.push(((await (await find(jar, { intent: "verify", code: "123456" })).json()) as Reply).error[""]);
    expect(errors.slice(0, 4)).toEqual([4, 3, 2, 1].map((count) => [`errors.form.wrongCode::{"count":${count}}`]));
    expect(errors[4]).toEqual(["errors.form.codeLocked"]);
    expect(errors[5]).toEqual(["errors.form.codeLocked"]);
  });
});

describe("recovery cookies", () => {
  it("carry no phone number, uid or ID, at any step", async () => {
    const { email, e164, uid } = await member();
    const jar = new Jar();
    const seen: string[] = [];
    const remember = (r: Response) => (seen.push(...r.headers.getSetCookie()), r);
    remember(await find(jar, { intent: "send", email }));
    remember(await find(jar, { intent: "verify", code: codeFor(e164) }));
    const decoded = seen.map((c) => {
      const value = decodeURIComponent(c.split(";")[0]!.split("=").slice(1).join("="));
      return `${value} ${Buffer.from(value, "base64").toString("utf8")}`;
    });
    expect(decoded.length).toBeGreaterThan(0);
    for (const text of decoded) {
      for (const secret of [e164, e164.slice(3), uid, email]) expect(text).not.toContain(secret);
    }
  });
});
