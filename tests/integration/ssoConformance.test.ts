/**
 * Single sign-on as a certified relying party would try it (issue 36), against the built server behind a trusted
 * proxy (TRUST_PROXY=1, so forwarded headers are believed where they may be): the signing algorithms OpenID
 * Connect requires (RS256 by default, ES256 for a partner registered for it), the authorization endpoint by POST
 * as a partner's auto-submitted form sends it, partners let off PKCE for the certification suite and no one else,
 * the grant types offered, the *_verified claims, a data directory whose keys were made ES256-only, the endpoints on the issuer's origin whatever the request's
 * host says, and the phone fields' autofill token. The relying party here is written by hand on `jose` (not
 * openid-client, which sso.test.ts uses): discovery, the authorization request, the code exchange with
 * client_secret_post, the ID token's signature against /sso/jwks, iss, aud, exp, nonce and at_hash.
 */
import { execFileSync } from "node:child_process";
import crypto, { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import * as jose from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinOverHttp } from "../support/join";
import { makeDataDir, startServer, type RunningServer } from "../support/server";
import { registerPartner, ssoClientCli, type Partner } from "../support/sso";
import { answerPage, authorize, SsoBrowser } from "../support/ssoBrowser";

let server: RunningServer;
let dataDir: string;
/**
 * The data directory's signing keys as a deployment made before RS256 was offered left them: one ES256 key. The
 * server starts on it, so every test here runs with the RS256 key added beside it.
 */
const seeded = {
  ...crypto.generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ format: "jwk" }),
  kid: "seeded-before-rs256",
  alg: "ES256",
  use: "sig",
};
let origin: string;
let issuer: string;
let discovery: Record<string, unknown>;
const password = "a long enough passphrase";
const email = `conformance-${randomUUID()}@example.com`;

beforeAll(async () => {
  dataDir = makeDataDir();
  fs.writeFileSync(path.join(dataDir, "sso-signing-keys.json"), JSON.stringify({ keys: [seeded] }), { mode: 0o600 });
  server = await startServer(
    {
      TRUST_PROXY: "1",
      RATE_LIMIT_SSO: "100000",
      RATE_LIMIT_ALL: "100000",
      RATE_LIMIT_MUTATIONS: "100000",
      RATE_LIMIT_AUTH: "1000",
      RATE_LIMIT_AUTH_PER_ID: "1000",
    },
    dataDir,
  );
  origin = `http://localhost:${server.env.PORT}`;
  issuer = `${origin}/sso`;
  await joinOverHttp(origin, server.dataDir, { email, password, name: "Kim Min-jun" });
  discovery = (await fetch(`${issuer}/.well-known/openid-configuration`).then((r) => r.json())) as Record<
    string,
    unknown
  >;
}, 120_000);

afterAll(async () => {
  const errors =
    server
      ?.output()
      .split("\n")
      .filter((line) => line.includes('"level":"error"')) ?? [];
  if (errors.length) console.log(errors.join("\n"));
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const browser = () => new SsoBrowser(origin, { email, password });
const base64url = (bytes: Buffer) => bytes.toString("base64url");

/** A GET with the headers exactly as given (fetch keeps the Host it connects to: this one is written by hand). */
function rawGet(target: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port: Number(server.env.PORT), path: target, method: "GET", headers },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on("error", reject);
    request.end();
  });
}

/** The URLs a discovery document names: every endpoint and the JWKS. */
const endpointsOf = (document: Record<string, unknown>) =>
  Object.entries(document)
    .filter(([name]) => name.endsWith("_endpoint") || name === "jwks_uri")
    .map(([, value]) => String(value));

interface Request {
  url: URL;
  verifier: string | null;
  state: string;
  nonce: string;
}

