/**
 * Google sign-in without JavaScript: the server sends the visitor to Google
 * (OAuth code flow with state and nonce kept in a server-side flow, spent once by
 * the callback), exchanges the code
 * for Google's ID token, and hands that to Firebase (signInWithIdp), which ends in
 * the same session cookie as every other way in. A Google identity without an
 * account joins through the ID flow's screens (terms, name and phone, nationality
 * and visa), with Google in place of the ID and password: the join starts in
 * account/lifecycle.server.ts (startGoogleJoin).
 */
import crypto from "node:crypto";
import type { Account } from "~/stores/identity";
import type { Config } from "~/infra/config.server";
import { isMember } from "~/members/members.server";
import type { Services } from "~/context";
import { flow, type FlowServices } from "./flow.server";
import { log } from "~/infra/log.server";

export interface GoogleFlow {
  state: string;
  nonce: string;
  redirectTo: string;
}

/** Ten minutes to choose an account at Google and come back. */
export const GOOGLE_FLOW_TTL_MS = 10 * 60_000;

export const googleFlow = (services: FlowServices) =>
  flow<GoogleFlow>(services, "google", { cookie: "__google_flow", ttlMs: GOOGLE_FLOW_TTL_MS });

export function googleConfigured(config: Config): boolean {
  return Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);
}

export function callbackUrl(config: Config, request: Request): string {
  const origin = config.mode === "hosted" ? config.PUBLIC_ORIGIN : new URL(request.url).origin;
  return `${origin}/member/google/callback`;
}

export function newGoogleFlow(redirectTo: string): GoogleFlow {
  return {
    state: crypto.randomBytes(16).toString("base64url"),
    nonce: crypto.randomBytes(16).toString("base64url"),
    redirectTo,
  };
}

export function authorizeUrl(config: Config, redirectUri: string, flow: GoogleFlow): string {
  const url = new URL(config.GOOGLE_AUTHORIZE_URL);
  url.search = new URLSearchParams({
    client_id: config.GOOGLE_CLIENT_ID ?? "",
    redirect_uri: redirectUri,
    response_type: "code",
    scope: "openid email profile",
    state: flow.state,
    nonce: hashedNonce(flow.nonce),
    prompt: "select_account",
  }).toString();
  return url.toString();
}

/** Google's ID token for an authorization code, or null. */
export async function exchangeCode(config: Config, code: string, redirectUri: string): Promise<string | null> {
  const response = await fetch(config.GOOGLE_TOKEN_URL, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      code,
      client_id: config.GOOGLE_CLIENT_ID ?? "",
      client_secret: config.GOOGLE_CLIENT_SECRET ?? "",
      redirect_uri: redirectUri,
      grant_type: "authorization_code",
    }),
    signal: AbortSignal.timeout(10_000),
  });
  const data = (await response.json().catch(() => ({}))) as { id_token?: unknown };
  return response.ok && typeof data.id_token === "string" ? data.id_token : null;
}

export interface GoogleIdentity {
  /** Google's stable id for the person (`sub`). */
  subject: string;
  email: string;
  name: string;
}

/** Google's ID token and the raw nonce its `nonce` claim was made from. */
export interface GoogleCredential {
  idToken: string;
  rawNonce: string;
}

export type GoogleSignIn =
  { outcome: "member"; idToken: string } | { outcome: "newcomer"; identity: GoogleIdentity } | { outcome: "failed" };

/** A Firebase user that only Google made (no password, no phone): one of our half-made joiners, safe to remove. */
export function isBareGoogleUser(account: Account): boolean {
  return account.providers.every((p) => p === "google.com") && !account.phoneNumber;
}

/**
 * Signs in with Google's ID token. Firebase makes a user for a Google identity it
 * has not seen; such a user has no member profile and agreed to no terms, so it
 * is deleted again at once and the visitor joins (account/lifecycle.server.ts: startGoogleJoin): the account
 * is made only when they finish, from the token kept in their draft.
 */
export async function signInWithGoogleToken(
  services: Pick<Services, "identity" | "stores">,
  google: GoogleCredential,
  requestUri: string,
): Promise<GoogleSignIn> {
  const { identity } = services;
  const tokens = await identity.signInWithGoogle(google.idToken, requestUri, google.rawNonce);
  if (!tokens.ok) {
    log.error("google.signIn", undefined, { reason: tokens.reason });
    return { outcome: "failed" };
  }
  if (await isMember(services, tokens.uid)) return { outcome: "member", idToken: tokens.idToken };
  const found = await identity.findByUid(tokens.uid);
  // A user without a profile that has more than Google is not ours to remove, nor to join with.
  if (!found.ok || !found.account || !isBareGoogleUser(found.account)) return { outcome: "failed" };
  const deleted = await identity.deleteUser(tokens.uid);
  if (!deleted.ok) {
    log.error("google.cleanup", undefined, { reason: deleted.reason, uid: tokens.uid });
    return { outcome: "failed" };
  }
  const subject = claimsOf(google.idToken).sub;
  if (typeof subject !== "string" || !subject || !tokens.email) return { outcome: "failed" };
  return { outcome: "newcomer", identity: { subject, email: tokens.email, name: tokens.displayName ?? "" } };
}

function claimsOf(googleIdToken: string): { nonce?: unknown; sub?: unknown } {
  try {
    const payload = JSON.parse(Buffer.from(googleIdToken.split(".")[1] ?? "", "base64url").toString("utf8")) as unknown;
    return typeof payload === "object" && payload ? payload : {};
  } catch {
    return {};
  }
}

/**
 * Google is given the SHA-256 of our nonce and writes it into the ID token; Firebase
 * is given the raw nonce and checks the two match (as its own SDKs do), so a token
 * taken from another sign-in cannot be replayed here.
 */
export function hashedNonce(rawNonce: string): string {
  return crypto.createHash("sha256").update(rawNonce).digest("hex");
}

/** Whether Google's ID token carries this flow's nonce (its signature is checked by Firebase right after). */
export function tokenHasNonce(googleIdToken: string, rawNonce: string): boolean {
  return claimsOf(googleIdToken).nonce === hashedNonce(rawNonce);
}
