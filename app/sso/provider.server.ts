/**
 * The OpenID provider of single sign-on (docs/decisions/0069): oidc-provider,
 * configured for the authorization code flow only, PKCE S256 for every client
 * (but a confidential one registered for the certification suite without it),
 * registered partners from the stores, members as accounts, everything it keeps
 * in the stores (one table, through the adapter below), and our own sign-in and
 * consent pages as its interactions (app/routes/ssoConsent.$uid.tsx). The server
 * mounts its handler at /sso (server/mounts.ts).
 */
import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import Provider, { interactionPolicy, type Adapter, type AdapterPayload, type KoaContextWithOIDC } from "oidc-provider";
import type { Services } from "~/context";
import type { Config } from "~/infra/config.server";
import { log } from "~/infra/log.server";
import type { SsoStore } from "~/stores/sso";
import { readSession } from "~/auth/session.server";
import { clientMetadata, secretMatches } from "./clients.server";
import { ssoErrorPage } from "./errorPage.server";
import { SSO_INTERACTION_PATH } from "./interaction.server";
import { signingKeysOf } from "./keys.server";
import type { SsoService } from "./service";

/** Codes live a minute at most (the issue's bound; oidc-provider's default too). */
export const SSO_CODE_LIFETIME_S = 60;
/** ID and access tokens: what a retired signing key must outlive (docs/decisions/0070). */
export const SSO_TOKEN_LIFETIME_S = 10 * 60;
/** The provider's own session in the browser never outlives ours (the login check below), nor this. */
const SSO_SESSION_LIFETIME_S = 14 * 24 * 60 * 60;
/** A member's consent is kept until withdrawn; its grant is renewed each time it is used within this. */
const SSO_GRANT_LIFETIME_S = 365 * 24 * 60 * 60;
/** An interaction (sign-in, consent) must be finished within this. */
const SSO_INTERACTION_LIFETIME_S = 30 * 60;

/** Claims by scope: the member's identifier always; name, phone and e-mail by scope, client allowance and consent. */
const CLAIMS = {
  openid: ["sub"],
  profile: ["name"],
  phone: ["phone_number", "phone_number_verified"],
  email: ["email", "email_verified"],
};

/** The models issued under a grant: revoked with it. */
const GRANTED_MODELS = new Set([
  "AuthorizationCode",
  "AccessToken",
  "RefreshToken",
  "DeviceCode",
  "BackchannelAuthenticationRequest",
]);

type SsoServices = Pick<Services, "config" | "stores" | "identity" | "sessionSecret">;

/** The adapter of one oidc-provider model on the store; clients come from the registered partners. */
function storeAdapter(store: SsoStore, model: string): Adapter {
  const parse = (found: { payload: string; consumedAt: number | null } | null): AdapterPayload | undefined =>
    found
      ? {
          ...(JSON.parse(found.payload) as AdapterPayload),
          ...(found.consumedAt === null ? {} : { consumed: Math.floor(found.consumedAt / 1000) }),
        }
      : undefined;
  return {
    async upsert(id, payload, expiresIn) {
      await store.upsertPayload(model, id, {
        payload: JSON.stringify(payload),
        // A grant is revoked with everything issued under it (its own record too), and nothing else: an
        // interaction names the grant it may extend, and must outlive the one it replaces.
        grantId: model === "Grant" ? id : GRANTED_MODELS.has(model) ? (payload.grantId ?? null) : null,
        uid: payload.uid ?? null,
        userCode: payload.userCode ?? null,
        expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : null,
      });
    },
    async find(id) {
      if (model === "Client") {
        const client = await store.findClient(id);
        return client && client.disabledAt === null ? clientMetadata(client) : undefined;
      }
      return parse(await store.findPayload(model, id, Date.now()));
    },
    async findByUid(uid) {
      return parse(await store.findPayloadByUid(model, uid, Date.now()));
    },
    async findByUserCode(userCode) {
      return parse(await store.findPayloadByUserCode(model, userCode, Date.now()));
    },
    async consume(id) {
      await store.consumePayload(model, id, Date.now());
    },
    async destroy(id) {
      await store.destroyPayload(model, id);
    },
    async revokeByGrantId(grantId) {
      await store.revokeGrant(grantId);
    },
  };
}

/** The client metadata that lets a confidential partner leave out PKCE (clientMetadata, decision 0081). */
const ALLOW_NO_PKCE = "klife_allow_no_pkce";

const AUTHORIZATION_PATH = "/authorize";
const isAuthorizationPath = (url: string | undefined) => (url ?? "").split("?")[0] === AUTHORIZATION_PATH;