/** An authorization request as a partner's own code builds one from discovery: code flow, PKCE unless told not. */
function authorizationRequest(partner: Partner, options: { pkce?: boolean; scope?: string } = {}): Request {
  const url = new URL(String(discovery.authorization_endpoint));
  const verifier = options.pkce === false ? null : base64url(crypto.randomBytes(32));
  const state = base64url(crypto.randomBytes(16));
  const nonce = base64url(crypto.randomBytes(16));
  url.searchParams.set("client_id", partner.clientId);
  url.searchParams.set("redirect_uri", partner.redirectUri);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", options.scope ?? "openid profile phone email");
  url.searchParams.set("state", state);
  url.searchParams.set("nonce", nonce);
  if (verifier) {
    url.searchParams.set("code_challenge", base64url(crypto.createHash("sha256").update(verifier).digest()));
    url.searchParams.set("code_challenge_method", "S256");
  }
  return { url, verifier, state, nonce };
}

/** The code exchange as a partner's server sends it (client_secret_post), and what came back. */
async function exchange(partner: Partner, request: Request, callback: URL) {
  expect(callback.origin + callback.pathname).toBe(partner.redirectUri);
  expect(callback.searchParams.get("state")).toBe(request.state);
  expect(callback.searchParams.get("iss")).toBe(issuer);
  const response = await fetch(String(discovery.token_endpoint), {
    method: "POST",
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code: callback.searchParams.get("code") ?? "",
      redirect_uri: partner.redirectUri,
      client_id: partner.clientId,
      client_secret: partner.secret,
      ...(request.verifier ? { code_verifier: request.verifier } : {}),
    }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

const jwks = () => jose.createRemoteJWKSet(new URL(String(discovery.jwks_uri)));

/** The ID token checked as OpenID Connect Core 3.1.3.7 says, signed with `alg` by a key /sso/jwks publishes. */
async function verifiedIdToken(partner: Partner, request: Request, tokens: Record<string, string>, alg: string) {
  const { payload, protectedHeader } = await jose.jwtVerify(tokens.id_token!, jwks(), {
    issuer,
    audience: partner.clientId,
    algorithms: [alg],
    requiredClaims: ["iss", "sub", "aud", "exp", "iat", "nonce"],
  });
  expect(protectedHeader.alg).toBe(alg);
  const published = (await fetch(String(discovery.jwks_uri)).then((r) => r.json())) as { keys: jose.JWK[] };
  const key = published.keys.find((k) => k.kid === protectedHeader.kid);
  expect(key?.alg).toBe(alg);
  expect(key?.kty).toBe(alg === "RS256" ? "RSA" : "EC");
  expect(payload.nonce).toBe(request.nonce);
  expect(payload.exp! * 1000).toBeGreaterThan(Date.now());
  // at_hash (optional from the token endpoint, Core 3.1.3.6), where given: the left half of the access token's
  // SHA-256 (both algorithms here hash with SHA-256).
  const digest = crypto.createHash("sha256").update(tokens.access_token!).digest();
  if (payload.at_hash !== undefined) expect(payload.at_hash).toBe(base64url(digest.subarray(0, digest.length / 2)));
  return payload;
}

const userinfo = (tokens: Record<string, string>) =>
  fetch(String(discovery.userinfo_endpoint), { headers: { Authorization: `Bearer ${tokens.access_token}` } }).then(
    (r) => r.json() as Promise<Record<string, unknown>>,
  );

/** The Auth emulator's admin API: the account's e-mail marked proven, as Firebase would after a check. */
async function markEmailVerified(uid: string) {
  const { origin: emulator, projectId } = server.authEmulator;
  const response = await fetch(`${emulator}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:update`, {
    method: "POST",
    headers: { Authorization: "Bearer owner", "Content-Type": "application/json" },
    body: JSON.stringify({ localId: uid, emailVerified: true }),
  });
  expect(response.status).toBe(200);
}

describe("single sign-on's discovery", () => {
  it("publishes the key set made before RS256 came with an RS256 key added beside it", async () => {
    const published = (await fetch(String(discovery.jwks_uri)).then((r) => r.json())) as { keys: jose.JWK[] };
    expect(published.keys.map((key) => [key.kid === seeded.kid ? "seeded" : "added", key.alg])).toEqual([
      ["seeded", "ES256"],
      ["added", "RS256"],
    ]);
    expect(published.keys.every((key) => key.d === undefined)).toBe(true);
    // The old file as it was; the added key beside it, owner-only.
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, "sso-signing-keys.json"), "utf8"))).toEqual({
      keys: [seeded],
    });
    expect(fs.statSync(path.join(dataDir, "sso-signing-keys-rs256.json")).mode & 0o777).toBe(0o600);
  });

  it("lists RS256 and ES256 for ID tokens, the authorization code grant only, and the *_verified claims", () => {
    expect(discovery.issuer).toBe(issuer);
    expect(discovery.id_token_signing_alg_values_supported).toEqual(expect.arrayContaining(["RS256", "ES256"]));
    expect(discovery.grant_types_supported).toEqual(["authorization_code"]);
    expect(discovery.claims_supported).toEqual(expect.arrayContaining(["email_verified", "phone_number_verified"]));
  });

  it("names endpoints on the issuer's origin only, whatever Host and X-Forwarded-* say (TRUST_PROXY on)", async () => {
    const spoofs: Record<string, string>[] = [
      { Host: "10.66.66.66:1" },
      { Host: `localhost:${server.env.PORT}`, "X-Forwarded-Proto": "https" },
      { Host: `localhost:${server.env.PORT}`, "X-Forwarded-Host": "10.66.66.66:1", "X-Forwarded-Proto": "https" },
      { Host: "127.0.0.1:1", "X-Forwarded-Host": "127.0.0.1:2, 10.0.0.1", "X-Forwarded-Proto": "https, http" },
    ];
    for (const headers of spoofs) {
      const answer = await rawGet("/sso/.well-known/openid-configuration", headers);
      expect(answer.status, JSON.stringify(headers)).toBe(200);
      const document = JSON.parse(answer.body) as Record<string, unknown>;
      expect(document.issuer).toBe(issuer);
      const endpoints = endpointsOf(document);
      expect(endpoints.length).toBeGreaterThanOrEqual(4);
      for (const endpoint of endpoints) expect(endpoint, JSON.stringify(headers)).toMatch(`${issuer}/`);
    }
  });
});

