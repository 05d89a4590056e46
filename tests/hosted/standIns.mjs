/**
 * Stand-ins for the services hosted mode calls, written from their public references, served over HTTPS on
 * loopback addresses inside the hosted test's network namespace (tests/hosted/inside.mjs), where the real
 * host names resolve to them:
 *
 * - oauth2.googleapis.com/token: the JWT bearer grant (RFC 7523) that the Admin SDK's service-account credential
 *   makes, its assertion checked against the service account's public key (iss, aud, exp); and Google sign-in's
 *   authorization-code exchange (client id and secret, one-use code, the same redirect_uri).
 * - accounts.google.com/o/oauth2/v2/auth: Google's authorization endpoint (a page that chooses an account).
 * - www.googleapis.com: the public keys of ID tokens (robot/v1/metadata/x509/securetoken@…) and of session cookies
 *   (identitytoolkit/v3/relyingparty/publicKeys), X.509 certificates by key id with a Cache-Control max-age;
 *   the keys rotate (`rotate`), the next one published before it signs.
 * - identitytoolkit.googleapis.com: the REST methods the server calls with the Web API key
 *   (accounts:signInWithPassword, signInWithCustomToken, signInWithIdp) and the Admin API the SDK calls with an
 *   OAuth2 access token (projects/{p}/accounts, accounts:lookup, :update, :delete, :batchDelete, :batchGet and
 *   projects/{p}:createSessionCookie). ID tokens and session cookies are RS256 JWTs with the real iss, aud, exp,
 *   auth_time; refusals have Google's error shape ({"error":{"code","message","errors","status"}}).
 * - api.twilio.com: the Messages API (2010-04-01/Accounts/{Sid}/Messages.json) with HTTP basic auth, refusing
 *   with Twilio's error JSON ({code, message, more_info, status}).
 *
 * Faults are switched per service (`mode`): "ok", "html" (a proxy's HTML error page), "truncated" (the body cut
 * short), "hang" (never answers), "refused" (nothing listens). `signWith: "unpublished"` signs ID tokens and
 * session cookies with a key that is never published. Requests nobody implemented are kept in `unexpected`.
 */
import crypto from "node:crypto";
import https from "node:https";

const now = () => Math.floor(Date.now() / 1000);
const b64 = (value) => Buffer.from(JSON.stringify(value)).toString("base64url");
const randomId = (bytes = 14) => crypto.randomBytes(bytes).toString("base64url").replace(/[-_]/g, "x");
const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

/** A JWT signed RS256 with `key` ({ kid, privateKey }). */
export function signJwt(key, payload, header = {}) {
  const head = b64({ alg: "RS256", typ: "JWT", ...(key.kid ? { kid: key.kid } : {}), ...header });
  const body = b64(payload);
  const signature = crypto.sign("sha256", Buffer.from(`${head}.${body}`), key.privateKey).toString("base64url");
  return `${head}.${body}.${signature}`;
}

/** The claims of a JWT whose RS256 signature verifies with one of `publicKeys`, or null. */
export function verifyJwt(token, publicKeys) {
  const parts = String(token ?? "").split(".");
  if (parts.length !== 3) return null;
  try {
    const header = JSON.parse(Buffer.from(parts[0], "base64url").toString("utf8"));
    if (header.alg !== "RS256") return null;
    const signed = Buffer.from(`${parts[0]}.${parts[1]}`);
    const signature = Buffer.from(parts[2], "base64url");
    if (!publicKeys.some((key) => crypto.verify("sha256", signed, key, signature))) return null;
    return { header, claims: JSON.parse(Buffer.from(parts[1], "base64url").toString("utf8")) };
  } catch {
    return null;
  }
}

/** Google APIs' error body (google.rpc.Status, JSON mapping) as Identity Toolkit sends it. */
function googleError(code, message, status = code === 401 ? "UNAUTHENTICATED" : "INVALID_ARGUMENT", extra = {}) {
  return { error: { code, message, errors: [{ message, domain: "global", reason: "invalid" }], status, ...extra } };
}

function readBody(request, limit = 1_000_000) {
  return new Promise((resolve, reject) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk) => {
      body += chunk;
      if (body.length > limit) reject(new Error("body too large"));
    });
    request.on("end", () => resolve(body));
    request.on("error", reject);
  });
}

/**
 * The stand-ins. `keys`: { idToken: [k0, k1, k2], session: [k0, k1, k2], google: k, unpublished: k }, each
 * { kid, privateKey, certPem }; `serviceAccount`: { email, publicKey, projectId }; `tls`: { key, cert }.
 */
