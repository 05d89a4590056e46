/**
 * The partners registered for single sign-on: registering one (the CLI), its
 * secret (shown once, stored as a digest), and what the provider is told of it.
 * A secret is 32 random bytes, so a plain SHA-256 digest cannot be reversed by
 * guessing; oidc-provider's comparison is replaced by one against the digest
 * (provider.server.ts, docs/decisions/0069).
 */
import crypto from "node:crypto";
import { safeEqual } from "~/infra/secrets.server";
import type { SsoClaimSet, SsoClient, SsoIdTokenAlg, SsoStore } from "~/stores/sso";
import { SSO_CLAIM_SETS, SSO_ID_TOKEN_ALGS } from "~/stores/sso";

const DIGEST_PREFIX = "sha256:";

export const newClientSecret = () => crypto.randomBytes(32).toString("base64url");
export const newClientId = () => `p_${crypto.randomBytes(12).toString("base64url")}`;

export const secretDigest = (secret: string) =>
  `${DIGEST_PREFIX}${crypto.createHash("sha256").update(secret, "utf8").digest("base64url")}`;

/** Whether `secret` is the one whose digest is stored; the same time whatever differs. */
export function secretMatches(digest: string, secret: unknown): boolean {
  return typeof secret === "string" && secret.length <= 512 && safeEqual(digest, secretDigest(secret));
}

/**
 * A redirect URI a partner may register: absolute https (http only for this
 * machine, for development), no fragment, no credentials. It is compared
 * exactly, character for character, with what a request sends.
 */
export function redirectUriProblem(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return "is not an absolute URL";
  }
  const local = url.hostname === "localhost" || url.hostname === "127.0.0.1" || url.hostname === "[::1]";
  if (url.protocol !== "https:" && !(url.protocol === "http:" && local))
    return "must be https (http only for localhost)";
  if (url.hash || uri.includes("#")) return "must not have a fragment";
  if (url.username || url.password) return "must not carry credentials";
  if (url.href !== uri) return `is not in its normal form (${url.href})`;
  return null;
}

/**
 * A partner's web address or privacy policy, shown to members as a link: absolute https, no credentials; stored in
 * its normal form. Null when it can be taken.
 */
export function pageUrlProblem(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return "is not an absolute URL";
  }
  if (url.protocol !== "https:") return "must be https";
  if (url.username || url.password) return "must not carry credentials";
  if (uri.length > 500) return "is longer than 500 characters";
  return null;
}

/** The longest retention period a partner may declare (months): ten years. */
export const MAX_RETENTION_MONTHS = 120;

/** `--retention-months`: a whole number of months from 0 (deleted when the member ends access) to 120. */
export function parseRetentionMonths(text: string | undefined): number {
  if (text === undefined) throw new Error("--retention-months: required (0 to 120; 0: deleted when access ends)");
  if (!/^\d{1,3}$/.test(text.trim()) || Number(text) > MAX_RETENTION_MONTHS) {
    throw new Error(`--retention-months ${text}: a whole number from 0 to ${MAX_RETENTION_MONTHS}`);
  }
  return Number(text);
}