describe("single sign-on's ID tokens, checked by a relying party written on jose", () => {
  it("signs a partner registered without a preference RS256, verified against /sso/jwks", async () => {
    const partner = registerPartner(server.env, "Default Partner", "https://default.example/cb");
    expect(partner.idTokenAlg).toBe("RS256");
    const request = authorizationRequest(partner);
    const back = (await authorize(browser(), request)).left!;
    const tokens = await exchange(partner, request, back);
    expect(tokens.status).toBe(200);
    expect(tokens.body.token_type).toBe("Bearer");
    // No refresh token, as discovery says.
    expect(tokens.body.refresh_token).toBeUndefined();
    const claims = await verifiedIdToken(partner, request, tokens.body, "RS256");
    // The same token does not pass as ES256.
    await expect(jose.jwtVerify(tokens.body.id_token!, jwks(), { algorithms: ["ES256"] })).rejects.toThrow();
    expect(typeof claims.sub).toBe("string");
  }, 60_000);

  it("signs a partner registered with --id-token-alg ES256 ES256", async () => {
    const partner = registerPartner(server.env, "EC Partner", "https://ec.example/cb", "profile", {
      idTokenAlg: "ES256",
    });
    const request = authorizationRequest(partner, { scope: "openid profile" });
    const tokens = await exchange(partner, request, (await authorize(browser(), request)).left!);
    await verifiedIdToken(partner, request, tokens.body, "ES256");
    // By the key the data directory had before RS256 came: it goes on signing ES256.
    expect(jose.decodeProtectedHeader(tokens.body.id_token!).kid).toBe(seeded.kid);
    const listed = ssoClientCli(server.env, ["list"])
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { clientId: string; idTokenAlg: string; allowNoPkce: boolean });
    expect(listed.find((c) => c.clientId === partner.clientId)).toMatchObject({ idTokenAlg: "ES256" });
    expect(() =>
      ssoClientCli(server.env, [
        "add",
        "--name",
        "X",
        "--redirect-uri",
        "https://x.example/cb",
        "--id-token-alg",
        "HS256",
      ]),
    ).toThrow(/--id-token-alg HS256/);
  }, 60_000);

  it("gives email_verified as the identity provider knows it, and phone_number_verified, in userinfo and the ID token", async () => {
    const partner = registerPartner(server.env, "Claims Partner", "https://claims.example/cb");
    const first = authorizationRequest(partner);
    const member = browser();
    const tokens = await exchange(
      partner,
      first,
      (await authorize(member, first, { share: ["phone", "email"] })).left!,
    );
    const info = await userinfo(tokens.body);
    expect(info).toMatchObject({ email, email_verified: false, phone_number_verified: true });
    expect(info.phone_number).toMatch(/^\+82/);
    const idToken = await verifiedIdToken(partner, first, tokens.body, "RS256");
    // The ID token from the code exchange gives neither: scope claims come from userinfo when an access token is
    // issued (Core 5.4, decision 0081), so no address or number goes anywhere without its *_verified beside it.
    for (const claim of ["email", "email_verified", "phone_number", "phone_number_verified", "name"]) {
      expect(idToken, claim).not.toHaveProperty(claim);
    }

    // The address proven at the identity provider: the next token says so.
    await markEmailVerified(String(idToken.sub));
    const second = authorizationRequest(partner);
    const again = await exchange(partner, second, (await authorize(member, second)).left!);
    expect(await userinfo(again.body)).toMatchObject({ email, email_verified: true });
  }, 60_000);
});

