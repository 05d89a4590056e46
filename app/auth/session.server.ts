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
 * ACCOUNT_CHECK_INTERVAL_MS per session.
 */
import { createHash } from "node:crypto";
import { redirect } from "@remix-run/node";
import type { DecodedIdToken } from "firebase-admin/auth";
import { LRUCache } from "lru-cache";
import { safeRedirect } from "~/lib/safeRedirect";
import { memberProfile } from "~/members/members.server";
import type { Services } from "~/infra/services.server";
import { appCookie } from "~/infra/cookies.server";
import { IdentityError } from "~/infra/firebase/identityToolkit.server";
import { seal, unseal } from "~/infra/secrets.server";
import { log } from "~/infra/log.server";

/** Firebase's longest session cookie. */
export const SESSION_MAX_AGE_S = 14 * 24 * 60 * 60;
/** A session may only be made from a sign-in this recent (Firebase's own advice). */
export const FRESH_SIGN_IN_S = 5 * 60;
/** A session whose account was disabled, deleted or revoked outside the app stops working within this bound. */
export const ACCOUNT_CHECK_INTERVAL_MS = 5 * 60_000;
/** When Firebase cannot be asked (an outage), the session is kept and Firebase asked again after this. */
const RETRY_CHECK_MS = 30_000;
const SEAL_LABEL = "session-cookie";

export interface SessionMember {
  uid: string;
  email: string | null;
  phoneNumber: string | null;
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
  claims: DecodedIdToken;
  /** When Firebase last answered for the account (ms); 0 for never. */
  checkedAt: number;
  /** Firebase said the account is disabled, deleted or its sessions revoked. */
  refused: boolean;
}

const known = new WeakMap<Services, LRUCache<string, KnownSession>>();

function knownSessions(services: Services) {
  let cache = known.get(services);
  if (!cache) known.set(services, (cache = new LRUCache({ max: 10_000 })));
  return cache;
}

const digest = (token: string) => createHash("sha256").update(token).digest("base64url");

// Not signed: the value is sealed by us, which authenticates it.
const sessionCookie = (services: Services) => appCookie(services.config, "__session", { maxAgeS: SESSION_MAX_AGE_S });

/** Firebase's answers that end a session for good; anything else (a timeout, a 5xx) is an outage. */
const ACCOUNT_GONE = new Set([
  "auth/session-cookie-revoked",
  "auth/session-cookie-expired",
  "auth/user-disabled",
  "auth/user-not-found",
  "auth/argument-error",
  "auth/invalid-session-cookie-duration",
]);

async function sessionClaims(services: Services, token: string, now: number): Promise<DecodedIdToken | null> {
  const cache = knownSessions(services);
  const key = digest(token);
  let entry = cache.get(key);
  if (entry && entry.claims.exp * 1000 <= now) entry = undefined;
  if (!entry) {
    try {
      entry = { claims: await services.identity.auth.verifySessionCookie(token, false), checkedAt: 0, refused: false };
    } catch {
      return null;
    }
    cache.set(key, entry);
  }
  if (entry.refused) return null;
  if (now - entry.checkedAt >= ACCOUNT_CHECK_INTERVAL_MS) {
    try {
      await services.identity.auth.verifySessionCookie(token, true);
      entry.checkedAt = now;
    } catch (error) {
      const code = (error as { code?: string }).code ?? "";
      if (ACCOUNT_GONE.has(code)) {
        entry.refused = true;
        return null;
      }
      log.error("session.accountCheck", error);
      entry.checkedAt = now - ACCOUNT_CHECK_INTERVAL_MS + RETRY_CHECK_MS;
    }
  }
  return entry.claims;
}

/**
 * Makes a member's session from a fresh ID token; resolves with the Set-Cookie
 * header value. An account without a member profile (made at the identity
 * provider directly, or a join never finished) is refused: NOT_A_MEMBER.
 */
export async function startSession(services: Services, idToken: string, now = Date.now()): Promise<string> {
  const { auth } = services.identity;
  const claims = await auth.verifyIdToken(idToken);
  if (now / 1000 - claims.auth_time > FRESH_SIGN_IN_S) throw new IdentityError("STALE_SIGN_IN");
  if (!memberProfile(services.db, claims.uid)) throw new IdentityError("NOT_A_MEMBER");
  const token = await auth.createSessionCookie(idToken, { expiresIn: SESSION_MAX_AGE_S * 1000 });
  // Firebase has just vouched for this account: the first check is due one interval from now.
  const sessionToken = await auth.verifySessionCookie(token, false);
  knownSessions(services).set(digest(token), { claims: sessionToken, checkedAt: now, refused: false });
  const value: SessionValue = { token, issuedAt: now };
  return sessionCookie(services).serialize(seal(services.sessionSecret, SEAL_LABEL, JSON.stringify(value)));
}

function sessionValue(services: Services, sealed: unknown): SessionValue | null {
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

/** The signed-in member, or null for no, forged, expired or revoked sessions. */
export async function readSession(
  request: Request,
  services: Services,
  now = Date.now(),
): Promise<SessionMember | null> {
  const header = request.headers.get("Cookie");
  if (!header || header.length > 8192) return null;
  const value = sessionValue(
    services,
    await sessionCookie(services)
      .parse(header)
      .catch(() => null),
  );
  if (!value) return null;
  const claims = await sessionClaims(services, value.token, now);
  if (!claims) return null;
  const revoked = services.db.prepare("SELECT valid_after FROM session_revocations WHERE uid = ?").get(claims.uid) as
    { valid_after: number } | undefined;
  if (revoked && value.issuedAt < revoked.valid_after) return null;
  return { uid: claims.uid, email: claims.email ?? null, phoneNumber: claims.phone_number ?? null };
}

/** The member, or a redirect to the start screen that brings the visitor back here afterwards. */
export async function requireMember(request: Request, services: Services): Promise<SessionMember> {
  const member = await readSession(request, services);
  if (member) return member;
  const url = new URL(request.url);
  const back = safeRedirect(`${url.pathname}${url.search}`);
  throw redirect(`/member/start?redirectTo=${encodeURIComponent(back)}`);
}

/** For sign-in screens: where to go afterwards. A member already signed in goes there now. */
export async function signInDestination(request: Request, services: Services): Promise<string> {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  if (await readSession(request, services)) throw redirect(redirectTo);
  return redirectTo;
}

/**
 * Ends every session of a member: here at once, then at Firebase (refresh tokens).
 * Used by sign-out, password change and withdrawal.
 */
export async function revokeSessions(services: Services, uid: string, now = Date.now()) {
  services.db
    .prepare(
      `INSERT INTO session_revocations (uid, valid_after) VALUES (?, ?)
       ON CONFLICT (uid) DO UPDATE SET valid_after = max(valid_after, excluded.valid_after)`,
    )
    .run(uid, now);
  try {
    await services.identity.auth.revokeRefreshTokens(uid);
  } catch (error) {
    // Local revocation already refuses the sessions; Firebase catches up on the next sign-in.
    log.error("revokeRefreshTokens", error, { uid });
  }
}

/** Signs the visitor out; resolves with the Set-Cookie header value that clears the cookie. */
export async function endSession(request: Request, services: Services): Promise<string> {
  const member = await readSession(request, services);
  if (member) await revokeSessions(services, member.uid);
  return sessionCookie(services).serialize("", { maxAge: 0 });
}
