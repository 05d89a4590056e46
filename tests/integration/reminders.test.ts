/**
 * The reminders' pages through their loaders and actions (issue 42), as a browser without JavaScript sends them,
 * against the real Auth emulator and a temporary database: /mypage/reminders saves each kind's channels with
 * their evidence (texts only with a number), refuses a bad push subscription with its message and stores none,
 * keeps and removes a good one; /push/vapidPublicKey answers the key; the opt-out link works signed out, once,
 * in the member's language, and a forged or expired one does nothing.
 */
import { createECDH, randomBytes, randomUUID } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, describe, expect, it } from "vitest";
import { action as remindersAction, loader as remindersLoader } from "~/routes/mypage.reminders";
import { action as stopAction, loader as stopLoader } from "~/routes/reminders.stop";
import { loader as vapidLoader } from "~/routes/push.vapidPublicKey";
import { stopToken, STOP_TOKEN_DAYS } from "~/visa/reminderStop.server";
import { Jar, run } from "../support/jar";
import { registerMember, signedInJar } from "../support/members";
import { createTestServices, loadContext } from "../support/services";

const services = createTestServices();
const context = loadContext(services);
afterAll(() => services.cleanup());

type Route = (args: { request: Request; params: Record<string, string>; context: AppLoadContext }) => unknown;
type Reply = { status?: string; saved?: true; error?: Record<string, string[] | null> };

let seq = 0;
const freshPhone = () => `+8210${String(60_000_000 + (Date.now() % 100_000) * 10 + seq++).padStart(8, "0")}`;

async function member(profile: Parameters<typeof registerMember>[2] = {}) {
  const { uid } = await services.identity.admin.auth.createUser({ email: `rem-${randomUUID()}@example.com` });
  await registerMember(services, uid, profile);
  return { uid, jar: await signedInJar(services, uid) };
}

const post = (route: Route, path: string, jar: Jar, fields: Array<[string, string]>) =>
  run(() =>
    route({
      request: new Request(`http://x${path}`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { Cookie: jar.header, "Content-Type": "application/x-www-form-urlencoded" },
      }),
      params: {},
      context,
    }),
  );

const get = (route: Route, path: string, jar = new Jar()) =>
  run(() =>
    route({ request: new Request(`http://x${path}`, { headers: { Cookie: jar.header } }), params: {}, context }),
  );

const formError = (reply: Reply) => reply.error?.[""]?.[0];

/** A subscription as a browser makes it (a P-256 point and a 16-byte secret), for `endpoint`. */
function subscription(endpoint: string, keys: { p256dh?: string; auth?: string } = {}) {
  const ecdh = createECDH("prime256v1");
  return JSON.stringify({
    endpoint,
    keys: {
      p256dh: keys.p256dh ?? ecdh.generateKeys().toString("base64url"),
      auth: keys.auth ?? randomBytes(16).toString("base64url"),
    },
  });
}