describe("the authorization endpoint by POST", () => {
  /** A partner's page that posts the request to us by itself (an auto-submitted form, across sites). */
  const postedFrom = (partner: Partner) => ({
    Origin: new URL(partner.redirectUri).origin,
    "Sec-Fetch-Site": "cross-site",
    "Sec-Fetch-Mode": "navigate",
    "Sec-Fetch-Dest": "document",
  });
  const formOf = (url: URL) => Object.fromEntries(url.searchParams);

  it("takes a partner's form-encoded request as it takes one by GET: sign-in, consent, then the code", async () => {
    const partner = registerPartner(server.env, "Posting Partner", "https://post.example/cb");
    const request = authorizationRequest(partner);
    const member = browser();
    const posted = await member.fetch("/sso/authorize", formOf(request.url), postedFrom(partner));
    expect(posted.response.status).toBe(303);
    const reached = await member.go("/sso/authorize", formOf(request.url), postedFrom(partner));
    expect(reached.url).toContain("/member/start?redirectTo=%2FssoConsent%2F");
    const back = (await answerPage(member, reached)).left!;
    const tokens = await exchange(partner, request, back);
    await verifiedIdToken(partner, request, tokens.body, "RS256");

    // Signed in and agreed before: straight back with a code, prompt=none included, as by GET.
    const quiet = authorizationRequest(partner);
    quiet.url.searchParams.set("prompt", "none");
    const silent = await member.go("/sso/authorize", formOf(quiet.url), postedFrom(partner));
    expect(silent.left?.searchParams.get("code")).toBeTruthy();
    expect((await exchange(partner, quiet, silent.left!)).status).toBe(200);
  }, 60_000);

  it("refuses by POST what it refuses by GET, never redirecting anywhere unregistered", async () => {
    const partner = registerPartner(server.env, "Strict Partner", "https://strict.example/cb");
    const cases: [Record<string, string | null>, (page: Awaited<ReturnType<SsoBrowser["go"]>>) => void][] = [
      [
        { redirect_uri: "https://evil.example/cb" },
        (page) => {
          expect(page.left).toBeNull();
          expect(page.response.status).toBe(400);
          expect(page.text).not.toContain("evil");
        },
      ],
      [
        { client_id: "p_nobody" },
        (page) => {
          expect(page.left).toBeNull();
          expect(page.response.status).toBe(400);
        },
      ],
      [
        { code_challenge: null, code_challenge_method: null },
        (page) => {
          expect(page.left?.origin).toBe("https://strict.example");
          expect(page.left?.searchParams.get("error")).toBe("invalid_request");
          expect(page.left?.searchParams.get("code")).toBeNull();
        },
      ],
      [
        { response_type: "token" },
        (page) => {
          // An implicit response type's error goes back in the fragment.
          const answer = new URLSearchParams(page.left?.hash.slice(1) || page.left?.search);
          expect(answer.get("error"), `${page.url} ${page.response.status} ${page.text.slice(0, 300)}`).toBe(
            "unsupported_response_type",
          );
        },
      ],
    ];
    for (const [changes, check] of cases) {
      const url = authorizationRequest(partner).url;
      for (const [name, value] of Object.entries(changes)) {
        if (value === null) url.searchParams.delete(name);
        else url.searchParams.set(name, value);
      }
      check(await browser().go("/sso/authorize", formOf(url), postedFrom(partner)));
    }
    // A body that is not a form.
    const json = await fetch(`${issuer}/authorize`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...postedFrom(partner) },
      body: JSON.stringify(formOf(authorizationRequest(partner).url)),
      redirect: "manual",
    });
    expect(json.status).toBe(400);
    expect(json.headers.get("Location")).toBeNull();
    // The provider's translated page, in the visitor's language.
    const korean = await fetch(`${issuer}/authorize`, {
      method: "POST",
      headers: { "Content-Type": "text/plain", "Accept-Language": "ko", ...postedFrom(partner) },
      body: "client_id=x",
      redirect: "manual",
    });
    expect(korean.status).toBe(400);
    expect(await korean.text()).toContain('lang="ko"');
  }, 60_000);
});

