/**
 * The built server against paths a URL parser reads as leaving the site (two slashes, backslashes, encoded
 * slashes, dot segments, NUL): each is answered on this origin, in the visitor's language, and never with a 5xx.
 * `//%5C` and `/%5C` answered 500 before (React Router's server encodeLocation took the root splat's decoded
 * `/\` for a scheme-relative URL with no host; server/remix.ts).
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { strings } from "../support/locales";
import { startServer, type RunningServer } from "../support/server";

let server: RunningServer;
let port: number;
beforeAll(async () => {
  server = await startServer();
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
function raw(method: string, path: string, language: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        agent: false,
        headers: { Host: `127.0.0.1:${port}`, "Accept-Language": language },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const MALFORMED_PATHS = [
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
    for (const path of MALFORMED_PATHS) {
      for (const method of ["GET", "HEAD"]) {
        const answer = await raw(method, path, lng);
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

  it("answers an encoded backslash at the start of the path with the app's 404 page naming the path", async () => {
    for (const path of ["//%5C", "/%5C", "//%5C%5Cevil.example"]) {
      const answer = await raw("GET", path, "ko");
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).toContain(strings("ko").errors!.notFoundTitle!);
    }
  });
});
