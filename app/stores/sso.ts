/**
 * Single sign-on (app/sso, docs/decisions/0069): what the OpenID provider keeps
 * (its adapter's records: codes, tokens, grants, sessions, interactions, as
 * opaque JSON payloads), the partners registered to use it, and which partners
 * each member let in (their consent, until withdrawn).
 */

/** One record of the provider's adapter (oidc-provider's models: AuthorizationCode, AccessToken, Grant, …). */
export interface SsoPayloadIn {
  /** The provider's JSON payload, kept as it is. */
  payload: string;
  /** The grant the record belongs to: every record of a grant is revoked together. */
  grantId: string | null;
  /** An interaction's or session's uid (findByUid). */
  uid: string | null;
  userCode: string | null;
  /** ms since the epoch; null: never expires. */
  expiresAt: number | null;
}

export interface SsoPayload {
  payload: string;
  /** When the record was consumed (a code exchanged), ms; null if not. */
  consumedAt: number | null;
}

/** Which claims a partner may ask for, besides the member's identifier (`sub`). */
export const SSO_CLAIM_SETS = ["profile", "phone", "email"] as const;
export type SsoClaimSet = (typeof SSO_CLAIM_SETS)[number];

/** How a partner's ID tokens are signed: RS256 unless it registered for ES256 (docs/decisions/0081). */
export const SSO_ID_TOKEN_ALGS = ["RS256", "ES256"] as const;
export type SsoIdTokenAlg = (typeof SSO_ID_TOKEN_ALGS)[number];

export interface NewSsoClient {
  clientId: string;
  name: string;
  /** A digest of the secret (app/sso/clients.server.ts): the secret itself is shown once and never stored. */
  secretHash: string;
  /** Exact URIs: a redirect_uri must equal one of them. */
  redirectUris: string[];
  allowedClaims: SsoClaimSet[];
  /** Partners registered before RS256 was offered keep ES256, which they were told (decision 0081). */
  idTokenAlg: SsoIdTokenAlg;
  /** A confidential partner let in without PKCE, for the OpenID Foundation's certification suite only (0081). */
  allowNoPkce: boolean;
  /**
   * The partner's web address and privacy policy (https), shown on the consent screen; null for partners
   * registered before they were asked (decision 0094).
   */
  website: string | null;
  privacyUrl: string | null;
  /**
   * How long the partner keeps what it received after the member ends its access, in months (0: it deletes it
   * then); null when not known (registered before it was asked). Shown as the retention period (PIPA art. 17).
   */
  retentionMonths: number | null;
  createdAt: number;
}

export interface SsoClient extends NewSsoClient {
  /** ms; a disabled client is unknown to the provider. */
  disabledAt: number | null;
}

/** A member's consent to one partner: what it may receive, and the provider's grant that carries it. */
export interface SsoConsent {
  uid: string;
  clientId: string;
  grantId: string;
  /** The claim sets the member agreed to share. */
  claims: SsoClaimSet[];
  createdAt: number;
}

export interface SsoStore {
  // The provider's adapter: one table of payloads by model and id.
  upsertPayload(model: string, id: string, record: SsoPayloadIn): Promise<void>;
  /** The record, unless it expired at `now` (ms). */
  findPayload(model: string, id: string, now: number): Promise<SsoPayload | null>;
  findPayloadByUid(model: string, uid: string, now: number): Promise<SsoPayload | null>;
  findPayloadByUserCode(model: string, userCode: string, now: number): Promise<SsoPayload | null>;
  /** Marks the record consumed at `at` (the first time only). */
  consumePayload(model: string, id: string, at: number): Promise<void>;
  destroyPayload(model: string, id: string): Promise<void>;
  /** Removes every record of a grant (all models): its codes and tokens stop working. */
  revokeGrant(grantId: string): Promise<void>;
  /** Removes records expired at `now`; how many. */
  pruneExpired(now: number): Promise<number>;

  // Registered partners.
  /** False when the client id is taken. */
  createClient(client: NewSsoClient): Promise<boolean>;
  findClient(clientId: string): Promise<SsoClient | null>;
  /** Every client, oldest first. */
  listClients(): Promise<SsoClient[]>;
  /** Disables a client (its tokens and consents stop working); false when unknown or disabled already. */
  disableClient(clientId: string, at: number): Promise<boolean>;
  /** Replaces a client's secret digest; false when unknown. */
  replaceClientSecret(clientId: string, secretHash: string): Promise<boolean>;

  // Members' consents, one per member and partner.
  /** Records (or replaces) the member's consent to the client. */
  saveConsent(consent: SsoConsent): Promise<void>;
  findConsent(uid: string, clientId: string): Promise<SsoConsent | null>;
  /** The member's consents, newest first. */
  consentsOf(uid: string): Promise<SsoConsent[]>;
  /** Removes the consent and returns it (its grant is then revoked by the caller); null when there was none. */
  removeConsent(uid: string, clientId: string): Promise<SsoConsent | null>;
  /** Every consent given to the client (disabling a client revokes their grants). */
  consentsTo(clientId: string): Promise<SsoConsent[]>;
}