/** A request's body: as the mount's edge already read it (a form, server/unstorable.ts), or from the stream. */
async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const read = (req as IncomingMessage & { body?: unknown }).body;
  if (Buffer.isBuffer(read)) return read;
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The authorization endpoint by POST (OpenID Connect Core 3.1.2.1: form-encoded parameters): answered with a 303
 * to the same request by GET, which the provider judges as every other. A partner's page posts it across sites,
 * where the browser sends no SameSite=Lax cookie (ours and the provider's); the GET that follows is a top-level
 * navigation that carries them, so a signed-in member, prompt=none and remembered consent behave as by GET
 * (decision 0081). The body is bounded by the mount (8 KiB, its length declared).
 */
async function authorizationByPost(req: IncomingMessage, res: ServerResponse, issuer: string) {
  const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  const body = await bodyOf(req);
  if (type !== "application/x-www-form-urlencoded") {
    // Not a request the provider can read: its translated page, never a redirect.
    const header = (name: string) => String(req.headers[name] ?? "");
    res.statusCode = 400;
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Cache-Control", "no-store");
    res.end(await ssoErrorPage(header("cookie"), header("accept-language"), "invalid_request"));
    return;
  }
  // Only the body's parameters count, as the provider itself reads a POST.
  const params = new URLSearchParams(body.toString("utf8"));
  res.statusCode = 303;
  res.setHeader("Location", `${issuer}${AUTHORIZATION_PATH}?${params.toString()}`);
  res.setHeader("Cache-Control", "no-store");
  res.end();
}

/** The request as our session code reads it: only its cookies matter. */
function sessionRequest(ctx: KoaContextWithOIDC): Request {
  const headers = new Headers();
  const cookie = ctx.get("cookie");
  if (cookie) headers.set("Cookie", cookie);
  return new Request("http://localhost/", { headers });
}

/** The issuer: SSO_ISSUER, else the public origin's /sso (hosted) or http://localhost:PORT/sso (local). */
export function issuerOf(config: Config): string {
  if (config.SSO_ISSUER) return config.SSO_ISSUER.replace(/\/$/, "");
  return config.mode === "hosted"
    ? `${new URL(config.PUBLIC_ORIGIN).origin}/sso`
    : `http://localhost:${config.PORT}/sso`;
}

/** The provider, or null when this deployment has no signing keys (hosted mode without SSO_SIGNING_KEYS). */
export function createSso(services: SsoServices): SsoService | null {
  const { config, stores } = services;
  const jwks = signingKeysOf(config);
  if (!jwks) return null;
  const issuer = issuerOf(config);

  // The provider's session in the browser stands for ours: when the member signed out here (or another member
  // signed in), a partner's request needs a sign-in again, and `prompt=none` answers login_required.
  const { Check } = interactionPolicy;
  const policy = interactionPolicy.base();
  policy.get("login")?.checks.add(
    new Check("app_session", "the member's K-Life session ended", "login_required", async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId) return Check.NO_NEED_TO_PROMPT;
      const member = await readSession(sessionRequest(ctx), services);
      return member?.uid === accountId ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT;
    }),
  );

  const provider = new Provider(issuer, {
    adapter: (model: string) => storeAdapter(stores.sso, model),
    clients: [],
    clientDefaults: {
      grant_types: ["authorization_code"],
      response_types: ["code"],
      id_token_signed_response_alg: "RS256",
      token_endpoint_auth_method: "client_secret_basic",
    },
    clientAuthMethods: ["client_secret_basic", "client_secret_post"],
    // No browser calls our endpoints across sites (partners' servers do): no CORS but discovery's and the JWKS's.
    clientBasedCORS: () => false,
    responseTypes: ["code"],
    // PKCE for every partner, but a confidential one registered with --allow-no-pkce (decision 0081).
    pkce: {
      required: (_ctx, client) => !(client[ALLOW_NO_PKCE] === true && client.clientAuthMethod !== "none"),
    },
    extraClientMetadata: { properties: [ALLOW_NO_PKCE] },
    allowOmittingSingleRegisteredRedirectUri: false,
    scopes: ["openid", "profile", "phone", "email"],
    claims: CLAIMS,
    conformIdTokenClaims: true,
    jwks,
    // RS256 is what OpenID Connect requires of every provider (Core 15.1), ES256 for partners registered for it.
    enabledJWA: {
      idTokenSigningAlgValues: ["RS256", "ES256"],
      userinfoSigningAlgValues: ["RS256", "ES256"],
    },
    cookies: {
      // Derived from the session secret: every process of a deployment signs and reads the same cookies.
      keys: [crypto.createHmac("sha256", services.sessionSecret).update("sso-cookies").digest("base64url")],
      long: { httpOnly: true, sameSite: "lax", signed: true },
      short: { httpOnly: true, sameSite: "lax", signed: true },
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      userinfo: { enabled: true },
      revocation: { enabled: false },
      introspection: { enabled: false },
      registration: { enabled: false },
      claimsParameter: { enabled: false },
      requestObjects: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      dPoP: { enabled: false },
    },
    routes: {
      authorization: "/authorize",
      token: "/token",
      userinfo: "/userinfo",
      jwks: "/jwks",
    },
    ttl: {
      AuthorizationCode: SSO_CODE_LIFETIME_S,
      AccessToken: SSO_TOKEN_LIFETIME_S,
      IdToken: SSO_TOKEN_LIFETIME_S,
      Interaction: SSO_INTERACTION_LIFETIME_S,
      Session: SSO_SESSION_LIFETIME_S,
      Grant: SSO_GRANT_LIFETIME_S,
    },
    // No refresh tokens (docs/decisions/0069): no partner has the grant and no scope is offline_access, so
    // oidc-provider's own rule issues none, and discovery lists only the grant offered (decision 0081).
    interactions: {
      policy,
      url: async (_ctx: KoaContextWithOIDC, interaction: { uid: string }) =>
        `${SSO_INTERACTION_PATH}/${interaction.uid}`,
    },
    // A member's consent is remembered per partner across browsers (the stores), until withdrawn.
    loadExistingGrant: async (ctx) => {
      const { session, client, result, provider: op } = ctx.oidc;
      const given = (result?.consent as { grantId?: string } | undefined)?.grantId;
      const accountId = session?.accountId;
      if (!client || !accountId) return undefined;
      const grantId = given ?? (await stores.sso.findConsent(accountId, client.clientId))?.grantId;
      const grant = grantId ? await op.Grant.find(grantId) : undefined;
      return grant && grant.accountId === accountId && grant.clientId === client.clientId ? grant : undefined;
    },
    findAccount: async (ctx, sub) => {
      const profile = await stores.members.profile(sub);
      if (!profile) return undefined;
      return {
        accountId: sub,
        async claims(_use: string, scope: string) {
          const scopes = new Set(scope.split(" "));
          // A partner's allowance can shrink after a member agreed: what it may no longer have is left out.
          const client = ctx.oidc.client ? await stores.sso.findClient(ctx.oidc.client.clientId) : null;
          const allowed = new Set(client?.allowedClaims ?? []);
          const claims: Record<string, unknown> & { sub: string } = { sub };
          if (allowed.has("profile")) claims.name = profile.name;
          if (allowed.has("phone") && profile.phoneNumber) {
            claims.phone_number = profile.phoneNumber;
            // Every member's number was proven by a texted code.
            claims.phone_number_verified = true;
          }
          if (allowed.has("email") && scopes.has("email")) {
            const found = await services.identity.findByUid(sub);
            const account = found.ok ? found.account : null;
            if (account?.email) {
              claims.email = account.email;
              // As the identity provider knows it: a Google address is proven, one typed at sign-up is not.
              claims.email_verified = account.emailVerified;
            }
          }
          return claims;
        },
      };
    },
    renderError: async (ctx, out) => {
      const page = await ssoErrorPage(ctx.get("cookie"), ctx.get("accept-language"), out.error ?? "server_error");
      ctx.type = "html";
      ctx.body = page;
    },
  });
  // The provider builds its endpoints' URLs from the request's host and scheme: it is told the issuer's, whatever
  // a client or a proxy sent (asIssuer below, for its own requests and the interaction pages'), so discovery never
  // names another origin.
  provider.proxy = true;
  const issuerUrl = new URL(issuer);
  // Client secrets are stored as digests: compare against the digest (clients.server.ts).
  provider.Client.prototype.compareClientSecret = async function (this: { clientSecret: string }, actual: string) {
    return secretMatches(this.clientSecret, actual);
  };
  provider.on("server_error", (_ctx, error) => log.error("sso", error));

  /** The request as the provider is given it: on the issuer's host and scheme, whatever was sent. */
  const asIssuer = (req: IncomingMessage) => {
    req.headers.host = issuerUrl.host;
    req.headers["x-forwarded-host"] = issuerUrl.host;
    req.headers["x-forwarded-proto"] = issuerUrl.protocol.slice(0, -1);
    // The client's address is the server's to judge (TRUST_PROXY); the provider never reads another one.
    delete req.headers["x-forwarded-for"];
    return req;
  };
  const callback = provider.callback();
  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    asIssuer(req);
    // The provider's own answers (errors, redirects) load nothing, cannot be framed and send no referrer.
    res.setHeader(
      "Content-Security-Policy",
      // script-src: oidc-provider adds the hash of its form_post page's one inline script (form-action is left
      // out: that page posts to the partner's registered address).
      "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
    );
    res.setHeader("Referrer-Policy", "no-referrer");
    if (req.method === "POST" && isAuthorizationPath(req.url)) return authorizationByPost(req, res, issuer);
    return callback(req, res);
  };
  return { issuer, provider, handler, asIssuer };
}
