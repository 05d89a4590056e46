/**
 * Web Push against a push service of the test's own on loopback (issue 42): the request is signed with the server's
 * VAPID key for the push service's origin, its payload decrypts (aes128gcm) with the browser keys the test made, and
 * the service's answers become what the delivery job acts on. Subscriptions a browser posts are checked before they
 * are kept.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import ece from "http_ece";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/infra/config.server";
import { localVapidKeys, parseSubscription, webPushSender } from "~/infra/push/webPush.server";

interface Received {
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

let server: http.Server;
let origin = "";
const received: Received[] = [];
/** What the service answers next, by path. */
const answers = new Map<string, { status: number; headers?: Record<string, string>; hang?: boolean }>();
let dataDir = "";

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "klife-push-"));
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks) });
      const answer = answers.get(req.url ?? "") ?? { status: 201 };
      if (answer.hang) return;
      res.writeHead(answer.status, answer.headers).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A browser's subscription: its own P-256 key pair and authentication secret. */
function browser(pathName: string) {
  const ecdh = crypto.createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return {
    ecdh,
    auth,
    subscription: {
      endpoint: `${origin}${pathName}`,
      p256dh: ecdh.getPublicKey().toString("base64url"),
      auth: auth.toString("base64url"),
      createdAt: 0,
    },
  };
}

const message = {
  title: "قیام کی مدت",
  body: "آپ کے قیام کی مدت ایک ماہ بعد، 2027-06-30 کو ختم ہو جائے گی۔",
  url: "https://k-life.example.kr/mypage/visa?lng=ur",
  lang: "ur",
  dir: "rtl" as const,
  stop: { url: "https://k-life.example.kr/reminders/stop?t=token", label: "یاد دہانیاں بند کریں" },
};

function verifyVapid(header: string | undefined, publicKey: string, audience: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header ?? "");
  expect(match, header).not.toBeNull();
  const [jwt, key] = [match![1]!, match![2]!];
  expect(key).toBe(publicKey);
  const [head, claims, signature] = jwt.split(".");
  const jwk = crypto.createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: Buffer.from(key, "base64url").subarray(1, 33).toString("base64url"),
      y: Buffer.from(key, "base64url").subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const ok = crypto.verify(
    "sha256",
    Buffer.from(`${head}.${claims}`),
    { key: jwk, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature!, "base64url"),
  );
  expect(ok).toBe(true);
  const payload = JSON.parse(Buffer.from(claims!, "base64url").toString());
  expect(payload.aud).toBe(audience);
  expect(payload.exp * 1000).toBeGreaterThan(Date.now());
}

describe("the Web Push sender", () => {
  it("signs for the push service's origin and encrypts the reminder for the browser's keys", async () => {
    const keys = localVapidKeys(dataDir);
    const { ecdh, auth, subscription } = browser("/push/ok");
    received.length = 0;
    const outcome = await webPushSender(keys).send(subscription, message);
    expect(outcome).toEqual({ ok: true });
    expect(received).toHaveLength(1);
    const [request] = received;
    verifyVapid(request!.headers.authorization, keys.publicKey, origin);
    expect(request!.headers["content-encoding"]).toBe("aes128gcm");
    const plain = ece.decrypt(request!.body, { version: "aes128gcm", privateKey: ecdh, authSecret: auth });
    expect(JSON.parse(plain.toString("utf8"))).toEqual(message);
  });

  it("keeps one key pair per DATA_DIR", () => {
    expect(localVapidKeys(dataDir).publicKey).toBe(localVapidKeys(dataDir).publicKey);
    expect(Buffer.from(localVapidKeys(dataDir).publicKey, "base64url")).toHaveLength(65);
  });

  it("says a browser is gone on 404 and 410, passes 429's Retry-After, and a 500 is a failure to retry", async () => {
    const keys = localVapidKeys(dataDir);
    answers.set("/push/gone", { status: 410 });
    answers.set("/push/missing", { status: 404 });
    answers.set("/push/busy", { status: 429, headers: { "Retry-After": "120" } });
    answers.set("/push/broken", { status: 500 });
    const sender = webPushSender(keys);
    expect(await sender.send(browser("/push/gone").subscription, message)).toEqual({ ok: false, gone: true });
    expect(await sender.send(browser("/push/missing").subscription, message)).toEqual({ ok: false, gone: true });
    expect(await sender.send(browser("/push/busy").subscription, message)).toMatchObject({
      ok: false,
      retryAfterMs: 120_000,
    });
    expect(await sender.send(browser("/push/broken").subscription, message)).toMatchObject({
      ok: false,
      error: "push service answered 500",
    });
  });

  it("gives up on a push service that hangs, as a failure to retry", async () => {
    answers.set("/push/hang", { status: 201, hang: true });
    const outcome = await webPushSender(localVapidKeys(dataDir), 300).send(browser("/push/hang").subscription, message);
    expect(outcome).toMatchObject({ ok: false });
    expect("gone" in outcome && outcome.gone).toBeFalsy();
  });
});

