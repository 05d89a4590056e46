/**
 * Google sign-in without JavaScript: the server sends the visitor to Google
 * (OAuth code flow with state and nonce in a signed cookie), exchanges the code
 * for Google's ID token, and hands that to Firebase (signInWithIdp), which ends in
 * the same session cookie as every other way in. Google is a way to sign in to an
 * existing account; joining stays with the two sign-up flows, where the terms are
 * agreed.
 */
import crypto from "node:crypto";
import type { Config } from "~/config.server";
import { memberProfile } from "~/members/members.server";
import type { Services } from "~/services.server";
import { flowState } from "./flow.server";

export interface GoogleFlow {
  state: string;
  nonce: string;
  redirectTo: string;
}

export const googleFlow = (services: Services) => flowState<GoogleFlow>(services, "__google_flow");

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
    nonce: flow.nonce,
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

export type GoogleSignIn = { ok: true; idToken: string } | { ok: false; reason: "noAccount" | "failed" };

/**
 * Signs in with Google's ID token. Firebase makes a user for a Google identity it
 * has not seen; such a user has no member profile (and agreed to no terms), so it
 * is deleted again and the visitor is told to join first: no half-made accounts.
 */
export async function signInWithGoogleToken(
  services: Services,
  googleIdToken: string,
  requestUri: string,
): Promise<GoogleSignIn> {
  let tokens;
  try {
    tokens = await services.identity.toolkit.signInWithGoogle(googleIdToken, requestUri);
  } catch (error) {
    console.error(JSON.stringify({ level: "error", event: "google.signIn", error: String(error) }));
    return { ok: false, reason: "failed" };
  }
  if (memberProfile(services.db, tokens.uid)) return { ok: true, idToken: tokens.idToken };
  try {
    const user = await services.identity.auth.getUser(tokens.uid);
    const onlyGoogle = user.providerData.every((p) => p.providerId === "google.com") && !user.passwordHash;
    if (onlyGoogle && !user.phoneNumber) await services.identity.auth.deleteUser(tokens.uid);
  } catch (error) {
    console.error(JSON.stringify({ level: "error", event: "google.cleanup", error: String(error) }));
  }
  return { ok: false, reason: "noAccount" };
}

/** The nonce inside Google's ID token (its signature is checked by Firebase right after). */
export function nonceOf(googleIdToken: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(googleIdToken.split(".")[1] ?? "", "base64url").toString("utf8")) as {
      nonce?: unknown;
    };
    return typeof payload.nonce === "string" ? payload.nonce : null;
  } catch {
    return null;
  }
}
