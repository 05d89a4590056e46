/**
 * The built server against what a client can send: rate-limit tiers follow the
 * route that really answers (whatever the spelling of its path), bodies are
 * bounded before they are read, unknown methods and malformed requests get 4xx,
 * nothing reaches a 500, personal pages are never cached, and local-only pages
 * answer only this machine.
 */
import http from "node:http";
import net from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { strings } from "../support/locales";
import { startServer, type RunningServer } from "../support/server";

let server: RunningServer;
let port: number;
beforeAll(async () => {
  server = await startServer({
    // Each test speaks from its own addresses (X-Forwarded-For, one trusted hop), so tiers can be counted.
    TRUST_PROXY: "1",
    RATE_LIMIT_ALL: "1000",
    RATE_LIMIT_MUTATIONS: "1000",
    RATE_LIMIT_AUTH: "4",
    RATE_LIMIT_AUTH_PER_ID: "2",
  });
  port = Number(new URL(server.url).port);
});
afterAll(async () => {
  await server?.stop();
});

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request exactly as written: no client-side normalisation of the path. */
function raw(
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string | Buffer; chunked?: boolean } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      // A connection of its own: a kept-alive one that the server closes as it idles (a loaded machine
      // can stall between requests) would hang up on the next request, which is the client's to retry.
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        agent: false,
        headers: { Host: `127.0.0.1:${port}`, ...options.headers },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    if (options.chunked) req.setHeader("Transfer-Encoding", "chunked");
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const formHeaders = (client: string, extra: Record<string, string> = {}) => ({
  "Content-Type": "application/x-www-form-urlencoded",
  "X-Forwarded-For": client,
  ...extra,
});

describe("rate-limit tiers follow the route that answers", () => {
  it.each([
    ["/member/startId", 11],
    ["/MEMBER/StartId", 12],
    ["/member/%73tartId", 13],
    ["/member/./startId", 14],
    ["/x/../member/startId", 15],
    ["/member/startId/", 17],
    ["/member/startId?index", 18],
  ])("posts to %s count against the sign-in tier", async (spelling, n) => {
    const client = `198.51.100.${n}`;
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const answer = await raw("POST", spelling, {
        headers: formHeaders(client),
        // Its own ID each time: posts (and wrong passwords) are also counted per ID.
        body: form({ email: `nobody-${n}-${i}@example.com`, password: "wrong password" }),
      });
      statuses.push(answer.status);
    }
    // The route itself answered the first four (it did not 404: this spelling reaches it)…
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    // …and the fifth was held by the strict tier.
    expect(statuses[4]).toBe(429);
  });

  it("counts sign-in posts per ID too, from whatever address, and a neighbour behind the same address goes on", async () => {
    const id = "roamer@example.com";
    const answers = [];
    for (const client of ["198.51.100.201", "198.51.100.202", "198.51.100.203"]) {
      answers.push(
        await raw("POST", "/member/startId", {
          headers: formHeaders(client, { "Accept-Language": "en" }),
          body: form({ email: id, password: "Typed-Secret-4821" }),
        }),
      );
    }
    expect(answers.map((a) => a.status)).toEqual([401, 401, 429]);
    // Held in the form, which keeps the ID (never the password).
    expect(answers[2]!.body).toMatch(/Too many attempts\. Please try again in \d+ sec\./);
    expect(answers[2]!.body).toContain(`value="${id}"`);
    expect(answers[2]!.body).not.toContain("Typed-Secret-4821");

    // From the last address, its neighbour with another ID is still answered by the route.
    const neighbour = await raw("POST", "/member/startId", {
      headers: formHeaders("198.51.100.203"),
      body: form({ email: "neighbour@example.com", password: "Typed-Secret-4821" }),
    });
    expect(neighbour.status).toBe(401);
  });

  it("leaves other routes' posts to the looser tier", async () => {
    const client = "198.51.100.251";
    for (let i = 0; i < 4; i++) {
      const answer = await raw("POST", "/language", { headers: formHeaders(client), body: form({ lng: "en" }) });
      expect(answer.status).toBe(302);
    }
  });
});

