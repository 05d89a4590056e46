/**
 * The built server on PostgreSQL when the database hangs without closing its connections (a host that stopped
 * answering, a partition): a TCP proxy between the server and this file's own cluster stops forwarding bytes and
 * closes nothing. Every statement is bounded (DATABASE_STATEMENT_TIMEOUT_MS and the client's own wait past it), so
 * pages answer the error page a closed database gives (postgresServer.test.ts) rather than waiting forever, /readyz
 * answers 503, the connections that hung are dropped rather than kept, and pages are served again once the
 * database answers.
 */
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmptyDatabase, startCluster, type Cluster } from "../support/postgres";
import { startServer, type RunningServer } from "../support/server";
import { LIMITED_BY_ITS_WAITS, waitFor } from "../support/waitFor";

const root = path.resolve(__dirname, "../..");
const locale = JSON.parse(fs.readFileSync(path.join(root, "locales", "en", "common.json"), "utf8")) as {
  errors: Record<string, string>;
};
// A person's phone: a crawler is answered a bare status for a server error (entry.server.tsx).
const VISITOR = {
  "Accept-Language": "en",
  "User-Agent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile",
};
const POOL_SIZE = 4;

/** One connection through the proxy: the server's side and the database's. */
interface Pair {
  client: net.Socket;
  upstream: net.Socket;
  closed: boolean;
}

/**
 * A TCP proxy to `port` that can stop forwarding without closing anything (`pause`: both sides of every
 * connection, and of connections made meanwhile, stop being read) and go on (`resume`).
 */
async function startProxy(port: number) {
  const pairs: Pair[] = [];
  let paused = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(port, "127.0.0.1");
    const pair: Pair = { client, upstream, closed: false };
    pairs.push(pair);
    const close = () => {
      pair.closed = true;
      client.destroy();
      upstream.destroy();
    };
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      from.on("data", (bytes) => to.write(bytes));
      from.on("end", () => to.end());
      from.on("close", close);
      from.on("error", close);
      if (paused) from.pause();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const sockets = () => pairs.filter((p) => !p.closed).flatMap((p) => [p.client, p.upstream]);
  return {
    port: (server.address() as net.AddressInfo).port,
    /** Connections still open. */
    open: () => pairs.filter((p) => !p.closed),
    pause() {
      paused = true;
      for (const socket of sockets()) socket.pause();
    },
    resume() {
      paused = false;
      for (const socket of sockets()) socket.resume();
    },
    async stop() {
      for (const socket of sockets()) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

let cluster: Cluster;
let proxy: Awaited<ReturnType<typeof startProxy>>;
let server: RunningServer;

beforeAll(async () => {
  cluster = await startCluster();
  const url = new URL(await createEmptyDatabase(cluster.adminUrl, "klife"));
  proxy = await startProxy(Number(url.port));
  url.port = String(proxy.port);
  server = await startServer({
    DATABASE_URL: url.toString(),
    DATABASE_POOL_SIZE: String(POOL_SIZE),
    // Shorter than the default (5 s): each statement of a page fails within 1.5 s + 2 s here.
    DATABASE_STATEMENT_TIMEOUT_MS: "1500",
  });
});
afterAll(async () => {
  proxy?.resume();
  await server?.stop("SIGKILL");
  await proxy?.stop();
  await cluster?.stop();
});

/** A page, given 60 s: a request that waits on the hung database without a bound fails here, not by answering. */
const get = async (target: string) => {
  const response = await fetch(`${server.url}${target}`, {
    headers: VISITOR,
    redirect: "manual",
    signal: AbortSignal.timeout(60_000),
  });
  return { status: response.status, type: response.headers.get("content-type"), html: await response.text() };
};

const readyz = async () => {
  const response = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(20_000) });
  return { status: response.status, body: (await response.json()) as { database: boolean; ready: boolean } };
};

describe("a database that hangs without closing its connections", () => {
  it(
    "answers pages with the error page, /readyz with 503, drops the connections that hung, and serves again once it answers",
    LIMITED_BY_ITS_WAITS,
    async () => {
      expect((await get("/shop")).status).toBe(200);
      expect((await get("/community")).status).toBe(200);
      expect(await readyz()).toMatchObject({ status: 200, body: { database: true } });

      proxy.pause();
      const hung = proxy.open();
      try {
        expect(await readyz()).toMatchObject({ status: 503, body: { database: false, ready: false } });
        // More pages at once than the pool has connections: every one is answered, none waits forever.
        const pages = await Promise.all(
          ["/shop", "/community", "/shop", "/benefit", "/community", "/shop"].map((target) => get(target)),
        );
        for (const page of pages) {
          // What a closed database gives (postgresServer.test.ts): the friendly error page.
          expect(page.status).toBe(500);
          expect(page.type).toMatch(/text\/html/);
          expect(page.html).toContain("error-view--500");
          expect(page.html).toContain(locale.errors.internalServerError);
        }
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
        expect(await readyz()).toMatchObject({ status: 503 });
      } finally {
        proxy.resume();
      }

      await waitFor("/readyz answering 200 once the database answers", async () => (await readyz()).status === 200, {
        within: 30_000,
        every: 250,
      });
      for (const target of ["/shop", "/community", "/benefit", "/shop", "/community", "/benefit"]) {
        expect((await get(target)).status, target).toBe(200);
      }
      // The connections whose statements got no answer were taken out of the pool and closed, not kept for later.
      await waitFor("the connections that hung closed", () => hung.every((pair) => pair.closed), { within: 20_000 });
      expect(proxy.open().length).toBeLessThanOrEqual(POOL_SIZE);
      expect(server.child.exitCode).toBeNull();
    },
  );
});
