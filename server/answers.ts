/**
 * What the server answers itself: the small translated pages it gives before a
 * route runs (rate limits, bounds, malformed requests), a fetch Response written
 * to Express, and the last resort for errors.
 */
import { writeReadableStreamToWritable } from "@remix-run/node";
import type express from "express";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import type { Bootstrap, PlainStatus } from "./appTypes";

/** Answers a request with the plain page of `status`; never fails. */
export type Answer = (req: ExpressRequest, res: ExpressResponse, status: PlainStatus) => void;

/** A fetch Request carrying only what language detection reads. */
function detectionRequest(req: ExpressRequest) {
  const headers = new Headers();
  if (req.headers.cookie) headers.set("Cookie", req.headers.cookie);
  if (req.headers["accept-language"]) headers.set("Accept-Language", req.headers["accept-language"]);
  return new Request(`http://localhost${req.originalUrl.startsWith("/") ? req.originalUrl : "/"}`, { headers });
}

/** English wording of the answers the server gives before a route runs, used if translation fails. */
const ENGLISH_ANSWERS: Record<PlainStatus, string> = {
  400: "The request could not be understood. Please go back and try again.",
  403: "The request could not be understood. Please go back and try again.",
  405: "This page cannot be used that way.",
  413: "What you sent is too large. Please shorten it and try again.",
  429: "Too many requests. Please wait a moment and try again.",
};

/** A small translated page for answers given before a route runs (rate limits, bounds, malformed requests). */
async function plainAnswer(app: Bootstrap, req: ExpressRequest, res: ExpressResponse, status: PlainStatus) {
  let words = { lang: "en", dir: "ltr", message: ENGLISH_ANSWERS[status], home: "Go to the home page" };
  try {
    words = await app.plainWords(detectionRequest(req), status);
  } catch {
    // Keep the English message: these answers must never fail.
  }
  if (res.headersSent) return;
  res
    .status(status)
    .type("html")
    .set("Cache-Control", "no-store")
    .send(
      `<!doctype html><html lang="${words.lang}" dir="${words.dir}"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${status}</title><p>${words.message}</p><p><a href="/">${words.home}</a></p></html>`,
    );
}

/** The plain answers, in the words the app's bootstrap gives. */
export const plainAnswers =
  (boot: Bootstrap): Answer =>
  (req, res, status) =>
    void plainAnswer(boot, req, res, status);

/** A fetch Response's status and headers (or a kept page's), on Express's response. */
function writeHead(res: ExpressResponse, response: { status: number; statusText?: string; headers: Headers }) {
  if (response.statusText) res.statusMessage = response.statusText;
  res.status(response.status);
  // A route's header replaces the server's default of the same name (never doubled); cookies add up.
  for (const [name, value] of response.headers.entries()) {
    if (name !== "set-cookie") res.setHeader(name, value);
  }
  for (const cookie of response.headers.getSetCookie()) res.append("Set-Cookie", cookie);
}

/** Writes an answer whose whole body is at hand (a kept page) in one write. */
export function sendWhole(res: ExpressResponse, answer: { status: number; headers: Headers; body: Buffer }) {
  writeHead(res, answer);
  res.end(answer.body);
}

/** Writes a fetch Response (a route's, or a mount's) to Express. */
export async function sendResponse(res: ExpressResponse, response: Response) {
  writeHead(res, response);
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

/** Writes a fetch Response's status and headers with a body of its own in place of the Response's (read already). */
export function sendWithBody(res: ExpressResponse, response: Response, body: Buffer, headers: Record<string, string>) {
  writeHead(res, response);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.end(body);
}

/**
 * The last handler. Nothing a client sends should land here; if something does, it is logged and answered
 * plainly. A request that Express's own parsing refused (its status says so) gets the plain 400 page.
 */
export function lastResort(log: Bootstrap["log"], answer: Answer): express.ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const status = (error as { status?: unknown } | null)?.status;
    if (!res.headersSent && typeof status === "number" && status >= 400 && status < 500) {
      return answer(req, res, status === 413 ? 413 : 400);
    }
    log.error("request", error, { id: res.locals.requestId, path: req.path });
    if (res.headersSent) return void res.end();
    res.status(500).type("text/plain").set("Cache-Control", "no-store").send("Internal Server Error");
  };
}
