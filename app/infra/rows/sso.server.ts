/**
 * Single sign-on's rows as both SQL implementations read them (app/infra/sqlite, app/infra/postgres: the same
 * tables and columns), so a partner or a consent comes back alike from either.
 */
import type { SsoClaimSet, SsoClient, SsoConsent, SsoIdTokenAlg, SsoPayload } from "~/stores/sso";

export interface PayloadRow {
  payload: string;
  consumed_at: number | null;
}

export interface ClientRow {
  client_id: string;
  name: string;
  secret_hash: string;
  redirect_uris: string;
  allowed_claims: string;
  id_token_alg: SsoIdTokenAlg;
  /** SQLite's 0/1, PostgreSQL's boolean. */
  allow_no_pkce: number | boolean;
  website: string | null;
  privacy_url: string | null;
  /** PostgreSQL's integer comes back a number (not bigint). */
  retention_months: number | null;
  disabled_at: number | null;
  created_at: number;
}

export interface ConsentRow {
  uid: string;
  client_id: string;
  grant_id: string;
  claims: string;
  created_at: number;
}

export const payloadOf = (row: PayloadRow | undefined): SsoPayload | null =>
  row ? { payload: row.payload, consumedAt: row.consumed_at } : null;

export const clientOf = (row: ClientRow): SsoClient => ({
  clientId: row.client_id,
  name: row.name,
  secretHash: row.secret_hash,
  redirectUris: JSON.parse(row.redirect_uris) as string[],
  allowedClaims: JSON.parse(row.allowed_claims) as SsoClaimSet[],
  idTokenAlg: row.id_token_alg,
  allowNoPkce: row.allow_no_pkce === true || row.allow_no_pkce === 1,
  website: row.website,
  privacyUrl: row.privacy_url,
  retentionMonths: row.retention_months === null ? null : Number(row.retention_months),
  disabledAt: row.disabled_at,
  createdAt: row.created_at,
});

export const consentOf = (row: ConsentRow): SsoConsent => ({
  uid: row.uid,
  clientId: row.client_id,
  grantId: row.grant_id,
  claims: JSON.parse(row.claims) as SsoClaimSet[],
  createdAt: row.created_at,
});
