/**
 * Single sign-on's interactions (app/routes/ssoConsent.$uid.tsx): the member
 * signs in through our own doors and comes back here, then agrees (or not) to
 * what the partner will receive. The provider's interaction is read from its
 * cookie on the Node request (the load context's `node`), so it belongs to the
 * browser that started it.
 */
import type { AppLoadContext } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import type { Interaction } from "oidc-provider";
import { endSession, requireMember, type SessionMember } from "~/auth/session.server";
import type { Services } from "~/context";
import { languageOf } from "~/i18n/i18next.server";
import { safeRedirect } from "~/lib/safeRedirect";
import { maskPhoneNumber } from "~/phone/phoneNumber.server";
import type { SsoClaimSet, SsoClient } from "~/stores/sso";
import { SSO_CLAIM_SETS } from "~/stores/sso";

/** The path of the interaction pages (a Remix route; outside /sso, which the provider answers alone). */
export const SSO_INTERACTION_PATH = "/ssoConsent";

/** An interaction page: it loads nothing from third parties (no analytics). */
export const isSsoPage = (url: URL) => url.pathname.startsWith(`${SSO_INTERACTION_PATH}/`);

/** The claim sets a member may leave out; the identifier and the name are what signing in is. */
export const OPTIONAL_CLAIMS: readonly SsoClaimSet[] = ["phone", "email"];

/** One item the partner receives: `sub` is the identifier, always given; `profile` is the name. */
export interface ConsentItem {
  set: "sub" | SsoClaimSet;
  required: boolean;
}

/** The partner as the consent screen names it (PIPA art. 17: who receives, and where its policy is). */
export interface ConsentPartner {
  name: string;
  /** Null: registered before partners were asked for it (decision 0094). */
  website: string | null;
  privacyUrl: string | null;
  /** How long it keeps what it received after the member ends its access: 0, a period in words, or null (unknown). */
  retention: { months: 0 } | { months: number; period: string } | null;
}

export type SsoInteractionView =
  | { kind: "problem"; problem: "expired" | "unknownPartner" }
  | { kind: "continue"; to: string; partner: string }
  | {
      kind: "consent";
      partner: ConsentPartner;
      /** The member signed in, to tell whose account this is ("not you?"): the name and the masked number. */
      member: { name: string; phone: string | null };
      /** What the partner asked for and may have, in a fixed order, each required or optional. */
      items: ConsentItem[];
      /** Sign-out's way back: the sign-in doors, then this interaction again ("not you?"). */
      signInAgain: string;
      /** The origins of the partner's registered return addresses: the consent form's CSP lets its redirect go there. */
      redirectOrigins: string[];
    };

// Node 24 has Intl.DurationFormat; TypeScript's lib here does not declare it yet.
const DurationFormat = (
  Intl as unknown as {
    DurationFormat: new (
      language: string,
      options: { style: "long" },
    ) => { format(duration: { years?: number; months?: number }): string };
  }
).DurationFormat;

/** A retention period in the reader's language ("6 months", "1년"), in years when it is whole years. */
export function retentionPeriod(months: number, language: string): string {
  const duration = months % 12 === 0 ? { years: months / 12 } : { months };
  try {
    return new DurationFormat(language, { style: "long" }).format(duration);
  } catch {
    return new DurationFormat("en", { style: "long" }).format(duration);
  }
}

function consentPartner(client: SsoClient, language: string): ConsentPartner {
  const months = client.retentionMonths;
  return {
    name: client.name,
    website: client.website,
    privacyUrl: client.privacyUrl,
    retention:
      months === null ? null : months === 0 ? { months: 0 } : { months, period: retentionPeriod(months, language) },
  };
}

/**
 * A sign-in's or join's destination that is a partner's waiting request (this interaction page), safe to go back
 * to; undefined for any other. A join keeps it in its draft and ends there instead of its welcome page.
 */
export function ssoReturn(redirectTo: string | null | undefined): string | undefined {
  if (!redirectTo?.startsWith(`${SSO_INTERACTION_PATH}/`)) return undefined;
  const safe = safeRedirect(redirectTo);
  return safe.startsWith(`${SSO_INTERACTION_PATH}/`) ? safe : undefined;
}

/**
 * The partner a sign-in door is on the way to, by its name: the doors' `redirectTo` is this interaction page
 * while a partner's request waits (signInHref). Null for any other destination, or one no longer running.
 */
