/**
 * The last values a member used in each money tool (issue 40, decision 0102): after a signed-in member's
 * calculation is answered, its query (the tool's own fields only) is kept in one cookie sealed for that member
 * (AES-256-GCM under the server secret, bound to their uid, httpOnly: nothing in it is readable, by the page's
 * scripts or anyone holding the browser), and the home page's links to the tools carry it, so the tool opens on
 * those values and its address holds them like any shared link. A visitor keeps nothing; another member signing
 * in on the same browser gets nothing of it. No figure is stored: the tool computes again from the query.
 */
import type { HeadersFunction } from "@remix-run/node";
import type { Services } from "~/context";
import { appCookie } from "~/infra/cookies.server";
import { seal, unseal } from "~/infra/secrets.server";
import { LOAN_FIELDS } from "./loanPage.server";

export const FINANCE_TOOLS = {
  loan: { path: "/finance/loan", fields: LOAN_FIELDS },
  exchange: { path: "/finance/currencyExchange", fields: ["from", "to", "amount"] },
  remittance: { path: "/finance/remittance", fields: ["country", "currency", "send", "receive"] },
} as const;

export type FinanceTool = keyof typeof FINANCE_TOOLS;

const TOOLS = Object.keys(FINANCE_TOOLS) as FinanceTool[];
const COOKIE = "__fin";
const LABEL = "finance-last-used";
/** Half a year: the tools are used about monthly (a transfer home after payday). */
const MAX_AGE_S = 60 * 60 * 24 * 183;
/** Longer than any value an answered calculation takes (an amount is at most 16 digits with its groups). */
const VALUE_MAX = 40;
/** The sealed cookie stays far below a browser's 4 KB for a cookie. */
const SEALED_MAX = 2_000;

type Queries = Partial<Record<FinanceTool, string>>;

const cookieOf = (services: Pick<Services, "config">) => appCookie(services.config, COOKIE, { maxAgeS: MAX_AGE_S });

async function read(request: Request, services: Pick<Services, "config" | "sessionSecret">, uid: string) {
  const sealed = (await cookieOf(services)
    .parse(request.headers.get("Cookie"))
    .catch(() => null)) as unknown;
  if (typeof sealed !== "string" || sealed.length > SEALED_MAX) return {};
  try {
    const value = JSON.parse(unseal(services.sessionSecret, LABEL, sealed)) as { uid?: unknown; queries?: unknown };
    if (value.uid !== uid || typeof value.queries !== "object" || value.queries === null) return {};
    const queries: Queries = {};
    for (const tool of TOOLS) {
      const query = (value.queries as Record<string, unknown>)[tool];
      if (typeof query === "string") queries[tool] = query;
    }
    return queries;
  } catch {
    return {};
  }
}

/** The tool's own fields of `url`, as a query; null when a value is longer than any answered one. */
export function toolQuery(tool: FinanceTool, url: URL): string | null {
  const kept = new URLSearchParams();
  for (const name of FINANCE_TOOLS[tool].fields) {
    const value = url.searchParams.get(name);
    if (value === null || value === "") continue;
    if (value.length > VALUE_MAX) return null;
    kept.set(name, value);
  }
  const query = kept.toString();
  return query === "" ? null : query;
}

/**
 * The Set-Cookie header that keeps `url`'s query as the member's last use of `tool`, or null when there is
 * nothing new to keep (a visitor, the same query as kept, a value too long).
 */
export async function rememberLastUse(
  request: Request,
  services: Pick<Services, "config" | "sessionSecret">,
  uid: string | null | undefined,
  tool: FinanceTool,
): Promise<string | null> {
  if (!uid) return null;
  const query = toolQuery(tool, new URL(request.url));
  if (!query) return null;
  const queries = await read(request, services, uid);
  if (queries[tool] === query) return null;
  const sealed = seal(services.sessionSecret, LABEL, JSON.stringify({ uid, queries: { ...queries, [tool]: query } }));
  return sealed.length > SEALED_MAX ? null : cookieOf(services).serialize(sealed);
}

/** Each tool's address with the member's last query when there is one ("/finance/loan?amount=…"), else bare. */
export async function lastUseLinks(
  request: Request,
  services: Pick<Services, "config" | "sessionSecret">,
  uid: string | null | undefined,
): Promise<Record<FinanceTool, string>> {
  const queries = uid ? await read(request, services, uid) : {};
  return Object.fromEntries(
    TOOLS.map((tool) => [
      tool,
      queries[tool] ? `${FINANCE_TOOLS[tool].path}?${queries[tool]}` : FINANCE_TOOLS[tool].path,
    ]),
  ) as Record<FinanceTool, string>;
}

/** A loader's headers with the Set-Cookie, when there is one. */
export function lastUseHeaders(setCookie: string | null): HeadersInit | undefined {
  return setCookie ? { "Set-Cookie": setCookie } : undefined;
}

/** The tools' `headers`: the document carries the loader's Set-Cookie (a data request has it already). */
export const passLastUseCookie: HeadersFunction = ({ loaderHeaders }) => {
  const cookie = loaderHeaders.get("Set-Cookie");
  const headers = new Headers();
  if (cookie) headers.set("Set-Cookie", cookie);
  return headers;
};