describe("request bodies are bounded", () => {
  const big = "x".repeat(200 * 1024);

  it("refuses a declared body over the limit with 413, in the visitor's language", async () => {
    const answer = await raw("POST", "/member/startId", {
      headers: formHeaders("203.0.113.1", { "Accept-Language": "ko" }),
      body: form({ email: "a@example.com", password: big }),
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain('lang="ko"');
    expect(answer.headers.connection).toBe("close");
  });

  it("writes the refusal right to left for a right-to-left language", async () => {
    const answer = await raw("POST", "/member/startId", {
      headers: formHeaders("203.0.113.5", { "Accept-Language": "ur" }),
      body: form({ email: "a@example.com", password: big }),
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain('lang="ur" dir="rtl"');
  });

  it("refuses a chunked body over the limit with 413", async () => {
    const answer = await raw("POST", "/language", {
      headers: formHeaders("203.0.113.2"),
      body: form({ lng: "en", filler: big }),
      chunked: true,
    });
    expect(answer.status).toBe(413);
  });

  it("answers 413 to an endless body without waiting for its end", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1");
      let answer = "";
      let timer: NodeJS.Timeout | undefined;
      socket.on("connect", () => {
        socket.write(
          `POST /member/findPw HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Forwarded-For: 203.0.113.3\r\n` +
            "Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n",
        );
        const chunk = "x".repeat(8192);
        // Keeps sending until the server answers (bounded: 10 MiB at most).
        let sent = 0;
        timer = setInterval(() => {
          if (sent > 10 * 1024 * 1024 || socket.destroyed) return clearInterval(timer);
          socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
          sent += chunk.length;
        }, 1);
      });
      socket.on("data", (d) => {
        answer += d.toString();
        const match = /^HTTP\/1\.1 (\d{3})/.exec(answer);
        if (match) {
          clearInterval(timer);
          socket.destroy();
          resolve(Number(match[1]));
        }
      });
      socket.on("error", (error) => {
        clearInterval(timer);
        if (!answer) reject(error);
      });
    });
    expect(status).toBe(413);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it("takes an ordinary form", async () => {
    const answer = await raw("POST", "/language", { headers: formHeaders("203.0.113.4"), body: form({ lng: "ko" }) });
    expect(answer.status).toBe(302);
  });
});

describe("malformed requests", () => {
  it.each(["PUT", "DELETE", "PATCH", "OPTIONS", "PROPFIND", "TRACE"])(
    "answers %s with 405 and the allowed methods",
    async (method) => {
      for (const path of ["/", "/member/startId", "/no/such/page"]) {
        const answer = await raw(method, path, { headers: { "X-Forwarded-For": "203.0.113.10" } });
        expect(answer.status).toBe(405);
        expect(answer.headers.allow).toBe("GET, HEAD, POST");
      }
    },
  );

  it.each([
    ["a forwarded host that is not a host", { "X-Forwarded-Host": "evil.example/path" }],
    ["a forwarded host with spaces", { "X-Forwarded-Host": "a b" }],
  ])("answers %s with 400", async (_name, headers) => {
    const answer = await raw("GET", "/member/start", { headers: { "X-Forwarded-For": "203.0.113.11", ...headers } });
    expect(answer.status).toBe(400);
  });

  /** Writes a request by hand (what an HTTP client library would refuse to send). */
  const handWritten = (head: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1", () => socket.write(`${head}Connection: close\r\n\r\n`));
      let text = "";
      socket.on("data", (d) => (text += d.toString()));
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
    });

  it.each([
    ["a request target that is not a path", "GET http://evil.example/member/start HTTP/1.1\r\nHost: evil.example\r\n"],
    ["an empty host", "GET /member/start HTTP/1.1\r\nHost: \r\n"],
    ["a host with a path", "GET /member/start HTTP/1.1\r\nHost: evil.example/x\r\n"],
    // Local mode: a name re-pointed at this machine (DNS rebinding) is not ours.
    ["a host name other than localhost in local mode", "GET /dev/outbox HTTP/1.1\r\nHost: evil.example:80\r\n"],
    ["no host at all", "GET /member/start HTTP/1.1\r\n"],
  ])("answers %s with 400", async (_name, head) => {
    expect(await handWritten(head)).toMatch(/^HTTP\/1\.1 400/);
  });

  it.each(["/%", "/%zz", "/community/%E0%A4%A", "/member/findVisa/%", "/mypage/%C0%AF"])(
    "answers the malformed percent-encoding of %s with a 4xx page in the visitor's language",
    async (path) => {
      for (const method of ["GET", "HEAD"]) {
        const answer = await raw(method, path, {
          headers: { "X-Forwarded-For": "203.0.113.12", "Accept-Language": "ko" },
        });
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
        expect(answer.headers["content-type"]).toMatch(/^text\/html/);
        if (method === "GET") expect(answer.body).toContain('<html lang="ko"');
      }
    },
  );

  it("answers a same-origin post whose forwarded host is another with a 4xx page, never a 500", async () => {
    for (const forwarded of ["127.0.0.2:8080", "localhost:1", `127.0.0.1:${port}, evil.example`]) {
      const answer = await raw("POST", "/member/startId", {
        headers: formHeaders("203.0.113.13", { Origin: `http://127.0.0.1:${port}`, "X-Forwarded-Host": forwarded }),
        body: form({ email: "someone@example.com", password: "not the password" }),
      });
      expect(answer.status).toBeGreaterThanOrEqual(200);
      expect(answer.status).toBeLessThan(500);
      expect(answer.headers["content-type"]).toMatch(/^text\/html/);
    }
    expect(server.output()).not.toMatch(/"status":5\d\d/);
  });

  it("never answers 500, whatever is sent to whichever route", async () => {
    const routes = [
      "/",
      "/language",
      "/nLanguage",
      "/shop",
      "/sign",
      "/sign/authNo",
      "/sign/inputName",
      "/sign/choiceNation",
      "/sign/signUpComplete",
      "/login/login",
      "/login/authNo",
      "/member/start",
      "/member/startId",
      "/member/agree",
      "/member/accountInfo",
      "/member/userInfo",
      "/member/addInfo",
      "/member/complete",
      "/member/findPw",
      "/member/resetPw",
      "/member/terms",
      "/member/findVisa",
      "/member/findVisa/D-2",
      "/member/google",
      "/member/google/callback",
      "/member/signOut",
      "/locales/en/common.json",
      "/dev/outbox",
      "/no/such/page",
    ];
    const junk = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: "binary", maxLength: 40 }),
      fc.constantFrom(
        "%",
        "%zz",
        "%E0%A4%A",
        "..",
        "\\",
        "//",
        "?_data=root",
        "?_data=routes%2Fmember.startId",
        "?index",
      ),
    );
    const request = fc.record({
      method: fc.constantFrom("GET", "POST", "HEAD"),
      route: fc.constantFrom(...routes),
      suffix: junk,
      contentType: fc.constantFrom(
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=xyz",
        "multipart/form-data",
        "text/plain; charset=utf-99",
        "application/json",
      ),
      body: junk,
      cookie: fc.oneof(
        junk,
        fc.constantFrom("__session=%%%", "__signup=abc", "__bid=x; __recovery_flow=e30%3D", "lng=%%"),
      ),
      language: junk,
    });
    const cases = fc.sample(request, { numRuns: 250, seed: 20261123 });
    for (const [i, c] of cases.entries()) {
      const path = `${c.route}${encodeURI(c.suffix).replace(/^(?=[^/?])/, "/")}`.replace(/[^\x21-\x7e]/g, "");
      const answer = await raw(c.method, path, {
        headers: {
          "X-Forwarded-For": `192.0.2.${(i % 200) + 1}`,
          "Content-Type": c.contentType,
          Cookie: c.cookie.replace(/[^\x20-\x7e]/g, ""),
          "Accept-Language": c.language.replace(/[^\x20-\x7e]/g, ""),
        },
        ...(c.method === "POST" ? { body: c.body } : {}),
      });
      if (answer.status >= 500)
        throw new Error(`${c.method} ${path} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
    }
    expect(server.output()).not.toMatch(/"status":5\d\d/);
  });
});

/**
 * Paths a URL parser reads as leaving the site (two slashes, backslashes, encoded slashes, dot segments, NUL). `//%5C`
 * and `/%5C` answered 500 before: React Router's server encodeLocation took the root splat's decoded `/\` for a
 * scheme-relative URL with no host (server/remix.ts).
 */
const OFF_SITE_PATHS = [
  "//%5C",
  "//%5c",
  "/%5C",
  "/%5C%5C",
  "/%5Cevil.example",
  "//%5C%5Cevil.example",
  "/%5C%5Cevil.example",
  "/%5C/evil.example",
  "/\\evil.example",
  "/\\%5C",
  "/\\\\evil.example",
  "//evil.example",
  "///evil.example",
  "//evil.example/%2F..",
  "///",
  "//",
  "/%2F%2Fevil.example",
  "/%2F%5Cevil.example",
  "/..%2F..%2F",
  "/..%2F..%2Fetc%2Fpasswd",
  "/%2E%2E/%2E%2E/",
  "/%00",
  "/a%00b",
  "/community/%00",
  "//%5C?_data=routes%2F%24",
  "/%5C?_data=root",
];

describe("paths that a URL parser reads as leaving the site", () => {
  it.each(["ko", "vi"])("are answered on this origin in the visitor's language (%s), never with a 5xx", async (lng) => {
    const notFound = strings(lng).errors!.notFoundTitle!;
    for (const path of OFF_SITE_PATHS) {
      for (const method of ["GET", "HEAD"]) {
        const answer = await raw(method, path, {
          headers: { "X-Forwarded-For": "203.0.113.30", "Accept-Language": lng },
        });
        const what = `${method} ${path} answered ${answer.status}`;
        expect(answer.status, what).toBeGreaterThanOrEqual(200);
        expect(answer.status, what).toBeLessThan(500);
        const location = answer.headers.location;
        if (location !== undefined) {
          // Resolved the way a browser would, against the page's own address.
          expect(new URL(location, `http://127.0.0.1:${port}${path}`).origin, what).toBe(`http://127.0.0.1:${port}`);
        }
        // A redirect (the home page sends a first visit to choose a language) has stayed here; its page is another's.
        if (answer.status >= 300 && answer.status < 400) {
          expect(location, what).toBeDefined();
          continue;
        }
        if (method === "HEAD" || path.includes("_data=")) continue;
        expect(String(answer.headers["content-type"]), what).toMatch(/^text\/html/);
        expect(answer.body, what).toContain(`<html lang="${lng}"`);
        // A path no route claims is the app's own 404 page (its title in the visitor's language), not a plain one.
        if (answer.status === 404) expect(answer.body, what).toContain(notFound);
      }
    }
    expect(server.output()).not.toMatch(/"status":5\d\d/);
  });

  it("answers an encoded backslash at the start of the path with the app's 404 page", async () => {
    for (const path of ["//%5C", "/%5C", "//%5C%5Cevil.example"]) {
      const answer = await raw("GET", path, {
        headers: { "X-Forwarded-For": "203.0.113.31", "Accept-Language": "ko" },
      });
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).toContain(strings("ko").errors!.notFoundTitle!);
    }
  });
});

describe("personal pages are never stored", () => {
  it.each(["/member/findPw", "/login/login", "/member/agree", "/sign", "/member/startId"])(
    "%s is private, no-store",
    async (path) => {
      const answer = await raw("GET", path, { headers: { "X-Forwarded-For": "203.0.113.20" } });
      expect(answer.status).toBe(200);
      expect(answer.headers["cache-control"]).toBe("private, no-store");
    },
  );

  it("data fetched by the browser is private, no-store", async () => {
    const answer = await raw("GET", "/member/findPw?_data=root", { headers: { "X-Forwarded-For": "203.0.113.21" } });
    expect(answer.status).toBe(200);
    expect(answer.headers["cache-control"]).toBe("private, no-store");
  });
});

describe("local mode stays local", () => {
  it("shows /dev/outbox to this machine only", async () => {
    expect((await fetch(`${server.url}/dev/outbox`)).status).toBe(200);
    const proxied = await raw("GET", "/dev/outbox", { headers: { "X-Forwarded-For": "203.0.113.30" } });
    expect(proxied.status).toBe(404);
  });
});
