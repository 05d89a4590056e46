/**
 * The place for a non-Remix mount (server/mounts.ts, docs/decisions/0047): a handler under its own path,
 * behind the steps every request takes and then its own policy (cross-site rule, body bound, its own tier
 * in the counters store), never reaching Remix, with the rest of the site unchanged beside it. The server's
 * own createApp around the real build (`npm run build`), on test services.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import type { Response as ExpressResponse } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Bootstrap } from "../../server/appTypes";
import { createApp } from "../../server/createApp";
import type { Mount } from "../../server/mounts";
import { createTestServices, type TestServices } from "../support/services";

const root = path.resolve(__dirname, "../..");

/** Answers with what it was given: its URL below the mount, the full one, the checked origin, the body's length. */
async function echo(req: IncomingMessage, res: ServerResponse) {
  let bytes = 0;
  for await (const chunk of req) bytes += (chunk as Buffer).byteLength;
  const express = req as IncomingMessage & { originalUrl: string };
  res.setHeader("Content-Type", "application/json");
  res.end(
    JSON.stringify({
      url: req.url,
      originalUrl: express.originalUrl,
      origin: (res as ExpressResponse).locals.origin as string,
      bytes,
    }),
  );
}

const mounts: Mount[] = [
  { path: "/echo", policy: { maxBody: 100, crossSite: "mount", rateLimit: 1000 }, handler: echo },
  { path: "/strict", policy: { maxBody: 1000, crossSite: "refuse", rateLimit: 1000 }, handler: echo },
  { path: "/limited", policy: { maxBody: 1000, crossSite: "refuse", rateLimit: 2 }, handler: echo },
  {
    path: "/broken",
    policy: { maxBody: 1000, crossSite: "refuse", rateLimit: 1000 },
    handler: async () => {
      throw new Error("a mount that fails");
    },
  },
];

let services: TestServices;
let server: http.Server;
let port: number;
beforeAll(async () => {
  const build = (await import(pathToFileURL(path.join(root, "build/index.js")).href)) as ServerBuild;
  const boot = (build.entry.module as unknown as { bootstrap: Bootstrap }).bootstrap;
  services = createTestServices({ RATE_LIMIT_ALL: "1000", RATE_LIMIT_MUTATIONS: "1000" });
  const { app } = createApp({
    config: services.config,
    services,
    build,
    boot,
    publicDir: path.join(root, "public"),
    mounts,
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await services?.cleanup();
});

const url = (target: string) => `http://127.0.0.1:${port}${target}`;

/** A request as Node's fetch sends it: a string body with its length, a stream body chunked. */
const request = (method: string, target: string, init: { headers?: Record<string, string>; body?: string } = {}) =>
  fetch(url(target), { method, redirect: "manual", ...init });

/** A body that does not declare its length (sent chunked). */
const chunked = (text: string) =>
  ({
    body: new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text));
        controller.close();
      },
    }),
    duplex: "half",
  }) as RequestInit;

describe("a mount", () => {
  it("answers its path and below it, behind the steps every request takes", async () => {
    const below = await request("GET", "/echo/a/b?c=1");
    expect(below.status).toBe(200);
    expect(await below.json()).toEqual({
      url: "/a/b?c=1",
      originalUrl: "/echo/a/b?c=1",
      origin: `http://127.0.0.1:${port}`,
      bytes: 0,
    });
    expect(below.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(below.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    expect(below.headers.get("RateLimit-Policy")).not.toBeNull();
    expect(await (await request("GET", "/echo")).json()).toMatchObject({ url: "/" });
  });

  it("leaves every other path to the Remix app", async () => {
    const page = await request("GET", "/member/start");
    expect(page.status).toBe(200);
    expect(page.headers.get("Content-Type")).toMatch(/^text\/html/);
    // A path that merely starts with the mount's is not the mount's.
    const near = await request("GET", "/echoes");
    expect(near.status).toBe(404);
    expect(near.headers.get("Content-Type")).toMatch(/^text\/html/);
  });

  it("is refused a host that is not ours, and methods the site does not take, before it runs", async () => {
    // fetch keeps the Host it connects to: this one is written by hand.
    const foreignHost = await new Promise<number>((resolve, reject) =>
      http
        .get({ host: "127.0.0.1", port, path: "/echo", headers: { Host: "evil.example" } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
        .on("error", reject),
    );
    expect(foreignHost).toBe(400);
    const put = await request("PUT", "/echo");
    expect(put.status).toBe(405);
    expect(put.headers.get("Allow")).toBe("GET, HEAD, POST");
  });

  it("takes bodies up to its own bound, and answers 413 past it without running", async () => {
    const within = await request("POST", "/echo", { body: "x".repeat(100) });
    expect(await within.json()).toMatchObject({ bytes: 100 });
    const over = await request("POST", "/echo", { body: "x".repeat(101) });
    expect(over.status).toBe(413);
    expect(over.headers.get("Content-Type")).toMatch(/^text\/html/);
    // A body that does not declare its length could not be bounded before it is read.
    expect((await fetch(url("/echo"), { method: "POST", ...chunked("x") })).status).toBe(400);
  });

  it("follows its own cross-site rule", async () => {
    const partner = { Origin: "https://partner.example", "Sec-Fetch-Site": "cross-site" };
    // Judged by the mount (a partner's page posting to an authorization endpoint).
    expect((await request("POST", "/echo", { headers: partner, body: "a=1" })).status).toBe(200);
    // Refused as the app's pages refuse it.
    expect((await request("POST", "/strict", { headers: partner, body: "a=1" })).status).toBe(403);
    const sameSite = { Origin: `http://127.0.0.1:${port}`, "Sec-Fetch-Site": "same-origin" };
    expect((await request("POST", "/strict", { headers: sameSite, body: "a=1" })).status).toBe(200);
  });

  it("counts its own tier in the counters store, apart from the app's tiers", async () => {
    expect((await request("GET", "/limited")).status).toBe(200);
    expect((await request("POST", "/limited", { body: "" })).status).toBe(200);
    const over = await request("GET", "/limited/x");
    expect(over.status).toBe(429);
    expect(over.headers.get("Content-Type")).toMatch(/^text\/html/);
    // The count is the counters store's, under the mount's path and the client's address.
    const next = await services.stores.counters.increment("mount:/limited:127.0.0.1", 60_000, Date.now());
    expect(next.totalHits).toBe(4);
    // The app's pages and the other mounts keep their own counts.
    expect((await request("GET", "/member/start")).status).toBe(200);
    expect((await request("GET", "/echo")).status).toBe(200);
  });

  it("fails into the server's last answer, not a hung request", async () => {
    const failed = await request("GET", "/broken");
    expect(failed.status).toBe(500);
    expect(await failed.text()).toBe("Internal Server Error");
  });
});