export function createStandIns({ projectId, apiKey, serviceAccount, twilio, google, keys, tls, keyMaxAgeS = 3600 }) {
  const state = {
    users: new Map(),
    accessTokens: new Map(),
    googleCodes: new Map(),
    messages: [],
    unexpected: [],
    /** Every request to a Google host, "METHOD host path" (to check what the server calls). */
    calls: [],
    /** Which of the rotating keys signs now: published are this one and the next. */
    keyIndex: 0,
    signWith: "published",
    /**
     * A configuration changed in the console while the server runs, as Identity Toolkit then refuses every call
     * made with the Web API key (keyRefusals' names); null: none.
     */
    keyRefusal: null,
    mode: { google: "ok", twilio: "ok" },
    /** Only calls whose "METHOD host/path" contains this suffer the service's fault; null: every call. */
    match: { google: null, twilio: null },
  };

  // The previous key stays published (what it signed is still in use), the next one is published before it signs.
  const publishedOf = (set) => set.slice(Math.max(0, state.keyIndex - 1), state.keyIndex + 2);
  const signerOf = (set) =>
    state.signWith === "unpublished" || (state.signWith === "unpublished-session" && set === keys.session)
      ? keys.unpublished
      : set[state.keyIndex];
  const certMap = (set) => Object.fromEntries(publishedOf(set).map((k) => [k.kid, k.certPem]));
  const publicKeysOf = (set) => publishedOf(set).map((k) => crypto.createPublicKey(k.certPem));

  // ---- accounts ----------------------------------------------------------------------------------------------

  const hash = (salt, password) => crypto.scryptSync(password, salt, 32).toString("base64");
  const byEmail = (email) => [...state.users.values()].find((u) => u.email && u.email === email?.toLowerCase());
  const byPhone = (phone) => [...state.users.values()].find((u) => u.phoneNumber && u.phoneNumber === phone);

  function newUser(fields) {
    const user = {
      localId: fields.localId ?? randomId(21).slice(0, 28),
      email: fields.email?.toLowerCase(),
      emailVerified: fields.emailVerified ?? false,
      displayName: fields.displayName,
      phoneNumber: fields.phoneNumber,
      disabled: fields.disabled ?? false,
      providerUserInfo: [],
      validSince: String(now()),
      createdAt: String(Date.now()),
      lastLoginAt: undefined,
      customAttributes: undefined,
    };
    if (fields.password) setPassword(user, fields.password);
    syncProviders(user);
    state.users.set(user.localId, user);
    return user;
  }

  function setPassword(user, password) {
    user.salt = crypto.randomBytes(8).toString("base64");
    user.passwordHash = hash(user.salt, password);
    user.passwordUpdatedAt = Date.now();
  }

  /** The password and phone providers follow the fields; federated ones (google.com) are kept. */
  function syncProviders(user) {
    const federated = user.providerUserInfo.filter((p) => p.providerId !== "password" && p.providerId !== "phone");
    const own = [];
    if (user.passwordHash && user.email) {
      own.push({ providerId: "password", email: user.email, federatedId: user.email, rawId: user.email });
    }
    if (user.phoneNumber) own.push({ providerId: "phone", phoneNumber: user.phoneNumber, rawId: user.phoneNumber });
    user.providerUserInfo = [...own, ...federated];
  }

  /** The user as accounts:lookup and accounts:batchGet return it. */
  function userInfo(user) {
    const out = { ...user };
    for (const key of Object.keys(out)) if (out[key] === undefined) delete out[key];
    return out;
  }

  // ---- tokens ------------------------------------------------------------------------------------------------

  function idTokenFor(user, provider, authTime = now()) {
    const iat = now();
    const identities = {};
    if (user.email) identities.email = [user.email];
    if (user.phoneNumber) identities.phone = [user.phoneNumber];
    for (const p of user.providerUserInfo) if (p.providerId === "google.com") identities["google.com"] = [p.rawId];
    const claims = {
      ...(user.customAttributes ? JSON.parse(user.customAttributes) : {}),
      ...(user.displayName ? { name: user.displayName } : {}),
      iss: `https://securetoken.google.com/${projectId}`,
      aud: projectId,
      auth_time: authTime,
      user_id: user.localId,
      sub: user.localId,
      iat,
      exp: iat + 3600,
      ...(user.email ? { email: user.email, email_verified: user.emailVerified } : {}),
      ...(user.phoneNumber ? { phone_number: user.phoneNumber } : {}),
      firebase: { identities, sign_in_provider: provider },
    };
    user.lastLoginAt = String(Date.now());
    return signJwt(signerOf(keys.idToken), claims);
  }

  /** A signed-in answer of the REST API (signInWithPassword and friends). */
  function signedIn(user, provider, extra = {}) {
    return {
      kind: "identitytoolkit#VerifyPasswordResponse",
      localId: user.localId,
      email: user.email ?? "",
      displayName: user.displayName ?? "",
      idToken: idTokenFor(user, provider),
      registered: true,
      refreshToken: randomId(60),
      expiresIn: "3600",
      ...extra,
    };
  }

  /** Claims of an ID token this project's keys signed (published ones), unexpired; or an error code. */
  function checkIdToken(idToken) {
    const verified = verifyJwt(idToken, publicKeysOf(keys.idToken));
    if (!verified) return { error: "INVALID_ID_TOKEN" };
    const { claims } = verified;
    if (claims.aud !== projectId || claims.iss !== `https://securetoken.google.com/${projectId}`) {
      return { error: "INVALID_ID_TOKEN" };
    }
    if (claims.exp <= now()) return { error: "TOKEN_EXPIRED" };
    const user = state.users.get(claims.sub);
    if (!user) return { error: "USER_NOT_FOUND" };
    if (user.disabled) return { error: "USER_DISABLED" };
    if (claims.auth_time < Number(user.validSince)) return { error: "TOKEN_EXPIRED" };
    return { claims, user };
  }

  // ---- the services ------------------------------------------------------------------------------------------

  async function oauthToken(request, send) {
    const form = new URLSearchParams(await readBody(request));
    const grant = form.get("grant_type");
    if (grant === "urn:ietf:params:oauth:grant-type:jwt-bearer") {
      const verified = verifyJwt(form.get("assertion"), [serviceAccount.publicKey]);
      if (!verified) return send(400, { error: "invalid_grant", error_description: "Invalid JWT Signature." });
      const { claims } = verified;
      if (claims.iss !== serviceAccount.email) {
        return send(400, { error: "invalid_grant", error_description: "Invalid grant: account not found" });
      }
      if (claims.aud !== "https://oauth2.googleapis.com/token") {
        return send(400, {
          error: "invalid_grant",
          error_description:
            "Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.",
        });
      }
      if (typeof claims.exp !== "number" || claims.exp <= now() || claims.exp - claims.iat > 3600) {
        return send(400, {
          error: "invalid_grant",
          error_description:
            "Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.",
        });
      }
      const token = `ya29.${randomId(40)}`;
      state.accessTokens.set(token, { email: claims.iss, exp: now() + 3600 });
      return send(200, { access_token: token, expires_in: 3599, token_type: "Bearer" });
    }
    if (grant === "authorization_code") {
      if (form.get("client_id") !== google.clientId || form.get("client_secret") !== google.clientSecret) {
        return send(401, { error: "invalid_client", error_description: "The OAuth client was not found." });
      }
      const code = state.googleCodes.get(form.get("code") ?? "");
      state.googleCodes.delete(form.get("code") ?? "");
      if (!code || code.expires < Date.now()) {
        return send(400, { error: "invalid_grant", error_description: "Bad Request" });
      }
      if (form.get("redirect_uri") !== code.redirectUri) {
        return send(400, { error: "redirect_uri_mismatch", error_description: "Bad Request" });
      }
      const iat = now();
      const idToken = signJwt(keys.google, {
        iss: "https://accounts.google.com",
        azp: google.clientId,
        aud: google.clientId,
        sub: code.subject,
        email: code.email,
        email_verified: true,
        ...(code.name ? { name: code.name } : {}),
        ...(code.nonce ? { nonce: code.nonce } : {}),
        iat,
        exp: iat + 3600,
      });
      return send(200, {
        access_token: `ya29.${randomId(40)}`,
        expires_in: 3599,
        scope: "openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile",
        token_type: "Bearer",
        id_token: idToken,
      });
    }
    return send(400, { error: "unsupported_grant_type", error_description: `Invalid grant_type: ${grant ?? ""}` });
  }

  function googleAuthorize(url, sendHtml, redirect) {
    const p = url.searchParams;
    if (url.pathname === "/o/oauth2/v2/auth") {
      if (p.get("client_id") !== google.clientId) {
        return sendHtml(
          401,
          "<!doctype html><title>Error 401: invalid_client</title><p>The OAuth client was not found.",
        );
      }
      if (p.get("response_type") !== "code" || !(p.get("scope") ?? "").split(" ").includes("openid")) {
        return sendHtml(400, "<!doctype html><title>Error 400: invalid_request</title>");
      }
      const hidden = ["redirect_uri", "state", "nonce"]
        .map((n) => `<input type="hidden" name="${n}" value="${escapeHtml(p.get(n) ?? "")}">`)
        .join("");
      return sendHtml(
        200,
        `<!doctype html><html><head><title>Sign in - Google Accounts</title></head><body><form method="get" action="/o/oauth2/v2/auth/choose">${hidden}<input name="email" type="email"><input name="name"><button>Continue</button></form></body></html>`,
      );
    }
    if (url.pathname === "/o/oauth2/v2/auth/choose") {
      const email = p.get("email") ?? "";
      const code = `4/${randomId(30)}`;
      state.googleCodes.set(code, {
        email,
        name: p.get("name") ?? "",
        nonce: p.get("nonce") ?? "",
        subject: crypto
          .createHash("sha256")
          .update(email.toLowerCase())
          .digest("hex")
          .slice(0, 21)
          .replace(/[a-f]/g, "1"),
        redirectUri: p.get("redirect_uri") ?? "",
        expires: Date.now() + 60_000,
      });
      const back = new URL(p.get("redirect_uri") ?? "");
      back.search = new URLSearchParams({
        state: p.get("state") ?? "",
        code,
        scope: "email profile openid",
      }).toString();
      return redirect(back.toString());
    }
    return null;
  }

  /** Identity Toolkit's REST methods, called with the Web API key. */
  async function toolkitRest(method, body, send) {
    if (method === "signInWithPassword") {
      const user = byEmail(body.email);
      // Email enumeration protection (on by default in projects made since September 2023): one answer for both.
      if (!user || !user.passwordHash || hash(user.salt, String(body.password ?? "")) !== user.passwordHash) {
        return send(400, googleError(400, "INVALID_LOGIN_CREDENTIALS"));
      }
      if (user.disabled) return send(400, googleError(400, "USER_DISABLED"));
      return send(200, signedIn(user, "password"));
    }
    if (method === "signInWithCustomToken") {
      // Google checks the custom token against the service account's published certificates.
      const verified = verifyJwt(body.token, [serviceAccount.publicKey]);
      const claims = verified?.claims;
      if (
        !claims ||
        claims.aud !== "https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit" ||
        claims.iss !== serviceAccount.email ||
        typeof claims.uid !== "string" ||
        claims.exp <= now()
      ) {
        return send(400, googleError(400, "INVALID_CUSTOM_TOKEN"));
      }
      const user = state.users.get(claims.uid) ?? newUser({ localId: claims.uid });
      if (user.disabled) return send(400, googleError(400, "USER_DISABLED"));
      const answer = signedIn(user, "custom");
      return send(200, {
        kind: "identitytoolkit#VerifyCustomTokenResponse",
        idToken: answer.idToken,
        refreshToken: answer.refreshToken,
        expiresIn: "3600",
        isNewUser: false,
      });
    }
    if (method === "signInWithIdp") {
      const post = new URLSearchParams(String(body.postBody ?? ""));
      if (post.get("providerId") !== "google.com" || !body.requestUri) {
        return send(400, googleError(400, "INVALID_IDP_RESPONSE : the provider is not enabled"));
      }
      const verified = verifyJwt(post.get("id_token"), [crypto.createPublicKey(keys.google.certPem)]);
      const claims = verified?.claims;
      if (!claims || claims.iss !== "https://accounts.google.com" || claims.exp <= now()) {
        return send(
          400,
          googleError(
            400,
            "INVALID_IDP_RESPONSE : Invalid Idp Response: the Google id_token is not allowed to be used with this application.",
          ),
        );
      }
      if (claims.aud !== google.clientId) {
        return send(
          400,
          googleError(
            400,
            "INVALID_IDP_RESPONSE : Invalid Idp Response: the Google id_token is not allowed to be used with this application. Its audience (OAuth 2.0 client ID) is " +
              claims.aud +
              ", which is not authorized to be used in the project with project_number: 1.",
          ),
        );
      }
      const nonce = post.get("nonce");
      if (claims.nonce && (!nonce || crypto.createHash("sha256").update(nonce).digest("hex") !== claims.nonce)) {
        return send(400, googleError(400, "MISSING_OR_INVALID_NONCE : Nonce is missing in the request."));
      }
      let user = [...state.users.values()].find((u) =>
        u.providerUserInfo.some((p) => p.providerId === "google.com" && p.rawId === claims.sub),
      );
      let isNewUser = false;
      if (!user) {
        if (byEmail(claims.email)) {
          // One account per e-mail (the project's default): the other sign-in method must be linked first.
          return send(200, {
            federatedId: `https://accounts.google.com/${claims.sub}`,
            providerId: "google.com",
            email: claims.email,
            needConfirmation: true,
            kind: "identitytoolkit#VerifyAssertionResponse",
          });
        }
        user = newUser({ email: claims.email, emailVerified: true, displayName: claims.name });
        user.providerUserInfo.push({
          providerId: "google.com",
          rawId: claims.sub,
          email: claims.email,
          displayName: claims.name,
          federatedId: claims.sub,
        });
        isNewUser = true;
      }
      if (user.disabled) return send(400, googleError(400, "USER_DISABLED"));
      const answer = signedIn(user, "google.com");
      return send(200, {
        kind: "identitytoolkit#VerifyAssertionResponse",
        federatedId: `https://accounts.google.com/${claims.sub}`,
        providerId: "google.com",
        localId: user.localId,
        email: user.email,
        emailVerified: true,
        displayName: user.displayName ?? "",
        idToken: answer.idToken,
        refreshToken: answer.refreshToken,
        expiresIn: "3600",
        isNewUser,
        oauthIdToken: post.get("id_token"),
        rawUserInfo: JSON.stringify({ sub: claims.sub, email: claims.email, name: claims.name }),
      });
    }
    return null;
  }

  /** The Admin API (projects/{p}/…), called with the service account's OAuth2 access token. */
  async function toolkitAdmin(action, body, send) {
    if (action === ":createSessionCookie") {
      const duration = Number(body.validDuration);
      if (!Number.isInteger(duration) || duration < 300 || duration > 1_209_600) {
        return send(400, googleError(400, "INVALID_SESSION_COOKIE_DURATION"));
      }
      const checked = checkIdToken(body.idToken);
      if (checked.error) return send(400, googleError(400, checked.error));
      const { iat: _iat, exp: _exp, iss: _iss, ...claims } = checked.claims;
      const iat = now();
      const cookie = signJwt(signerOf(keys.session), {
        ...claims,
        iss: `https://session.firebase.google.com/${projectId}`,
        aud: projectId,
        iat,
        exp: iat + duration,
      });
      return send(200, { sessionCookie: cookie });
    }
    if (action === "/accounts") {
      if (body.email && byEmail(body.email)) return send(400, googleError(400, "EMAIL_EXISTS"));
      if (body.phoneNumber && byPhone(body.phoneNumber)) return send(400, googleError(400, "PHONE_NUMBER_EXISTS"));
      if (body.phoneNumber && !/^\+[1-9]\d{6,14}$/.test(body.phoneNumber)) {
        return send(400, googleError(400, "INVALID_PHONE_NUMBER : Invalid format."));
      }
      if (body.password !== undefined && String(body.password).length < 6) {
        return send(400, googleError(400, "WEAK_PASSWORD : Password should be at least 6 characters"));
      }
      const user = newUser(body);
      return send(200, { kind: "identitytoolkit#SignupNewUserResponse", localId: user.localId, email: user.email });
    }
    if (action === "/accounts:lookup") {
      const found = [
        ...(body.localId ?? []).map((id) => state.users.get(id)),
        ...(body.email ?? []).map(byEmail),
        ...(body.phoneNumber ?? []).map(byPhone),
      ].filter(Boolean);
      // No user: a kind and nothing else (the SDK turns it into auth/user-not-found).
      return send(200, {
        kind: "identitytoolkit#GetAccountInfoResponse",
        ...(found.length ? { users: found.map(userInfo) } : {}),
      });
    }
    if (action === "/accounts:update") {
      const user = state.users.get(body.localId);
      if (!user) return send(400, googleError(400, "USER_NOT_FOUND"));
      if (body.email !== undefined && body.email.toLowerCase() !== user.email && byEmail(body.email)) {
        return send(400, googleError(400, "EMAIL_EXISTS"));
      }
      if (body.phoneNumber !== undefined && body.phoneNumber !== user.phoneNumber && byPhone(body.phoneNumber)) {
        return send(400, googleError(400, "PHONE_NUMBER_EXISTS"));
      }
      if (body.password !== undefined && String(body.password).length < 6) {
        return send(400, googleError(400, "WEAK_PASSWORD : Password should be at least 6 characters"));
      }
      if (body.email !== undefined) user.email = body.email.toLowerCase();
      if (body.emailVerified !== undefined) user.emailVerified = body.emailVerified;
      if (body.displayName !== undefined) user.displayName = body.displayName;
      if (body.phoneNumber !== undefined) user.phoneNumber = body.phoneNumber;
      if (body.disableUser !== undefined) user.disabled = body.disableUser;
      if (body.password !== undefined) {
        setPassword(user, String(body.password));
        user.validSince = String(now());
      }
      if (body.validSince !== undefined) user.validSince = String(body.validSince);
      if (body.customAttributes !== undefined) user.customAttributes = body.customAttributes;
      for (const attribute of body.deleteAttribute ?? []) {
        const field = { DISPLAY_NAME: "displayName", PHOTO_URL: "photoUrl" }[attribute];
        if (field) delete user[field];
      }
      for (const provider of body.deleteProvider ?? []) {
        if (provider === "phone") delete user.phoneNumber;
        user.providerUserInfo = user.providerUserInfo.filter((p) => p.providerId !== provider);
      }
      syncProviders(user);
      return send(200, { kind: "identitytoolkit#SetAccountInfoResponse", localId: user.localId });
    }
    if (action === "/accounts:delete") {
      if (!state.users.delete(body.localId)) return send(400, googleError(400, "USER_NOT_FOUND"));
      return send(200, { kind: "identitytoolkit#DeleteAccountResponse" });
    }
    if (action === "/accounts:batchDelete") {
      const errors = [];
      (body.localIds ?? []).forEach((id, index) => {
        const user = state.users.get(id);
        if (user && !user.disabled && !body.force) errors.push({ index, localId: id, message: "NOT_DISABLED" });
        else state.users.delete(id);
      });
      return send(200, errors.length ? { errors } : {});
    }
    return null;
  }

  /** Google's front end's refusals (google.rpc.Status with an ErrorInfo), and Identity Toolkit's for a provider. */
  const errorInfo = (reason, metadata) => ({
    details: [
      {
        "@type": "type.googleapis.com/google.rpc.ErrorInfo",
        reason,
        domain: "googleapis.com",
        metadata: { service: "identitytoolkit.googleapis.com", ...metadata },
      },
    ],
  });
  const projectNumber = "123456789012";
  const keyRefusals = {
    // The key deleted, or a typo.
    API_KEY_INVALID: (method, send) =>
      send(
        400,
        googleError(
          400,
          "API key not valid. Please pass a valid API key.",
          "INVALID_ARGUMENT",
          errorInfo("API_KEY_INVALID"),
        ),
      ),
    // The key's API restrictions leave out Identity Toolkit.
    API_KEY_SERVICE_BLOCKED: (method, send) => {
      const rpc = `google.cloud.identitytoolkit.v1.AuthenticationService.${method[0].toUpperCase()}${method.slice(1)}`;
      return send(
        403,
        googleError(
          403,
          `Requests to this API identitytoolkit method ${rpc} are blocked.`,
          "PERMISSION_DENIED",
          errorInfo("API_KEY_SERVICE_BLOCKED", { methodName: rpc, consumer: `projects/${projectNumber}` }),
        ),
      );
    },
    // The Identity Toolkit API disabled in the key's project.
    SERVICE_DISABLED: (method, send) =>
      send(
        403,
        googleError(
          403,
          `Identity Toolkit API has not been used in project ${projectNumber} before or it is disabled. Enable it by visiting https://console.developers.google.com/apis/api/identitytoolkit.googleapis.com/overview?project=${projectNumber} then retry.`,
          "PERMISSION_DENIED",
          errorInfo("SERVICE_DISABLED", { consumer: `projects/${projectNumber}` }),
        ),
      ),
    // The Email/Password provider switched off (Authentication → Sign-in method).
    OPERATION_NOT_ALLOWED: (method, send) =>
      send(
        400,
        googleError(400, method === "signInWithPassword" ? "PASSWORD_LOGIN_DISABLED" : "OPERATION_NOT_ALLOWED"),
      ),
    // A 403 with no code at all, as a proxy or an IAM change may answer.
    PERMISSION_DENIED: (method, send) =>
      send(403, googleError(403, "The caller does not have permission", "PERMISSION_DENIED")),
  };

  async function toolkit(request, url, send) {
    const rest = /^\/v1\/accounts:(\w+)$/.exec(url.pathname);
    const body = request.method === "POST" ? JSON.parse((await readBody(request)) || "{}") : {};
    if (rest) {
      if (url.searchParams.get("key") !== apiKey) return keyRefusals.API_KEY_INVALID(rest[1], send);
      if (state.keyRefusal) return keyRefusals[state.keyRefusal](rest[1], send);
      return toolkitRest(rest[1], body, send);
    }
    const admin = /^\/v1\/projects\/([^/:]+)((?:\/accounts)?(?::\w+)?)$/.exec(url.pathname);
    if (admin) {
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
      const token = bearer && state.accessTokens.get(bearer);
      if (!token || token.exp <= now()) {
        return send(
          401,
          googleError(
            401,
            "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.",
            "UNAUTHENTICATED",
          ),
        );
      }
      if (admin[1] !== projectId) {
        // The service account may not use another project's accounts (Identity Toolkit's code for it).
        return send(400, googleError(400, "INSUFFICIENT_PERMISSION", "PERMISSION_DENIED"));
      }
      if (admin[2] === "/accounts:batchGet" && request.method === "GET") {
        const max = Math.min(1000, Number(url.searchParams.get("maxResults") ?? 1000));
        const all = [...state.users.values()].sort((a, b) => (a.localId < b.localId ? -1 : 1));
        const after = url.searchParams.get("nextPageToken");
        const from = after ? all.findIndex((u) => u.localId > after) : 0;
        const page = from < 0 ? [] : all.slice(from, from + max);
        const more = from >= 0 && from + max < all.length;
        return send(200, {
          kind: "identitytoolkit#DownloadAccountResponse",
          ...(page.length ? { users: page.map(userInfo) } : {}),
          ...(more ? { nextPageToken: page.at(-1).localId } : {}),
        });
      }
      return toolkitAdmin(admin[2], body, send);
    }
    return null;
  }

  function twilioMessages(request, url, body, send) {
    const path = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(url.pathname);
    if (!path || request.method !== "POST") return null;
    const [user, password] = Buffer.from(/^Basic (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "", "base64")
      .toString("utf8")
      .split(":");
    const refusal = (status, code, message) =>
      send(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
    if (user !== twilio.accountSid || password !== twilio.authToken) return refusal(401, 20003, "Authenticate");
    if (path[1] !== twilio.accountSid)
      return refusal(404, 20404, `The requested resource ${url.pathname} was not found`);
    const form = new URLSearchParams(body);
    const to = form.get("To") ?? "";
    const from = form.get("From") ?? "";
    const text = form.get("Body") ?? "";
    if (!to) return refusal(400, 21604, "A 'To' phone number is required.");
    if (!/^\+[1-9]\d{6,14}$/.test(to)) return refusal(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    if (from !== twilio.from) {
      return refusal(
        400,
        21606,
        `The From phone number ${from} is not a valid, SMS-capable inbound phone number or short code for your account.`,
      );
    }
    if (!text) return refusal(400, 21602, "Message body is required.");
    if (text.length > 1600)
      return refusal(400, 21617, "The concatenated message body exceeds the 1600 character limit.");
    const sid = `SM${crypto.randomBytes(16).toString("hex")}`;
    const message = { sid, to, from, body: text, at: Date.now() };
    state.messages.push(message);
    const date = new Date().toUTCString();
    return send(201, {
      account_sid: twilio.accountSid,
      api_version: "2010-04-01",
      body: text,
      date_created: date,
      date_sent: null,
      date_updated: date,
      direction: "outbound-api",
      error_code: null,
      error_message: null,
      from,
      messaging_service_sid: null,
      num_media: "0",
      num_segments: "1",
      price: null,
      price_unit: "USD",
      sid,
      status: "queued",
      subresource_uris: { media: `/2010-04-01/Accounts/${twilio.accountSid}/Messages/${sid}/Media.json` },
      to,
      uri: `/2010-04-01/Accounts/${twilio.accountSid}/Messages/${sid}.json`,
    });
  }

  /**
   * Answers as the service's fault mode says; true when the fault answered (or will never answer). "truncated"
   * does the work and loses the answer on the way (the caller cannot know what happened), the others fail before.
   */
  function fault(service, call, response) {
    const mode = state.mode[service];
    if (mode === "ok" || !matches(service, call)) return false;
    if (mode === "hang") {
      // Never answered: the caller's own time-out must end the wait.
      return true;
    }
    if (mode === "html") {
      response.writeHead(502, { "Content-Type": "text/html; charset=UTF-8" });
      response.end(
        "<!DOCTYPE html><html lang=en><title>Error 502 (Server Error)!!1</title><p><b>502.</b> That’s an error.</html>",
      );
      return true;
    }
    return false;
  }

  /** Whether a call suffers the service's fault: `match` is a part of "METHOD host/path", or its end with a "$". */
  function matches(service, call) {
    const match = state.match[service];
    if (!match) return true;
    return match.endsWith("$") ? call.endsWith(match.slice(0, -1)) : call.includes(match);
  }

  /** A `send` that writes the head and a part of the body, then drops the connection. */
  function truncatedSend(response) {
    return (status, body) => {
      const text = JSON.stringify(body);
      response.writeHead(status, {
        "Content-Type": "application/json; charset=UTF-8",
        "Content-Length": String(text.length),
      });
      response.write(text.slice(0, Math.floor(text.length / 2)));
      setTimeout(() => response.socket?.destroy(), 20);
    };
  }

  function handler(service) {
    return async (request, response) => {
      const url = new URL(request.url ?? "/", `https://${request.headers.host ?? "unknown"}`);
      const host = (request.headers.host ?? "").replace(/:443$/, "");
      const call = `${request.method} ${host}${url.pathname}`;
      state.calls.push(call);
      if (fault(service, call, response)) return;
      const truncated = state.mode[service] === "truncated" && matches(service, call);
      const send = truncated
        ? truncatedSend(response)
        : (status, body, headers = {}) => {
            response.writeHead(status, { "Content-Type": "application/json; charset=UTF-8", ...headers });
            response.end(JSON.stringify(body));
          };
      const sendHtml = (status, html) => {
        response.writeHead(status, { "Content-Type": "text/html; charset=utf-8" });
        response.end(html);
      };
      const redirect = (location) => {
        response.writeHead(302, { Location: location });
        response.end();
      };
      try {
        let answered = null;
        if (host === "oauth2.googleapis.com" && url.pathname === "/token" && request.method === "POST") {
          answered = await oauthToken(request, send);
        } else if (host === "accounts.google.com") {
          answered = googleAuthorize(url, sendHtml, redirect) ?? null;
        } else if (host === "www.googleapis.com") {
          const cache = { "Cache-Control": `public, max-age=${keyMaxAgeS}, must-revalidate, no-transform` };
          if (url.pathname === "/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com") {
            answered = send(200, certMap(keys.idToken), cache);
          } else if (url.pathname === "/identitytoolkit/v3/relyingparty/publicKeys") {
            answered = send(200, certMap(keys.session), cache);
          }
        } else if (host === "identitytoolkit.googleapis.com") {
          answered = await toolkit(request, url, send);
        } else if (host === "api.twilio.com") {
          answered = twilioMessages(request, url, await readBody(request), send);
        }
        if (answered === null && !response.headersSent) {
          state.unexpected.push(`${request.method} ${host}${url.pathname}`);
          send(404, googleError(404, "Not Found", "NOT_FOUND"));
        }
      } catch (error) {
        state.unexpected.push(`${request.method} ${host}${url.pathname}: ${error}`);
        if (!response.headersSent) send(500, googleError(500, "Internal error encountered.", "INTERNAL"));
      }
    };
  }

  const servers = {
    google: https.createServer({ key: tls.key, cert: tls.cert }, handler("google")),
    twilio: https.createServer({ key: tls.key, cert: tls.cert }, handler("twilio")),
  };
  const addresses = { google: "127.0.0.2", twilio: "127.0.0.3" };
  const sockets = { google: new Set(), twilio: new Set() };
  for (const [name, server] of Object.entries(servers)) {
    server.on("connection", (socket) => {
      sockets[name].add(socket);
      socket.once("close", () => sockets[name].delete(socket));
    });
  }

  const listen = (name) =>
    new Promise((resolve, reject) => {
      servers[name].once("error", reject);
      servers[name].listen(443, addresses[name], () => resolve());
    });
  const close = (name) =>
    new Promise((resolve) => {
      if (!servers[name].listening) return resolve();
      servers[name].close(() => resolve());
      for (const socket of sockets[name]) socket.destroy();
    });

  return {
    state,
    addresses,
    async start() {
      await listen("google");
      await listen("twilio");
    },
    async stop() {
      await close("google");
      await close("twilio");
    },
    /** Switches a service's fault mode; "refused" closes its listener, anything else opens it again. */
    async setMode(service, mode, match = null) {
      state.match[service] = match;
      if (mode === "refused") {
        await close(service);
      } else {
        if (!servers[service].listening) await listen(service);
        // A connection held open by "hang" is dropped when the service answers again.
        if (state.mode[service] === "hang") for (const socket of sockets[service]) socket.destroy();
      }
      state.mode[service] = mode;
    },
    rotate() {
      state.keyIndex = Math.min(state.keyIndex + 1, keys.idToken.length - 2);
    },
    user: (uid) => state.users.get(uid),
    /** An account made outside the app, `ageMs` ago. */
    addUser(fields, ageMs = 0) {
      const user = newUser(fields);
      user.createdAt = String(Date.now() - ageMs);
      return user;
    },
    userByEmail: byEmail,
    userByPhone: byPhone,
    /** What Firebase's console does: disable, revoke (validSince moved to now). */
    disable(uid, disabled = true) {
      const user = state.users.get(uid);
      if (user) user.disabled = disabled;
      return Boolean(user);
    },
    revoke(uid) {
      const user = state.users.get(uid);
      if (user) user.validSince = String(now());
      return Boolean(user);
    },
  };
}
