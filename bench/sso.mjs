/**
 * Single sign-on in the benchmark (issue 30): a partner registered with the CLI,
 * a member's consent given once over HTTP, then token exchanges one after another
 * for a few seconds, each with a fresh code (`prompt=none` with the member's
 * session: one request for the code, one POST to the token endpoint, timed alone).
 */
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import { root } from "./servers.mjs";

const REDIRECT = "https://bench-partner.example/cb";

/** Registers the partner in the app's database, as an operator does. */
function registerPartner(dataDir) {
  const out = execFileSync(
    process.execPath,
    [
      path.join(root, "build", "sso-client.js"),
      "add",
      "--name",
      "Bench Partner",
      "--website",
      "https://bench-partner.example",
      "--privacy-url",
      "https://bench-partner.example/privacy",
      "--retention-months",
      "0",
      "--redirect-uri",
      REDIRECT,
    ],
    { env: { ...process.env, DATA_DIR: dataDir }, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] },
  );
  return JSON.parse(out.trim());
}

function cookieJar(initial) {
  const cookies = new Map(
    initial
      .split("; ")
      .filter(Boolean)
      .map((pair) => pair.split(/=(.*)/s).slice(0, 2)),
  );
  return {
    take(response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const [name, value] = pair.split(/=(.*)/s);
        if (/max-age=0/i.test(line) || !value) cookies.delete(name);
        else cookies.set(name, value);
      }
    },
    get header() {
      return [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    },
  };
}

/** Follows our own redirects and "continue" pages; resolves with the partner's callback URL, or the page that asks. */
async function go(origin, jar, target, form) {
  let url = new URL(target, origin);
  let body = form ? new URLSearchParams(form) : undefined;
  for (let hops = 0; hops < 12; hops++) {
    const response = await fetch(url, {
      method: body ? "POST" : "GET",
      headers: { Cookie: jar.header, ...(body ? { Origin: origin } : {}) },
      body,
      redirect: "manual",
    });
    jar.take(response);
    const text = await response.text();
    const next =
      response.headers.get("location") ??
      /http-equiv="refresh" content="0;url=([^"]+)"/.exec(text)?.[1]?.replace(/&amp;/g, "&");
    if (!next) return { url, text };
    url = new URL(next, url);
    body = undefined;
    if (url.origin !== origin) return { url, text };
  }
  throw new Error("single sign-on: too many redirects");
}

function pkce() {
  const verifier = crypto.randomBytes(32).toString("base64url");
  return { verifier, challenge: crypto.createHash("sha256").update(verifier).digest("base64url") };
}

function authorizeUrl(origin, clientId, challenge, extra = {}) {
  const url = new URL(`${origin}/sso/authorize`);
  const params = {
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: "code",
    scope: "openid profile",
    state: crypto.randomBytes(8).toString("hex"),
    code_challenge: challenge,
    code_challenge_method: "S256",
    ...extra,
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.href;
}

/**
 * The partner and the member's consent; then `exchange(seconds)` measures token exchanges in a row. `appUrl` is
 * http://127.0.0.1:PORT; the issuer's host is localhost.
 */
export async function prepareSso(appUrl, dataDir, memberCookie) {
  const origin = appUrl.replace("127.0.0.1", "localhost");
  const partner = registerPartner(dataDir);
  const jar = cookieJar(memberCookie);
  const first = pkce();
  const consent = await go(origin, jar, authorizeUrl(origin, partner.client_id, first.challenge));
  if (!consent.text.includes('name="decision"')) throw new Error(`single sign-on: no consent screen at ${consent.url}`);
  const back = await go(origin, jar, consent.url.pathname, { decision: "allow" });
  if (!back.url.searchParams.get("code")) throw new Error("single sign-on: no code after consent");
  const basic = `Basic ${Buffer.from(`${partner.client_id}:${partner.client_secret}`).toString("base64")}`;

  async function oneExchange() {
    const { verifier, challenge } = pkce();
    const code = (
      await go(origin, jar, authorizeUrl(origin, partner.client_id, challenge, { prompt: "none" }))
    ).url.searchParams.get("code");
    if (!code) throw new Error("single sign-on: prompt=none gave no code");
    const started = process.hrtime.bigint();
    const response = await fetch(`${origin}/sso/token`, {
      method: "POST",
      headers: { Authorization: basic },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
      }),
    });
    const tokens = await response.json();
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (!tokens.id_token) throw new Error(`single sign-on: token endpoint answered ${response.status}`);
    return ms;
  }

  return {
    discoveryUrl: `${origin}/sso/.well-known/openid-configuration`,
    jwksUrl: `${origin}/sso/jwks`,
    /** Token exchanges one after another for `seconds`: how many, and their times. */
    async exchange(seconds) {
      const times = [];
      const until = Date.now() + seconds * 1000;
      while (Date.now() < until) times.push(await oneExchange());
      return times;
    },
  };
}
