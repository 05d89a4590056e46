/** Small helpers for loaders and actions. */
import { json } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import type { z } from "zod";

export interface NotFoundData {
  code: "notFound";
  path: string;
}

/** The 404 every unknown or invalid route throws; the route boundary renders it. */
export function notFound(request: Request): never {
  const path = new URL(request.url).pathname;
  throw json<NotFoundData>({ code: "notFound", path }, { status: 404 });
}

/** Validates route params; a failed validation is a 404, as the spec asks. */
export function parseParams<S extends z.ZodTypeAny>(schema: S, params: Params, request: Request): z.infer<S> {
  const result = schema.safeParse(params);
  if (!result.success) notFound(request);
  return result.data;
}

/** Appends Set-Cookie values to response headers, each once (several steps of one request may set the same cookie). */
export function withCookies(headers: Headers, cookies: readonly (string | null | undefined)[]): Headers {
  const present = new Set(headers.getSetCookie());
  for (const value of cookies) {
    if (value && !present.has(value)) headers.append("Set-Cookie", value);
    if (value) present.add(value);
  }
  return headers;
}

/** A request the page cannot answer as asked (an edited paging cursor): 400, rendered by the route boundary. */
export function badRequest(): never {
  throw json({ code: "badRequest" }, { status: 400, statusText: "Bad Request" });
}

/** A page that exists but is not the visitor's to use (editing someone else's feed): 403. */
export function forbidden(): never {
  throw json({ code: "forbidden" }, { status: 403, statusText: "Forbidden" });
}