describe("/mypage/reminders", () => {
  it("sends a visitor to sign in", async () => {
    const response = await get(remindersLoader, "/mypage/reminders");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/member/start?redirectTo=%2Fmypage%2Freminders");
  });

  it("shows everything off at first, and says there is no number to text", async () => {
    const { jar } = await member();
    const view = (await (await get(remindersLoader, "/mypage/reminders", jar)).json()) as {
      choices: Record<string, Record<string, boolean>>;
      hasPhone: boolean;
      pushOn: boolean;
      devices: unknown[];
    };
    expect(view.choices).toEqual({
      visa: { push: false, sms: false },
      passport: { push: false, sms: false },
      appointment: { push: false, sms: false },
    });
    expect(view).toMatchObject({ hasPhone: false, pushOn: true, devices: [] });
  });

  it("saves the ticked channels, each change with its time and source, and unticked ones off", async () => {
    const { uid, jar } = await member({ phoneNumber: freshPhone() });
    const before = Date.now();
    const first = await post(remindersAction, "/mypage/reminders", jar, [
      ["intent", "save"],
      ["visa.push", "on"],
      ["visa.sms", "on"],
      ["passport.sms", "on"],
    ]);
    expect(first.status).toBe(200);
    expect(((await first.json()) as Reply).saved).toBe(true);
    const on = (await services.stores.reminders.choices(uid)).filter((c) => c.on).map((c) => `${c.kind}.${c.channel}`);
    expect(on.sort()).toEqual(["passport.sms", "visa.push", "visa.sms"]);

    const second = await post(remindersAction, "/mypage/reminders", jar, [
      ["intent", "save"],
      ["visa.sms", "on"],
    ]);
    expect(second.status).toBe(200);
    const history = await services.stores.reminders.history(uid);
    const said = (h: { kind: string; channel: string; on: boolean }) => `${h.kind}.${h.channel}=${h.on}`;
    expect(history.slice(0, 3).map(said).sort()).toEqual(["passport.sms=true", "visa.push=true", "visa.sms=true"]);
    expect(history).toHaveLength(5);
    expect(history.every((h) => h.source === "page" && h.at >= before && h.at <= Date.now())).toBe(true);
    expect(history.slice(3).map(said).sort()).toEqual(["passport.sms=false", "visa.push=false"]);
  });

  it("refuses texts without a number, with its message, and keeps nothing", async () => {
    const { uid, jar } = await member();
    const response = await post(remindersAction, "/mypage/reminders", jar, [
      ["intent", "save"],
      ["visa.sms", "on"],
      ["visa.push", "on"],
    ]);
    expect(response.status).toBe(400);
    expect(formError((await response.json()) as Reply)).toBe("errors.form.smsNeedsPhone");
    expect(await services.stores.reminders.history(uid)).toEqual([]);
  });

  it.each([
    ["not JSON", "{endpoint", "errors.form.subscriptionMalformed"],
    ["huge", subscription(`http://127.0.0.1:9/${"a".repeat(3000)}`), "errors.form.subscriptionMalformed"],
    ["no endpoint", JSON.stringify({ keys: {} }), "errors.form.subscriptionMalformed"],
    ["an endpoint off the allow-list", subscription("https://push.evil.example/x"), "errors.form.subscriptionEndpoint"],
    [
      "a plain-http endpoint elsewhere",
      subscription("http://fcm.googleapis.com/x"),
      "errors.form.subscriptionEndpoint",
    ],
    [
      "a p256dh of the wrong length",
      subscription("http://127.0.0.1:9/x", { p256dh: randomBytes(33).toString("base64url") }),
      "errors.form.subscriptionKeys",
    ],
    [
      "an auth of the wrong length",
      subscription("http://127.0.0.1:9/x", { auth: randomBytes(8).toString("base64url") }),
      "errors.form.subscriptionKeys",
    ],
  ])("refuses a subscription that is %s, and stores nothing", async (_what, text, message) => {
    const { uid, jar } = await member();
    const response = await post(remindersAction, "/mypage/reminders", jar, [
      ["intent", "subscribePush"],
      ["subscription", text],
    ]);
    expect(response.status).toBe(400);
    expect(formError((await response.json()) as Reply)).toBe(message);
    expect(await services.stores.reminders.pushSubscriptions(uid)).toEqual([]);
  });

  it("keeps a good subscription (several devices), lists it, and removes it by its endpoint", async () => {
    const { uid, jar } = await member();
    for (const device of ["a", "b"]) {
      const response = await post(remindersAction, "/mypage/reminders", jar, [
        ["intent", "subscribePush"],
        ["subscription", subscription(`http://127.0.0.1:9/push/${device}`)],
      ]);
      expect(response.status).toBe(200);
    }
    const view = (await (await get(remindersLoader, "/mypage/reminders", jar)).json()) as {
      devices: Array<{ endpoint: string; service: string }>;
    };
    expect(view.devices.map((d) => d.endpoint).sort()).toEqual([
      "http://127.0.0.1:9/push/a",
      "http://127.0.0.1:9/push/b",
    ]);
    const removed = await post(remindersAction, "/mypage/reminders", jar, [
      ["intent", "unsubscribePush"],
      ["endpoint", "http://127.0.0.1:9/push/a"],
    ]);
    expect(removed.status).toBe(200);
    expect((await services.stores.reminders.pushSubscriptions(uid)).map((s) => s.endpoint)).toEqual([
      "http://127.0.0.1:9/push/b",
    ]);
  });
});

describe("/push/vapidPublicKey", () => {
  it("answers the public key as text: a 65-byte P-256 point, the one the sender signs with", async () => {
    const response = await get(vapidLoader, "/push/vapidPublicKey");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
    const key = await response.text();
    expect(key).toBe(services.vapid?.publicKey);
    const bytes = Buffer.from(key, "base64url");
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(0x04);
  });

  it("answers 404 when push is off", async () => {
    const off = { ...context, services: { ...services, vapid: null } };
    const response = await run(() =>
      vapidLoader({ request: new Request("http://x/push/vapidPublicKey"), params: {}, context: off }),
    );
    expect(response.status).toBe(404);
  });
});

