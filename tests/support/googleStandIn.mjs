/**
 * A stand-in for Google's OAuth endpoints, because Google cannot be reached from
 * tests. `/authorize` shows a small account form (it works without JavaScript)
 * and sends the browser back to the app with a code; `/token` trades that code
 * for an unsigned ID token carrying the nonce, which the Auth emulator's
 * signInWithIdp accepts in place of Google's signed one. The app reaches it
 * through GOOGLE_AUTHORIZE_URL and GOOGLE_TOKEN_URL.
 *
 * Run on its own (Playwright's web server): `node tests/support/googleStandIn.mjs 3214`, then start
 * the app with GOOGLE_CLIENT_ID=stand-in-client.apps.example GOOGLE_CLIENT_SECRET=stand-in-secret
 * GOOGLE_AUTHORIZE_URL=http://127.0.0.1:3214/authorize GOOGLE_TOKEN_URL=http://127.0.0.1:3214/token.
 */
import crypto from "node:crypto";
import http from "node:http";
import { pathToFileURL } from "node:url";

export const standInClient = { id: "stand-in-client.apps.example", secret: "stand-in-secret" };

const b64 = (value) => Buffer.from(JSON.stringify(value)).toString("base64url");
const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

/** Google's subject for an e-mail: stable, so the same person signs in as the same identity. */
export const subjectFor = (email) => crypto.createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 21);

function authorizePage(params) {
  const hidden = ["client_id", "redirect_uri", "state", "nonce"]
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(params.get(name) ?? "")}">`)
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Google stand-in</title></head><body>
<h1>Choose an account</h1>
<form method="get" action="/authorize/choose">${hidden}
<label>Email <input name="email" type="email" required></label>
<label>Name <input name="name" type="text"></label>
<button type="submit">Continue</button>
</form></body></html>`;
}

function readBody(request) {
  return new Promise((resolve, reject) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => resolve(body));
    request.on("error", reject);
  });
}

async function handle(request, response) {
  const url = new URL(request.url ?? "/", "http://stand-in.local");
  const send = (status, type, body, headers = {}) => {
    response.writeHead(status, { "Content-Type": type, ...headers });
    response.end(body);
  };
  if (url.pathname === "/healthz") return send(200, "text/plain", "ok");

  if (url.pathname === "/authorize") {
    const p = url.searchParams;
    if (p.get("client_id") !== standInClient.id || p.get("response_type") !== "code" || !p.get("state")) {
      return send(400, "text/plain", "invalid_request");
    }
    return send(200, "text/html; charset=utf-8", authorizePage(p));
  }

  if (url.pathname === "/authorize/choose") {
    const p = url.searchParams;
    const redirectUri = p.get("redirect_uri") ?? "";
    const code = b64({
      email: p.get("email") ?? "",
      name: p.get("name") ?? "",
      nonce: p.get("nonce") ?? "",
      client: p.get("client_id") ?? "",
      redirectUri,
    });
    const back = new URL(redirectUri);
    back.search = new URLSearchParams({ code, state: p.get("state") ?? "" }).toString();
    return send(302, "text/plain", "", { Location: back.toString() });
  }

  if (url.pathname === "/token" && request.method === "POST") {
    const form = new URLSearchParams(await readBody(request));
    let grant;
    try {
      grant = JSON.parse(Buffer.from(form.get("code") ?? "", "base64url").toString("utf8"));
    } catch {
      return send(400, "application/json", JSON.stringify({ error: "invalid_grant" }));
    }
    if (
      form.get("grant_type") !== "authorization_code" ||
      form.get("client_id") !== standInClient.id ||
      form.get("client_secret") !== standInClient.secret ||
      form.get("redirect_uri") !== grant.redirectUri ||
      !grant.email
    ) {
      return send(400, "application/json", JSON.stringify({ error: "invalid_grant" }));
    }
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      iss: "https://accounts.google.com",
      aud: standInClient.id,
      sub: subjectFor(grant.email),
      email: grant.email,
      email_verified: true,
      ...(grant.name ? { name: grant.name } : {}),
      nonce: grant.nonce,
      iat: now,
      exp: now + 3600,
    };
    const idToken = `${b64({ alg: "none", typ: "JWT" })}.${b64(claims)}.`;
    return send(200, "application/json", JSON.stringify({ id_token: idToken, token_type: "Bearer", expires_in: 3600 }));
  }
  return send(404, "text/plain", "not found");
}

/** Starts the stand-in on 127.0.0.1 (port 0: any free port). */
export function startGoogleStandIn(port = 0) {
  const server = http.createServer((request, response) => {
    handle(request, response).catch(() => {
      response.writeHead(500);
      response.end();
    });
  });
  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () => {
      const origin = `http://127.0.0.1:${server.address().port}`;
      resolve({
        origin,
        env: {
          GOOGLE_CLIENT_ID: standInClient.id,
          GOOGLE_CLIENT_SECRET: standInClient.secret,
          GOOGLE_AUTHORIZE_URL: `${origin}/authorize`,
          GOOGLE_TOKEN_URL: `${origin}/token`,
        },
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const port = Number(process.argv[2] ?? 0);
  startGoogleStandIn(port).then(({ origin }) => console.log(`Google stand-in on ${origin}`));
}
