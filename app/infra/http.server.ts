/** Small helpers for loaders and actions. */
import { json } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import type { z } from "zod";

export interface NotFoundData {
  code: "notFound";
  path: string;
}

/**
 * The pages a loader or action throws instead of its own, rendered by the route boundary: each one's code (the
 * body's `code`), status and reason. The one place these answers are made; forms answer through
 * `forms/form.server.ts` instead, inside the form.
 */
const REFUSED_PAGES = {
  badRequest: { status: 400, statusText: "Bad Request" },
  forbidden: { status: 403, statusText: "Forbidden" },
  notFound: { status: 404, statusText: "Not Found" },
} as const;

function refusePage<Data extends object>(
  code: keyof typeof REFUSED_PAGES,
  data: Data,
  headers: HeadersInit | undefined,
): never {
  throw json({ code, ...data }, { ...REFUSED_PAGES[code], headers });
}

/**
 * The 404 every unknown or invalid route throws; the route boundary renders it. `headers`: a resource's own
 * (a photo that is gone must not be cached).
 */
export function notFound(request: Request, headers?: HeadersInit): never {
  const path = new URL(request.url).pathname;
  refusePage("notFound", { path } satisfies Omit<NotFoundData, "code">, headers);
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

/**
 * A request the page cannot answer as asked (an edited paging cursor, a body that is not a form): 400, rendered
 * by the route boundary.
 */
export function badRequest(): never {
  refusePage("badRequest", {}, undefined);
}

/** A page that exists but is not the visitor's to use (editing someone else's feed, a member's moderation queue): 403. */
export function forbidden(): never {
  refusePage("forbidden", {}, undefined);
}