export async function partnerOfReturn(
  services: Pick<Services, "stores">,
  redirectTo: string | null | undefined,
): Promise<string | null> {
  const match = /^\/ssoConsent\/([A-Za-z0-9_-]{1,100})(?:[?#]|$)/.exec(redirectTo ?? "");
  if (!match) return null;
  const found = await services.stores.sso.findPayload("Interaction", match[1]!, Date.now());
  if (!found) return null;
  let clientId: unknown;
  try {
    clientId = (JSON.parse(found.payload) as { params?: { client_id?: unknown } }).params?.client_id;
  } catch {
    return null;
  }
  if (typeof clientId !== "string") return null;
  const client = await services.stores.sso.findClient(clientId);
  return client && client.disabledAt === null ? client.name : null;
}

/** The provider's own address to go on to (it gives it absolute, on our origin), as a path on this site. */
function providerPath(returnTo: string): string {
  const url = new URL(returnTo);
  return safeRedirect(`${url.pathname}${url.search}`);
}

interface Found {
  details: Interaction;
  client: SsoClient;
}

/** The interaction of this browser, if it is the one in the address and still running; null otherwise. */
async function interactionOf(context: AppLoadContext, uid: string): Promise<Found | "expired" | "unknownPartner"> {
  const { sso } = context.services;
  if (!sso || !context.node) return "expired";
  let details: Interaction;
  try {
    details = await sso.provider.interactionDetails(sso.asIssuer(context.node.req), context.node.res);
  } catch {
    return "expired";
  }
  if (details.uid !== uid) return "expired";
  const client = await context.services.stores.sso.findClient(String(details.params.client_id ?? ""));
  if (!client || client.disabledAt !== null) return "unknownPartner";
  return { details, client };
}

/** The claim sets the request asked for that the partner may have, in a fixed order. */
function requestedClaims(details: Interaction, client: SsoClient): SsoClaimSet[] {
  const scopes = new Set(String(details.params.scope ?? "").split(" "));
  return SSO_CLAIM_SETS.filter((set) => scopes.has(set) && client.allowedClaims.includes(set));
}

/**
 * Sign-in must be at least this recent (ms), or null: `prompt=login` asks for a sign-in during this request,
 * `max_age` for one within so many seconds (OpenID Connect Core 3.1.2.1).
 */
function signInNeededAfter(details: Interaction, now: number): number | null {
  const prompts = String(details.params.prompt ?? "").split(" ");
  const bounds: number[] = [];
  // The request's start is known to the second (iat): a sign-in within that same second cannot be told apart from
  // one just before it, so only a later one counts.
  if (prompts.includes("login")) bounds.push((details.iat + 1) * 1000);
  const maxAge = Number(details.params.max_age);
  // A sign-in during this request meets any max_age (0 included: it would otherwise ask again for ever).
  if (details.params.max_age !== undefined && Number.isInteger(maxAge) && maxAge >= 0) {
    bounds.push(Math.min(now - maxAge * 1000, (details.iat + 1) * 1000));
  }
  return bounds.length ? Math.max(...bounds) : null;
}

/** The sign-in doors, coming back to this interaction; `again`: for a member already signed in. */
function signInHref(request: Request, again: boolean) {
  const url = new URL(request.url);
  const back = safeRedirect(`${url.pathname}${url.search}`);
  return `/member/start?${again ? "reauth=1&" : ""}redirectTo=${encodeURIComponent(back)}`;
}

/** The member, signed in recently enough for this request; otherwise a redirect to sign in and come back. */
async function memberFor(request: Request, context: AppLoadContext, details: Interaction): Promise<SessionMember> {
  const member = await requireMember(request, context.services);
  const after = signInNeededAfter(details, Date.now());
  if (after !== null && member.signedInAt < after) throw redirect(signInHref(request, true));
  return member;
}

/** What the interaction page shows: a problem, the way on after signing in, or the consent screen. */
export async function ssoInteraction(
  request: Request,
  context: AppLoadContext,
  uid: string,
): Promise<SsoInteractionView> {
  const found = await interactionOf(context, uid);
  if (typeof found === "string") return { kind: "problem", problem: found };
  const { details, client } = found;
  const member = await memberFor(request, context, details);
  // A sign-in, or one after "not you?" (which ended the provider's session of this request): the provider is told
  // who signed in, and goes on with that member (to a new interaction for consent where one is needed).
  if (details.prompt.name === "login" || !details.session?.accountId) {
    const { provider, asIssuer } = context.services.sso!;
    const to = await provider.interactionResult(asIssuer(context.node!.req), context.node!.res, {
      login: { accountId: member.uid, ts: Math.floor(member.signedInAt / 1000) },
    });
    // Not a redirect: after a sign-in form, a browser would hold the redirect on to the partner against that
    // form's CSP form-action ('self'). The page goes on by itself (a meta refresh, no JavaScript needed).
    return { kind: "continue", to: providerPath(to), partner: client.name };
  }
  // The provider's session belongs to another member than the one signed in here now: start again.
  if (details.session.accountId !== member.uid) return { kind: "problem", problem: "expired" };
  const claims = requestedClaims(details, client);
  const profile = await context.services.stores.members.profile(member.uid);
  return {
    kind: "consent",
    partner: consentPartner(client, await languageOf(request)),
    member: {
      name: profile?.name ?? "",
      phone: profile?.phoneNumber ? maskPhoneNumber(profile.phoneNumber) : null,
    },
    items: [
      { set: "sub", required: true },
      ...claims.map((set) => ({ set, required: !OPTIONAL_CLAIMS.includes(set) })),
    ],
    signInAgain: signInHref(request, false),
    redirectOrigins: [...new Set(client.redirectUris.map((uri) => new URL(uri).origin))],
  };
}

/**
 * The member's answer on the consent screen: agreed (with the optional claims they kept) or refused. Either
 * way the provider goes on and answers the partner (303 after this POST).
 */
export async function answerSsoConsent(
  request: Request,
  context: AppLoadContext,
  uid: string,
  form: FormData,
): Promise<Response | SsoInteractionView> {
  const found = await interactionOf(context, uid);
  if (typeof found === "string") return { kind: "problem", problem: found };
  const { details, client } = found;
  const member = await memberFor(request, context, details);
  if (details.prompt.name !== "consent" || details.session?.accountId !== member.uid) {
    return { kind: "problem", problem: "expired" };
  }
  if (form.get("decision") === "switch") {
    // "Not you?": the member is signed out here and at the provider (this request's session of it ends, and the
    // request forgets it), then signs in through the doors and comes back to this request as whoever they are.
    await context.services.stores.sso.destroyPayload("Session", details.session.cookie ?? "");
    delete details.session;
    await details.save(Math.max(1, details.exp - Math.floor(Date.now() / 1000)));
    const cleared = await endSession(request, context.services);
    throw redirect(signInHref(request, false), { status: 303, headers: { "Set-Cookie": cleared } });
  }
  const { provider, asIssuer } = context.services.sso!;
  const req = asIssuer(context.node!.req);
  const { res } = context.node!;
  if (form.get("decision") !== "allow") {
    const to = await provider.interactionResult(req, res, {
      error: "access_denied",
      error_description: "the member did not agree",
    });
    throw redirect(providerPath(to), 303);
  }
  const kept = new Set(form.getAll("share").map(String));
  const requested = requestedClaims(details, client);
  const granted = requested.filter((set) => !OPTIONAL_CLAIMS.includes(set) || kept.has(set));
  const asked = String(details.params.scope ?? "")
    .split(" ")
    .filter(Boolean);
  // A new grant for each answer: what was refused before and is given now (or the reverse) starts clean.
  const grant = new provider.Grant({ accountId: member.uid, clientId: client.clientId });
  grant.addOIDCScope(["openid", ...granted].join(" "));
  // What was asked and not given is recorded as refused: the provider does not ask again for it.
  const refused = asked.filter((scope) => scope !== "openid" && !granted.includes(scope as SsoClaimSet));
  if (refused.length) grant.rejectOIDCScope(refused.join(" "));
  const grantId = await grant.save();
  const earlier = await context.services.stores.sso.findConsent(member.uid, client.clientId);
  await context.services.stores.sso.saveConsent({
    uid: member.uid,
    clientId: client.clientId,
    grantId,
    claims: granted,
    createdAt: Date.now(),
  });
  // The tokens of the answer this one replaces end with it.
  if (earlier && earlier.grantId !== grantId) await context.services.stores.sso.revokeGrant(earlier.grantId);
  const to = await provider.interactionResult(req, res, { consent: { grantId } });
  throw redirect(providerPath(to), 303);
}

/**
 * The headers of the interaction pages: their own content security policy (the
 * app's, without the allowances of third parties: these pages load nothing from
 * anyone else), no framing, no referrer. The consent form's `form-action` lets
 * through the redirect that follows it to the partner's registered origins, and
 * nothing else (browsers apply it to the redirects after a form).
 */
export function ssoPageHeaders(nonce: string, view: SsoInteractionView, hosted: boolean): Headers {
  const formAction = ["'self'", ...(view.kind === "consent" ? view.redirectOrigins : [])];
  const policy = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${formAction.join(" ")}`,
    "frame-ancestors 'none'",
    ...(hosted ? ["upgrade-insecure-requests"] : []),
  ];
  return new Headers({
    "Content-Security-Policy": policy.join("; "),
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
  });
}
