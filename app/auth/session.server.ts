/**
 * Member sessions. The `__session` cookie carries a Firebase session cookie made
 * with createSessionCookie from a freshly signed-in ID token, wrapped in a value
 * we sign ourselves (so a forged token is refused even where the Auth emulator
 * would accept unsigned ones). Reading a session makes no network call: Firebase
 * verifies the token locally, and revocations (sign-out, password change,
 * withdrawal) are kept in the database so a revoked session is refused on the
 * very next request.
 */
import { createCookie, redirect, type Cookie } from "@remix-run/node";
import type { DecodedIdToken } from "firebase-admin/auth";
import { LRUCache } from "lru-cache";
import { safeRedirect } from "~/lib/safeRedirect";
import type { Services } from "~/services.server";
import { IdentityError } from "./identityToolkit.server";

/** Firebase's longest session cookie. */
export const SESSION_MAX_AGE_S = 14 * 24 * 60 * 60;
/** A session may only be made from a sign-in this recent (Firebase's own advice). */
export const FRESH_SIGN_IN_S = 5 * 60;

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

const cookies = new WeakMap<Services, Cookie>();

/**
 * Tokens Firebase has verified (signature, issuer, expiry), kept until they expire
 * or for 5 minutes: verification costs about a millisecond and a token's
 * validity cannot change before its expiry. Revocation is checked on every request.
 */
const verifiedTokens = new WeakMap<Services, LRUCache<string, DecodedIdToken>>();

async function verifiedClaims(services: Services, token: string): Promise<DecodedIdToken | null> {
  let cache = verifiedTokens.get(services);
  if (!cache) {
    cache = new LRUCache({ max: 10_000, ttl: 5 * 60_000 });
    verifiedTokens.set(services, cache);
  }
  const cached = cache.get(token);
  if (cached && cached.exp * 1000 > Date.now()) return cached;
  try {
    const claims = await services.identity.auth.verifySessionCookie(token, false);
    cache.set(token, claims);
    return claims;
  } catch {
    return null;
  }
}

function sessionCookie(services: Services): Cookie {
  let cookie = cookies.get(services);
  if (!cookie) {
    cookie = createCookie("__session", {
      httpOnly: true,
      sameSite: "lax",
      secure: services.config.mode === "hosted",
      path: "/",
      maxAge: SESSION_MAX_AGE_S,
      secrets: [services.sessionSecret],
    });
    cookies.set(services, cookie);
  }
  return cookie;
}

/** Makes a session from a fresh ID token; resolves with the Set-Cookie header value. */
export async function startSession(services: Services, idToken: string, now = Date.now()): Promise<string> {
  const { auth } = services.identity;
  const claims = await auth.verifyIdToken(idToken);
  if (now / 1000 - claims.auth_time > FRESH_SIGN_IN_S) throw new IdentityError("STALE_SIGN_IN");
  const token = await auth.createSessionCookie(idToken, { expiresIn: SESSION_MAX_AGE_S * 1000 });
  return sessionCookie(services).serialize({ token, issuedAt: now } satisfies SessionValue);
}

/** The signed-in member, or null for no, forged, expired or revoked sessions. */
export async function readSession(request: Request, services: Services): Promise<SessionMember | null> {
  const header = request.headers.get("Cookie");
  if (!header || header.length > 8192) return null;
  let value: Partial<SessionValue> | null;
  try {
    value = (await sessionCookie(services).parse(header)) as Partial<SessionValue> | null;
  } catch {
    return null;
  }
  if (!value || typeof value.token !== "string" || typeof value.issuedAt !== "number") return null;
  const claims = await verifiedClaims(services, value.token);
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
    console.error(JSON.stringify({ level: "error", event: "revokeRefreshTokens", uid, error: String(error) }));
  }
}

/** Signs the visitor out; resolves with the Set-Cookie header value that clears the cookie. */
export async function endSession(request: Request, services: Services): Promise<string> {
  const member = await readSession(request, services);
  if (member) await revokeSessions(services, member.uid);
  return sessionCookie(services).serialize("", { maxAge: 0 });
}