describe("PKCE", () => {
  it("lets a partner registered with --allow-no-pkce leave it out, and no other partner", async () => {
    const exempt = registerPartner(server.env, "Certification Partner", "https://cert.example/cb", "profile", {
      allowNoPkce: true,
    });
    const request = authorizationRequest(exempt, { pkce: false, scope: "openid profile" });
    expect(request.url.searchParams.has("code_challenge")).toBe(false);
    const member = browser();
    const tokens = await exchange(exempt, request, (await authorize(member, request)).left!);
    expect(tokens.status).toBe(200);
    await verifiedIdToken(exempt, request, tokens.body, "RS256");
    // With a challenge, it is held to it like anyone.
    const withPkce = authorizationRequest(exempt, { scope: "openid profile" });
    const back = (await authorize(member, withPkce)).left!;
    const wrong = await exchange(exempt, { ...withPkce, verifier: base64url(crypto.randomBytes(32)) }, back);
    expect(wrong.body.error).toBe("invalid_grant");

    const held = registerPartner(server.env, "Ordinary Partner", "https://ordinary.example/cb", "profile");
    const refused = await member.go(authorizationRequest(held, { pkce: false }).url.href);
    expect(refused.left?.origin).toBe("https://ordinary.example");
    expect(refused.left?.searchParams.get("error")).toBe("invalid_request");
    expect(refused.left?.searchParams.get("code")).toBeNull();

    const listed = ssoClientCli(server.env, ["list"])
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { clientId: string; allowNoPkce: boolean });
    expect(listed.find((c) => c.clientId === exempt.clientId)?.allowNoPkce).toBe(true);
    expect(listed.find((c) => c.clientId === held.clientId)?.allowNoPkce).toBe(false);
  }, 60_000);

  it("shows on /admin/partners which partner was let off PKCE and how each one's ID tokens are signed", async () => {
    const exempt = registerPartner(server.env, "Shown Exempt Partner", "https://shown-cert.example/cb", "profile", {
      allowNoPkce: true,
      idTokenAlg: "ES256",
    });
    const adminEmail = `conformance-admin-${randomUUID()}@example.com`;
    await joinOverHttp(origin, server.dataDir, { email: adminEmail, password, name: "Admin Member" });
    execFileSync(process.execPath, [path.join(process.cwd(), "scripts", "grant-admin.mjs"), adminEmail], {
      env: { ...server.env, FIREBASE_PROJECT_ID: "demo-klife" } as unknown as NodeJS.ProcessEnv,
    });
    const admin = new SsoBrowser(origin, { email: adminEmail, password });
    await admin.go("/member/startId", { email: adminEmail, password, redirectTo: "/" });
    const section = (html: string, name: string) => {
      const at = html.indexOf(`aria-label="${name}"`);
      expect(at, name).toBeGreaterThan(-1);
      return html.slice(at, html.indexOf("</section>", at));
    };
    const page = await admin.go("/admin/partners");
    const shown = section(page.text, "Shown Exempt Partner");
    expect(shown).toContain("Code exchange proof (PKCE)");
    expect(shown).toContain('data-pkce="not-required"');
    expect(shown).toContain("Not required (only for OpenID certification tests)");
    expect(shown).toContain(">ES256<");
    const ordinary = section(page.text, "Default Partner");
    expect(ordinary).toContain('data-pkce="required"');
    expect(ordinary).toContain(">RS256<");
    // In Korean too (every locale has the labels: the locales test).
    admin.jar.cookies.set("lng", Buffer.from(JSON.stringify("ko")).toString("base64"));
    const korean = section((await admin.go("/admin/partners")).text, "Shown Exempt Partner");
    expect(korean).toContain("필수 아님(OpenID 인증 시험용)");
    expect(exempt.clientId).toMatch(/^p_/);
  }, 60_000);
});