describe("/reminders/stop", () => {
  const DAY = 24 * 60 * 60 * 1000;

  async function optedIn(language = "ko") {
    const { uid } = await member({ language, phoneNumber: freshPhone() });
    await services.stores.reminders.setChoices(
      uid,
      [{ kind: "visa", channel: "sms", on: true }],
      Date.now() - DAY,
      "page",
    );
    const token = stopToken(services.sessionSecret, { uid, kind: "visa", channel: "sms", issuedAt: Date.now() });
    return { uid, token };
  }

  const smsOn = async (uid: string) =>
    (await services.stores.reminders.choices(uid)).find((c) => c.kind === "visa" && c.channel === "sms")?.on;

  it("opens in the member's language, says what it turns off, then turns it off on one tap, signed out", async () => {
    const { uid, token } = await optedIn("ko");
    const opened = await get(stopLoader, `/reminders/stop?t=${token}`);
    expect(opened.status).toBe(302);
    const location = new URL(opened.headers.get("Location") ?? "", "http://x");
    expect(location.pathname).toBe("/reminders/stop");
    expect(location.searchParams.get("lng")).toBe("ko");
    expect(location.searchParams.get("t")).toBe(token);

    const page = await get(stopLoader, `${location.pathname}${location.search}`);
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ state: "usable", kind: "visa", channel: "sms", language: "ko", token });
    // Opening the link changes nothing.
    expect(await smsOn(uid)).toBe(true);

    const tapped = await post(stopAction, "/reminders/stop?lng=ko", new Jar(), [["t", token]]);
    expect(tapped.status).toBe(200);
    expect(await tapped.json()).toMatchObject({ state: "usable", kind: "visa", channel: "sms" });
    expect(await smsOn(uid)).toBe(false);
    const history = await services.stores.reminders.history(uid);
    expect(history.at(-1)).toMatchObject({ kind: "visa", channel: "sms", on: false, source: "stopLink" });

    // A second use (or a copy of the link) does nothing, and says the reminders are off already.
    const again = await post(stopAction, "/reminders/stop?lng=ko", new Jar(), [["t", token]]);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ state: "used" });
    expect(await services.stores.reminders.history(uid)).toHaveLength(history.length);
    const reopened = await get(stopLoader, `/reminders/stop?t=${token}&lng=ko`);
    expect(await reopened.json()).toMatchObject({ state: "used", token: null });
  });

  it("does nothing with a link made before the member changed that choice again", async () => {
    const { uid, token } = await optedIn("en");
    await services.stores.reminders.setChoices(uid, [{ kind: "visa", channel: "sms", on: false }], Date.now(), "page");
    await services.stores.reminders.setChoices(
      uid,
      [{ kind: "visa", channel: "sms", on: true }],
      Date.now() + 5,
      "page",
    );
    const tapped = await post(stopAction, "/reminders/stop?lng=en", new Jar(), [["t", token]]);
    expect(await tapped.json()).toMatchObject({ state: "used" });
    expect(await smsOn(uid)).toBe(true);
  });

  it.each([
    ["forged", () => `${"A".repeat(40)}`],
    ["altered", (token: string) => `${token.slice(0, -4)}${token.slice(-4) === "AAAA" ? "BBBB" : "AAAA"}`],
    [
      "made with another secret",
      (_t: string, uid: string) =>
        stopToken(randomBytes(32).toString("base64url"), { uid, kind: "visa", channel: "sms", issuedAt: Date.now() }),
    ],
    [
      "expired",
      (_t: string, uid: string) =>
        stopToken(services.sessionSecret, {
          uid,
          kind: "visa",
          channel: "sms",
          issuedAt: Date.now() - (STOP_TOKEN_DAYS + 1) * DAY,
        }),
    ],
    ["empty", () => ""],
  ])("refuses a %s link with its message, no 500, and changes nothing", async (_what, make) => {
    const { uid, token } = await optedIn();
    const bad = make(token, uid);
    const page = await get(stopLoader, `/reminders/stop?t=${encodeURIComponent(bad)}`);
    expect(page.status).toBe(400);
    expect(await page.json()).toMatchObject({ state: "invalid", kind: null, token: null });
    const tapped = await post(stopAction, "/reminders/stop", new Jar(), [["t", bad]]);
    expect(tapped.status).toBe(400);
    expect(await tapped.json()).toMatchObject({ state: "invalid" });
    expect(await smsOn(uid)).toBe(true);
  });
});
