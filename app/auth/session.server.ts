/**
 * Member sessions. The `__session` cookie carries a Firebase session cookie made
 * with createSessionCookie from a freshly signed-in ID token, sealed with our own
 * key (AES-GCM: the browser can neither read the token's claims nor forge one,
 * even where the Auth emulator would accept unsigned tokens). Only members (a
 * profile and a terms record) get one.
 *
 * Reading a session makes no network call on the hot path: Firebase's signature
 * check is local and cached, and our own revocations (sign-out, password change,
 * withdrawal) are a database lookup, so they end a session on the very next
 * request. A change made outside the app (the account disabled, deleted or its
 * tokens revoked in Firebase) is caught by asking Firebase at most once per
 * ACCOUNT_CHECK_INTERVAL_MS per session (the operator may shorten it: config ACCOUNT_CHECK_INTERVAL_MS).
 */
import { createHash } from "node:crypto";
import { redirect } from "@remix-run/node";
import { LRUCache } from "lru-cache";
import type { SessionClaims } from "~/stores/identity";
import { safeRedirect } from "~/lib/safeRedirect";
import { isMember } from "~/members/members.server";
import type { Services } from "~/context";
import { mustAgreeToTerms } from "~/terms/terms.server";
import { termsUpdateHref } from "~/terms/view.server";
import { appCookie } from "~/infra/cookies.server";
import { forbidden } from "~/infra/http.server";
import { seal, unseal } from "~/infra/secrets.server";

/** Firebase's longest session cookie. */
export const SESSION_MAX_AGE_S = 14 * 24 * 60 * 60;
/** A session may only be made from a sign-in this recent (Firebase's own advice). */
export const FRESH_SIGN_IN_S = 5 * 60;
/**
 * A session whose account was disabled, deleted or revoked outside the app stops working within this bound
 * (docs/decisions/0003); the configuration's ACCOUNT_CHECK_INTERVAL_MS, never longer than this, is the one in force.
 */
export const ACCOUNT_CHECK_INTERVAL_MS = 5 * 60_000;
/** When Firebase cannot be asked (an outage), the session is kept and Firebase asked again after this. */
const RETRY_CHECK_MS = 30_000;
const SEAL_LABEL = "session-cookie";

export interface SessionMember {
  uid: string;
  email: string | null;
  phoneNumber: string | null;
  /** When this session was made, by a sign-in (ms): a change that needs a recent sign-in reads it. */
  signedInAt: number;
  /**
   * A moderator: the admin role as the operator last set it in our storage (scripts/grant-admin.mjs), read on every
   * request; the `admin` custom claim of the sign-in where it was never set there.
   */
  admin: boolean;
}

interface SessionValue {
  token: string;
  /** When we issued the session (ms), compared with revocations. */
  issuedAt: number;
}

/**
 * What this process knows of a session, by a digest of its token: the claims
 * Firebase verified (valid until they expire) and when Firebase last confirmed the
 * account. Bounded in entries; a forgotten session is simply checked again.
 */
interface KnownSession {
  claims: SessionClaims;
  /** When Firebase last answered for the account (ms); 0 for never. */
  checkedAt: number;
  /** Firebase said the account is disabled, deleted or its sessions revoked. */
  refused: boolean;
}

/** What sessions use: the identity port, the revocations and profiles, the cookie rule and the sealing secret. */
export type SessionServices = Pick<Services, "config" | "stores" | "identity" | "sessionSecret">;

const known = new WeakMap<SessionServices, LRUCache<string, KnownSession>>();

function knownSessions(services: SessionServices) {
  let cache = known.get(services);
  if (!cache) known.set(services, (cache = new LRUCache({ max: 10_000 })));
  return cache;
}

const digest = (token: string) => createHash("sha256").update(token).digest("base64url");

// Not signed: the value is sealed by us, which authenticates it.
const sessionCookie = (services: SessionServices) =>
  appCookie(services.config, "__session", { maxAgeS: SESSION_MAX_AGE_S });