export function parseClaimSets(text: string | undefined): SsoClaimSet[] {
  if (!text) return [];
  const sets = [
    ...new Set(
      text
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  const unknown = sets.filter((s) => !(SSO_CLAIM_SETS as readonly string[]).includes(s));
  if (unknown.length) throw new Error(`unknown claims: ${unknown.join(", ")} (known: ${SSO_CLAIM_SETS.join(", ")})`);
  return sets as SsoClaimSet[];
}

export interface Registered {
  client_id: string;
  client_secret: string;
}

/** Registers a partner; throws with the reason when its name or URIs cannot be taken. */
export async function registerClient(
  store: SsoStore,
  input: {
    name: string;
    redirectUris: string[];
    allowedClaims: SsoClaimSet[];
    /** RS256 unless the partner asks for ES256. */
    idTokenAlg?: string;
    /** For the OpenID Foundation's certification suite only (decision 0081). */
    allowNoPkce?: boolean;
    /** The partner's web address and privacy policy (https), and its retention period: required (decision 0094). */
    website: string | undefined;
    privacyUrl: string | undefined;
    retentionMonths: number;
  },
  now = Date.now(),
): Promise<Registered> {
  const name = input.name.trim();
  if (!name || name.length > 100) throw new Error("--name: 1 to 100 characters");
  if (!input.redirectUris.length) throw new Error("--redirect-uri: at least one");
  for (const uri of input.redirectUris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new Error(`--redirect-uri ${uri}: ${problem}`);
  }
  const pages: Record<"website" | "privacy-url", string> = { website: "", "privacy-url": "" };
  for (const [option, value] of [
    ["website", input.website],
    ["privacy-url", input.privacyUrl],
  ] as const) {
    if (!value?.trim()) throw new Error(`--${option}: required (the partner's https address)`);
    const problem = pageUrlProblem(value.trim());
    if (problem) throw new Error(`--${option} ${value}: ${problem}`);
    pages[option] = new URL(value.trim()).href;
  }
  if (
    !Number.isInteger(input.retentionMonths) ||
    input.retentionMonths < 0 ||
    input.retentionMonths > MAX_RETENTION_MONTHS
  ) {
    throw new Error(`--retention-months: a whole number from 0 to ${MAX_RETENTION_MONTHS}`);
  }
  const idTokenAlg = input.idTokenAlg ?? "RS256";
  if (!(SSO_ID_TOKEN_ALGS as readonly string[]).includes(idTokenAlg)) {
    throw new Error(`--id-token-alg ${idTokenAlg}: one of ${SSO_ID_TOKEN_ALGS.join(", ")}`);
  }
  const secret = newClientSecret();
  const clientId = newClientId();
  const created = await store.createClient({
    clientId,
    name,
    secretHash: secretDigest(secret),
    redirectUris: [...new Set(input.redirectUris)],
    allowedClaims: input.allowedClaims,
    idTokenAlg: idTokenAlg as SsoIdTokenAlg,
    // Every partner is confidential (its secret authenticates it at the token endpoint): it may be let off PKCE.
    allowNoPkce: input.allowNoPkce === true,
    website: pages.website,
    privacyUrl: pages["privacy-url"],
    retentionMonths: input.retentionMonths,
    createdAt: now,
  });
  if (!created) throw new Error("client id taken: try again");
  return { client_id: clientId, client_secret: secret };
}

/** A new secret for a partner (the old one stops working at once); null when unknown. */
export async function rotateClientSecret(store: SsoStore, clientId: string): Promise<Registered | null> {
  const secret = newClientSecret();
  return (await store.replaceClientSecret(clientId, secretDigest(secret)))
    ? { client_id: clientId, client_secret: secret }
    : null;
}

/**
 * Disables a partner: it is unknown to the provider from the next request, and
 * every grant members gave it is revoked (its tokens stop working).
 */
export async function disableClient(store: SsoStore, clientId: string, now = Date.now()): Promise<boolean> {
  const disabled = await store.disableClient(clientId, now);
  for (const consent of await store.consentsTo(clientId)) {
    await store.revokeGrant(consent.grantId);
    await store.removeConsent(consent.uid, clientId);
  }
  return disabled;
}

/** The scopes a partner may ask for: `openid` and its allowed claim sets. */
export const scopesOf = (client: Pick<SsoClient, "allowedClaims">) => ["openid", ...client.allowedClaims];

/** What oidc-provider is told of a registered, enabled partner (its client metadata). */
export function clientMetadata(client: SsoClient) {
  return {
    client_id: client.clientId,
    // The digest: compared by secretMatches, never used as a key (no client_secret_jwt, no HS256 tokens).
    client_secret: client.secretHash,
    client_name: client.name,
    redirect_uris: client.redirectUris,
    response_types: ["code"],
    grant_types: ["authorization_code"],
    token_endpoint_auth_method: "client_secret_basic",
    id_token_signed_response_alg: client.idTokenAlg,
    // Read by provider.server.ts's PKCE rule: only a confidential partner (every one here is) may be let off it.
    klife_allow_no_pkce: client.allowNoPkce,
    // auth_time in every ID token: a partner can judge how recent the sign-in was.
    require_auth_time: true,
  };
}