describe("a posted subscription", () => {
  // The configuration's allow-list as it is by default (PUSH_SERVICE_HOSTS unset).
  const hosts = loadConfig({}).PUSH_SERVICE_HOSTS;
  const keys = () => {
    const ecdh = crypto.createECDH("prime256v1");
    ecdh.generateKeys();
    return { p256dh: ecdh.getPublicKey().toString("base64url"), auth: crypto.randomBytes(16).toString("base64url") };
  };
  const json = (endpoint: string, k: object = keys()) => JSON.stringify({ endpoint, keys: k });

  it("is kept when its endpoint is https on a known push service", () => {
    const parsed = parseSubscription(json("https://fcm.googleapis.com/fcm/send/abc"), { local: false, hosts });
    expect(parsed).toMatchObject({ ok: true, subscription: { endpoint: "https://fcm.googleapis.com/fcm/send/abc" } });
    expect(
      parseSubscription(json("https://wns2-par02p.notify.windows.com/w/?token=x"), { local: false, hosts }).ok,
    ).toBe(true);
  });

  it("refuses other endpoints: http, unknown hosts, credentials, look-alikes; loopback only in local mode", () => {
    for (const endpoint of [
      "http://fcm.googleapis.com/fcm/send/abc",
      "https://evil.example/fcm",
      "https://fcm.googleapis.com.evil.example/x",
      "https://user:pw@fcm.googleapis.com/x",
      "https://169.254.169.254/latest/meta-data",
      "file:///etc/passwd",
      "not a url",
    ]) {
      expect(parseSubscription(json(endpoint), { local: true, hosts }), endpoint).toEqual({
        ok: false,
        problem: "subscriptionEndpoint",
      });
    }
    expect(parseSubscription(json("http://127.0.0.1:8080/push"), { local: false, hosts }).ok).toBe(false);
    expect(parseSubscription(json("http://127.0.0.1:8080/push"), { local: true, hosts }).ok).toBe(true);
    expect(parseSubscription(json("http://localhost:8080/push"), { local: true, hosts }).ok).toBe(true);
  });

  it("is on a host of the configured allow-list only: PUSH_SERVICE_HOSTS replaces the known services", () => {
    expect(hosts).toEqual([
      "fcm.googleapis.com",
      "updates.push.services.mozilla.com",
      "*.notify.windows.com",
      "web.push.apple.com",
      "*.push.apple.com",
    ]);
    for (const endpoint of [
      "https://updates.push.services.mozilla.com/wpush/v2/abc",
      "https://web.push.apple.com/QG9x",
      "https://api.push.apple.com/3/device/x",
    ]) {
      expect(parseSubscription(json(endpoint), { local: false, hosts }).ok, endpoint).toBe(true);
    }
    // A bare wildcard's parent is not its sub-domain.
    expect(parseSubscription(json("https://notify.windows.com/w"), { local: false, hosts }).ok).toBe(false);
    const own = loadConfig({ PUSH_SERVICE_HOSTS: " Push.Example.kr , *.relay.example.kr" }).PUSH_SERVICE_HOSTS;
    expect(own).toEqual(["push.example.kr", "*.relay.example.kr"]);
    expect(parseSubscription(json("https://push.example.kr/s/1"), { local: false, hosts: own }).ok).toBe(true);
    expect(parseSubscription(json("https://a.relay.example.kr/s/1"), { local: false, hosts: own }).ok).toBe(true);
    expect(parseSubscription(json("https://fcm.googleapis.com/fcm/send/abc"), { local: false, hosts: own })).toEqual({
      ok: false,
      problem: "subscriptionEndpoint",
    });
    // Loopback stays local mode's, whatever the list.
    expect(parseSubscription(json("http://127.0.0.1:8080/push"), { local: true, hosts: own }).ok).toBe(true);
  });

  it("refuses malformed, huge or keyless JSON and keys of the wrong length", () => {
    const endpoint = "https://fcm.googleapis.com/fcm/send/abc";
    for (const text of ["", "{", "null", "[]", '{"endpoint":1}', "x".repeat(3000), 42]) {
      expect(parseSubscription(text, { local: false, hosts })).toEqual({ ok: false, problem: "subscriptionMalformed" });
    }
    expect(
      parseSubscription(JSON.stringify({ endpoint, keys: keys(), pad: "x".repeat(3000) }), { local: false, hosts }),
    ).toEqual({ ok: false, problem: "subscriptionMalformed" });
    const good = keys();
    for (const bad of [
      {},
      { ...good, auth: crypto.randomBytes(15).toString("base64url") },
      { ...good, p256dh: crypto.randomBytes(65).toString("base64url").replace(/^./, "A") },
      { ...good, p256dh: "!!!" },
    ]) {
      expect(parseSubscription(json(endpoint, bad), { local: false, hosts })).toEqual({
        ok: false,
        problem: "subscriptionKeys",
      });
    }
  });
});