async function sessionClaims(services: SessionServices, token: string, now: number): Promise<SessionClaims | null> {
  const cache = knownSessions(services);
  const key = digest(token);
  let entry = cache.get(key);
  if (entry && entry.claims.expiresAt <= now) entry = undefined;
  if (!entry) {
    const verified = await services.identity.verifySession(token, { checkAccount: false });
    if (!verified.ok) return null;
    entry = { claims: verified.claims, checkedAt: 0, refused: false };
    cache.set(key, entry);
  }
  if (entry.refused) return null;
  const interval = Math.min(
    services.config.ACCOUNT_CHECK_INTERVAL_MS ?? ACCOUNT_CHECK_INTERVAL_MS,
    ACCOUNT_CHECK_INTERVAL_MS,
  );
  if (now - entry.checkedAt >= interval) {
    const checked = await services.identity.verifySession(token, { checkAccount: true });
    if (checked.ok) {
      entry.checkedAt = now;
    } else if (checked.reason === "unavailable") {
      // An outage (logged by the port): the session is kept, and Firebase asked again soon.
      entry.checkedAt = now - interval + Math.min(RETRY_CHECK_MS, interval);
    } else {
      // The account is disabled, deleted or revoked, or the token no longer holds: refused for good.
      entry.refused = true;
      return null;
    }
  }
  return entry.claims;
}

/** A session made (the Set-Cookie header value), or why not. */
export type StartedSession =
  | { ok: true; setCookie: string }
  /** stale: the sign-in is older than FRESH_SIGN_IN_S. notMember: an account without a member profile
   * (made at the identity provider directly, or a join never finished). unavailable: Firebase could not
   * make or vouch for the session. */
  | { ok: false; reason: "stale" | "notMember" | "unavailable" };

/** Makes a member's session from a fresh ID token. */
export async function startSession(
  services: SessionServices,
  idToken: string,
  now = Date.now(),
): Promise<StartedSession> {
  const { identity } = services;
  const signedIn = await identity.verifyIdToken(idToken);
  if (!signedIn.ok) return { ok: false, reason: "unavailable" };
  if (now - signedIn.signedInAt > FRESH_SIGN_IN_S * 1000) return { ok: false, reason: "stale" };
  if (!(await isMember(services, signedIn.uid))) return { ok: false, reason: "notMember" };
  const made = await identity.createSession(idToken, SESSION_MAX_AGE_S * 1000);
  if (!made.ok) return { ok: false, reason: "unavailable" };
  // Firebase has just vouched for this account: the first check is due one interval from now.
  const verified = await identity.verifySession(made.token, { checkAccount: false });
  if (!verified.ok) return { ok: false, reason: "unavailable" };
  knownSessions(services).set(digest(made.token), { claims: verified.claims, checkedAt: now, refused: false });
  const value: SessionValue = { token: made.token, issuedAt: now };
  const setCookie = await sessionCookie(services).serialize(
    seal(services.sessionSecret, SEAL_LABEL, JSON.stringify(value)),
  );
  return { ok: true, setCookie };
}

function sessionValue(services: SessionServices, sealed: unknown): SessionValue | null {
  if (typeof sealed !== "string" || sealed.length > 6000) return null;
  try {
    const value = JSON.parse(unseal(services.sessionSecret, SEAL_LABEL, sealed)) as Partial<SessionValue>;
    return typeof value.token === "string" && typeof value.issuedAt === "number"
      ? { token: value.token, issuedAt: value.issuedAt }
      : null;
  } catch {
    return null;
  }
}

const readValues = new WeakMap<SessionServices, LRUCache<string, SessionValue>>();

/**
 * The session value a Cookie header carries, remembered per header: a browser sends the same one on every page,
 * and decoding the cookie and opening its seal is a few per cent of a page view. Only what opened is kept; whether
 * the session still holds is checked on every request below.
 */
async function sessionValueIn(services: SessionServices, header: string): Promise<SessionValue | null> {
  let cache = readValues.get(services);
  if (!cache) readValues.set(services, (cache = new LRUCache({ max: 2_000 })));
  const kept = cache.get(header);
  if (kept) return kept;
  const value = sessionValue(
    services,
    await sessionCookie(services)
      .parse(header)
      .catch(() => null),
  );
  if (value) cache.set(header, value);
  return value;
}

