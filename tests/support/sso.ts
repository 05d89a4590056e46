/**
 * Single sign-on in tests: partners registered with the real CLI (build/sso-client.js) on a running server's
 * data directory, and a relying party built on openid-client 6 (a certified one) that builds authorization
 * requests with PKCE and checks what comes back.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as oidc from "openid-client";

const root = fileURLToPath(new URL("../..", import.meta.url));
const cli = path.join(root, "build", "sso-client.js");

/** Runs `npm run sso:client -- …args` (its built bundle) on a data directory; its standard output. */
export function ssoClientCli(env: Record<string, string>, args: string[]): string {
  return execFileSync(process.execPath, [cli, ...args], {
    env: env as NodeJS.ProcessEnv,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}

export interface Partner {
  clientId: string;
  secret: string;
  redirectUri: string;
  /** How its ID tokens are signed: RS256 unless registered with --id-token-alg. */
  idTokenAlg: "RS256" | "ES256";
}

/** Registers a partner through the CLI and gives its id and the secret shown once. */
export function registerPartner(
  env: Record<string, string>,
  name: string,
  redirectUri: string,
  claims = "profile,phone,email",
  options: { idTokenAlg?: "RS256" | "ES256"; allowNoPkce?: boolean; retentionMonths?: number } = {},
): Partner {
  const host = new URL(redirectUri).hostname;
  const out = ssoClientCli(env, [
    "add",
    "--name",
    name,
    "--website",
    `https://${host}/`,
    "--privacy-url",
    `https://${host}/privacy`,
    "--retention-months",
    String(options.retentionMonths ?? 6),
    "--redirect-uri",
    redirectUri,
    "--claims",
    claims,
    ...(options.idTokenAlg ? ["--id-token-alg", options.idTokenAlg] : []),
    ...(options.allowNoPkce ? ["--allow-no-pkce"] : []),
  ]);
  const { client_id, client_secret } = JSON.parse(out.trim()) as { client_id: string; client_secret: string };
  return { clientId: client_id, secret: client_secret, redirectUri, idTokenAlg: options.idTokenAlg ?? "RS256" };
}

/** The partner's openid-client configuration, from our discovery document. */
export async function relyingParty(issuer: string, partner: Partner, auth: "basic" | "post" = "basic") {
  const config = await oidc.discovery(
    new URL(issuer),
    partner.clientId,
    { redirect_uris: [partner.redirectUri], id_token_signed_response_alg: partner.idTokenAlg },
    auth === "basic" ? oidc.ClientSecretBasic(partner.secret) : oidc.ClientSecretPost(partner.secret),
    { execute: [oidc.allowInsecureRequests] },
  );
  return config;
}

export interface Started {
  url: URL;
  verifier: string;
  state: string;
  nonce: string;
}

/** An authorization request as a partner makes one: code flow, PKCE S256, state and nonce. */
export async function authorizationRequest(
  config: oidc.Configuration,
  partner: Partner,
  extra: Record<string, string> = {},
): Promise<Started> {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: partner.redirectUri,
    scope: "openid profile phone email",
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    nonce,
    ...extra,
  });
  return { url, verifier, state, nonce };
}

export { oidc };