describe("the phone fields", () => {
  /**
   * Whether HTML lets a type="tel" input carry this autocomplete value: on or off, or the one field name of the
   * "Tel" group, `tel` (tel-national and the other parts are the "Text" group's), after an optional section,
   * shipping/billing and a contact kind.
   */
  const allowedOnTel = (value: string) => {
    const tokens = value.trim().toLowerCase().split(/\s+/);
    if (tokens.length === 1 && (tokens[0] === "on" || tokens[0] === "off")) return true;
    const [field, ...before] = tokens.reverse();
    const [kind, ...rest] = before;
    const scope = (t: string) => t.startsWith("section-") || t === "shipping" || t === "billing";
    const kindOk = kind === undefined || ["home", "work", "mobile", "fax", "pager"].includes(kind) || scope(kind);
    return field === "tel" && kindOk && rest.every(scope);
  };

  it("carry an autofill token HTML allows on type=tel, on every page that shows one", async () => {
    const inputs: string[] = [];
    for (const target of ["/member/start", "/login/login", "/sign"]) {
      for (const lng of ["en", "ko"]) {
        const page = await fetch(`${origin}${target}?lng=${lng}`);
        expect(page.status, target).toBe(200);
        const tel = (await page.text()).match(/<input[^>]*type="tel"[^>]*>/g) ?? [];
        expect(tel.length, target).toBeGreaterThan(0);
        inputs.push(...tel);
      }
    }
    for (const input of inputs) {
      const autocomplete = /autocomplete="([^"]*)"/i.exec(input)?.[1];
      expect(autocomplete, input).toBeDefined();
      expect(allowedOnTel(autocomplete!), input).toBe(true);
    }
  });
});