/** The signed-in member, or null for no, forged, expired or revoked sessions. */
export async function readSession(
  request: Request,
  services: SessionServices,
  now = Date.now(),
): Promise<SessionMember | null> {
  const header = request.headers.get("Cookie");
  if (!header || header.length > 8192) return null;
  const value = await sessionValueIn(services, header);
  if (!value) return null;
  const claims = await sessionClaims(services, value.token, now);
  if (!claims) return null;
  // Both from our own storage, on every request (in a page's scope, one read with the rest of the member's screen):
  // a revocation, and the admin role as the operator last set it, hold from the next request in every process,
  // whatever the session carried at sign-in (decision 0082).
  const [validAfter, admin] = await Promise.all([
    services.stores.revocations.validAfter(claims.uid),
    services.stores.roles.admin(claims.uid),
  ]);
  if (validAfter !== null && value.issuedAt < validAfter) return null;
  return {
    uid: claims.uid,
    email: claims.email,
    phoneNumber: claims.phoneNumber,
    signedInAt: value.issuedAt,
    admin: admin ?? claims.admin,
  };
}

export interface MemberCheck {
  /**
   * Let in a member who has yet to agree to a required terms version in force: the re-consent page itself, and
   * withdrawal (a member who does not agree may leave instead).
   */
  beforeTermsAgreed?: boolean;
}

/**
 * The member, or a redirect to the start screen that brings the visitor back here afterwards; a member who has
 * yet to agree to a required terms version in force goes to the re-consent page first, and is brought back here
 * from it (docs/decisions/0057).
 */
export async function requireMember(
  request: Request,
  services: SessionServices,
  check: MemberCheck = {},
): Promise<SessionMember> {
  const member = await readSession(request, services);
  const url = new URL(request.url);
  const back = safeRedirect(`${url.pathname}${url.search}`);
  if (!member) throw redirect(`/member/start?redirectTo=${encodeURIComponent(back)}`);
  if (!check.beforeTermsAgreed && (await mustAgreeToTerms(services, member.uid))) throw redirect(termsUpdateHref(back));
  return member;
}

/** A moderator, or a 403 (a 404 would hide that the page exists; it is not a secret). */
export async function requireModerator(request: Request, services: SessionServices): Promise<SessionMember> {
  const member = await requireMember(request, services);
  if (!member.admin) forbidden();
  return member;
}

/** Changing the phone number or withdrawing needs a sign-in this recent. */
export const RECENT_SIGN_IN_MS = 5 * 60_000;

/**
 * The member, signed in within RECENT_SIGN_IN_MS; otherwise a redirect to sign in
 * again (`reauth`: the start screen lets a signed-in member do so), which brings them
 * back here.
 */
export async function requireRecentMember(
  request: Request,
  services: SessionServices,
  now = Date.now(),
  check: MemberCheck = {},
): Promise<SessionMember> {
  const member = await requireMember(request, services, check);
  if (now - member.signedInAt <= RECENT_SIGN_IN_MS) return member;
  const url = new URL(request.url);
  const back = safeRedirect(`${url.pathname}${url.search}`);
  throw redirect(`/member/start?reauth=1&redirectTo=${encodeURIComponent(back)}`);
}

/**
 * For sign-in screens: where to go afterwards. A member already signed in goes there
 * now, unless they came to confirm it is them (`reauth`).
 */
export async function signInDestination(request: Request, services: SessionServices): Promise<string> {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  if (!url.searchParams.has("reauth") && (await readSession(request, services))) throw redirect(redirectTo);
  return redirectTo;
}

/**
 * Ends every session of a member: here at once, then at Firebase (refresh tokens).
 * Used by sign-out, password change and withdrawal.
 */
export async function revokeSessions(services: Pick<Services, "stores" | "identity">, uid: string, now = Date.now()) {
  await services.stores.revocations.revoke(uid, now);
  // Local revocation already refuses the sessions; if Firebase cannot be told now (logged by the port), it
  // catches up on the next sign-in.
  await services.identity.revokeSessions(uid);
}

/** Signs the visitor out; resolves with the Set-Cookie header value that clears the cookie. */
export async function endSession(request: Request, services: SessionServices): Promise<string> {
  const member = await readSession(request, services);
  if (member) await revokeSessions(services, member.uid);
  return sessionCookie(services).serialize("", { maxAge: 0 });
}
