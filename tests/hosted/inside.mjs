/**
 * The hosted test's world, run inside the network and mount namespace that tests/hosted/hosted.test.ts makes
 * (`unshare --net --mount --pid --fork`): loopback up, a generated /etc/hosts bind-mounted over the real one so
 * that Google's and Twilio's host names resolve to the stand-ins (tests/hosted/standIns.mjs) on 127.0.0.2 and
 * 127.0.0.3, port 443, with a certificate from a test CA made here, which the server trusts through
 * NODE_EXTRA_CA_CERTS. Nothing else differs from a real deployment.
 *
 * The test reaches this world through a Unix socket in the shared directory (`control.sock`; a path socket
 * crosses network namespaces): it starts and stops built servers (`sh scripts/start.sh`, as `npm start` does) in
 * hosted mode, sends HTTP requests into the namespace (`/fetch`) and works the stand-ins (`/standin`). This
 * process is the namespace's first process: when it ends (its stdin closes with the test), the kernel ends every
 * other process in the namespace.
 *
 *   node tests/hosted/inside.mjs <shared directory>
 */
import { execFileSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createStandIns } from "./standIns.mjs";

const dir = process.argv[2];
if (!dir) throw new Error("usage: inside.mjs <shared directory>");
const root = fileURLToPath(new URL("../..", import.meta.url));
const keysDir = path.join(dir, "keys");
fs.mkdirSync(keysDir, { recursive: true });

// ---- keys and certificates ---------------------------------------------------------------------------------

const openssl = (...args) => execFileSync("openssl", args, { stdio: ["ignore", "ignore", "pipe"] });
const file = (name) => path.join(keysDir, name);

/** A new RSA key (`name`.key) and a certificate for it (`name`.pem), self-signed for `subject`, valid two days. */
function selfSigned(name, subject, ...extensions) {
  openssl(
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-keyout",
    file(`${name}.key`),
    "-out",
    file(`${name}.pem`),
    "-days",
    "2",
    "-subj",
    subject,
    ...extensions.flatMap((extension) => ["-addext", extension]),
  );
}

/** A key pair and a self-signed certificate (Google publishes its signing keys as X.509 certificates). */
function signingKey(kid) {
  selfSigned(kid, `/CN=${kid}`);
  return {
    kid,
    privateKey: fs.readFileSync(file(`${kid}.key`), "utf8"),
    certPem: fs.readFileSync(file(`${kid}.pem`), "utf8"),
  };
}

const googleHosts = [
  "oauth2.googleapis.com",
  "www.googleapis.com",
  "identitytoolkit.googleapis.com",
  "securetoken.googleapis.com",
  "accounts.google.com",
];
const twilioHosts = ["api.twilio.com"];

// The test CA, and one certificate for every name the stand-ins answer.
selfSigned("ca", "/CN=klife hosted test CA", "basicConstraints=critical,CA:TRUE", "keyUsage=critical,keyCertSign");
openssl(
  "req",
  "-newkey",
  "rsa:2048",
  "-nodes",
  "-keyout",
  file("tls.key"),
  "-out",
  file("tls.csr"),
  "-subj",
  "/CN=stand-in",
);
fs.writeFileSync(
  file("tls.ext"),
  `subjectAltName=${[...googleHosts, ...twilioHosts].map((h) => `DNS:${h}`).join(",")}\nextendedKeyUsage=serverAuth\n`,
);
openssl(
  "x509",
  "-req",
  "-in",
  file("tls.csr"),
  "-CA",
  file("ca.pem"),
  "-CAkey",
  file("ca.key"),
  "-CAcreateserial",
  "-out",
  file("tls.pem"),
  "-days",
  "2",
  "-extfile",
  file("tls.ext"),
);
const ca = fs.readFileSync(file("ca.pem"), "utf8");

const [idKeys, sessionKeys] = [
  ["id-a", "id-b", "id-c", "id-d"],
  ["session-a", "session-b", "session-c", "session-d"],
].map((kids) => kids.map((kid) => signingKey(`${kid}-${crypto.randomBytes(4).toString("hex")}`)));
const googleKey = signingKey("google");
const unpublished = signingKey(`unpublished-${crypto.randomBytes(4).toString("hex")}`);

// The service account, as the Firebase console's "Generate new private key" gives it.
const projectId = "klife-hosted-test";
const sa = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
const serviceAccount = {
  type: "service_account",
  project_id: projectId,
  private_key_id: crypto.randomBytes(20).toString("hex"),
  private_key: sa.privateKey.export({ type: "pkcs8", format: "pem" }),
  client_email: `firebase-adminsdk-x1y2z@${projectId}.iam.gserviceaccount.com`,
  client_id: "100000000000000000001",
  auth_uri: "https://accounts.google.com/o/oauth2/auth",
  token_uri: "https://oauth2.googleapis.com/token",
  auth_provider_x509_cert_url: "https://www.googleapis.com/oauth2/v1/certs",
  client_x509_cert_url: `https://www.googleapis.com/robot/v1/metadata/x509/firebase-adminsdk-x1y2z%40${projectId}.iam.gserviceaccount.com`,
  universe_domain: "googleapis.com",
};
const apiKey = `AIzaSy${crypto.randomBytes(24).toString("base64url").slice(0, 33)}`;
const twilio = {
  accountSid: `AC${crypto.randomBytes(16).toString("hex")}`,
  authToken: crypto.randomBytes(16).toString("hex"),
  from: "+15005550006",
};
const google = {
  clientId: "123456789012-klifehosted.apps.googleusercontent.com",
  clientSecret: `GOCSPX-${crypto.randomBytes(14).toString("base64url")}`,
};

// ---- the names, and the stand-ins -------------------------------------------------------------------------

const standIns = createStandIns({
  projectId,
  apiKey,
  serviceAccount: { email: serviceAccount.client_email, publicKey: sa.publicKey },
  twilio,
  google,
  keys: { idToken: idKeys, session: sessionKeys, google: googleKey, unpublished },
  tls: { key: fs.readFileSync(file("tls.key")), cert: fs.readFileSync(file("tls.pem")) },
  keyMaxAgeS: 2,
});
await standIns.start();

/** The environment an operator gives the server in hosted mode (docs/hosting.md), and the test CA. */
const operatorEnv = {
  NODE_ENV: "production",
  FIREBASE_PROJECT_ID: projectId,
  FIREBASE_SERVICE_ACCOUNT: JSON.stringify(serviceAccount),
  FIREBASE_API_KEY: apiKey,
  SESSION_SECRET: crypto.randomBytes(32).toString("base64url"),
  PUBLIC_ORIGIN: "https://klife.test",
  TWILIO_ACCOUNT_SID: twilio.accountSid,
  TWILIO_AUTH_TOKEN: twilio.authToken,
  TWILIO_FROM: twilio.from,
  GOOGLE_CLIENT_ID: google.clientId,
  GOOGLE_CLIENT_SECRET: google.clientSecret,
  OPERATOR_NAME: "K-Life Test Operator",
  OPERATOR_REGISTRATION_NO: "123-45-67890",
  SUPPORT_EMAIL: "support@klife.test",
  // Behind the TLS-terminating proxy on this machine, which names each visitor's address.
  TRUST_PROXY: "loopback",
  NODE_EXTRA_CA_CERTS: file("ca.pem"),
};

// ---- servers ----------------------------------------------------------------------------------------------

const servers = new Map();
let nextServer = 1;

async function startServer({ env = {}, unset = [] }) {
  const id = nextServer++;
  const port = 3000 + id;
  const dataDir = path.join(dir, `data-${id}`);
  const full = {
    PATH: process.env.PATH ?? "",
    HOME: dir,
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    ...operatorEnv,
    ...env,
  };
  for (const name of unset) delete full[name];
  const child = spawn("sh", ["scripts/start.sh"], { cwd: root, env: full, stdio: ["ignore", "pipe", "pipe"] });
  const entry = { id, port, child, output: "", exited: null };
  entry.exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal)));
  child.stdout.on("data", (c) => (entry.output += c));
  child.stderr.on("data", (c) => (entry.output += c));
  servers.set(id, entry);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const up = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { id, up: true, output: entry.output };
    await new Promise((r) => setTimeout(r, 100));
  }
  if (child.exitCode === null) child.kill("SIGKILL");
  const code = await entry.exited;
  servers.delete(id);
  return { id, up: false, code, output: entry.output };
}

async function stopServer(id) {
  const entry = servers.get(id);
  if (!entry) return { code: null, output: "" };
  entry.child.kill("SIGTERM");
  const code = await Promise.race([entry.exited, new Promise((r) => setTimeout(() => r("timeout"), 20_000))]);
  if (code === "timeout") entry.child.kill("SIGKILL");
  servers.delete(id);
  return { code, output: entry.output };
}

/** One HTTP request from inside the namespace: to a server (`server`: its id) or to a stand-in (`url`). */
function send({ server, url, method = "GET", headers = {}, body, timeoutMs = 70_000 }) {
  const target = server ? new URL(url, `http://127.0.0.1:${servers.get(server)?.port ?? 1}`) : new URL(url);
  const client = target.protocol === "https:" ? https : http;
  const started = Date.now();
  return new Promise((resolve) => {
    const request = client.request(
      target,
      { method, headers: { ...(server ? { Host: "klife.test" } : {}), ...headers }, ca, timeout: timeoutMs },
      (response) => {
        const chunks = [];
        response.on("data", (c) => chunks.push(c));
        response.on("end", () =>
          resolve({
            status: response.statusCode,
            headers: Object.entries(response.headers).flatMap(([k, v]) =>
              Array.isArray(v) ? v.map((x) => [k, x]) : [[k, v]],
            ),
            body: Buffer.concat(chunks).toString("utf8"),
            ms: Date.now() - started,
          }),
        );
        response.on("error", (error) => resolve({ error: String(error), ms: Date.now() - started }));
      },
    );
    request.on("timeout", () => request.destroy(new Error("timed out")));
    request.on("error", (error) => resolve({ error: String(error), ms: Date.now() - started }));
    if (body !== undefined) request.end(body);
    else request.end();
  });
}

// ---- the control socket -----------------------------------------------------------------------------------

async function standIn(op) {
  const { state } = standIns;
  switch (op.op) {
    case "mode":
      await standIns.setMode(op.service, op.mode, op.match ?? null);
      return { ok: true };
    case "signWith":
      state.signWith = op.keys;
      return { ok: true };
    case "keyRefusal":
      state.keyRefusal = op.refusal ?? null;
      return { ok: true };
    case "rotate":
      standIns.rotate();
      return { ok: true, keyIndex: state.keyIndex };
    case "disable":
      return { ok: standIns.disable(op.uid, op.disabled ?? true) };
    case "revoke":
      return { ok: standIns.revoke(op.uid) };
    case "user":
      return {
        user:
          (op.uid
            ? standIns.user(op.uid)
            : op.email
              ? standIns.userByEmail(op.email)
              : standIns.userByPhone(op.phone)) ?? null,
      };
    case "createUser": {
      // As the Firebase console would make one (or a join cut short): an account our database does not know.
      const user = standIns.addUser(op.fields ?? {}, op.ageMs ?? 0);
      return { uid: user.localId };
    }
    case "state":
      return {
        messages: state.messages,
        unexpected: state.unexpected,
        calls: state.calls,
        users: [...state.users.values()].map((u) => ({
          uid: u.localId,
          email: u.email ?? null,
          phoneNumber: u.phoneNumber ?? null,
          disabled: u.disabled,
        })),
      };
    default:
      return { error: `unknown op ${op.op}` };
  }
}

const routes = {
  "POST /servers": startServer,
  "POST /servers/stop": ({ id }) => stopServer(id),
  "POST /servers/output": ({ id }) => ({ output: servers.get(id)?.output ?? "" }),
  "POST /fetch": send,
  "POST /standin": standIn,
  "POST /info": () => ({
    projectId,
    apiKey,
    serviceAccount: JSON.stringify(serviceAccount),
    twilio: { from: twilio.from, accountSid: twilio.accountSid },
    google: { clientId: google.clientId },
    serviceAccountEmail: serviceAccount.client_email,
  }),
};

const control = http.createServer(async (request, response) => {
  let body = "";
  for await (const chunk of request) body += chunk;
  const route = routes[`${request.method} ${request.url}`];
  let result;
  try {
    result = route ? await route(body ? JSON.parse(body) : {}) : { error: "no such route" };
  } catch (error) {
    result = { error: String(error?.stack ?? error) };
  }
  response.writeHead(200, { "Content-Type": "application/json" });
  response.end(JSON.stringify(result));
});
control.keepAliveTimeout = 1000;
const socketPath = path.join(dir, "control.sock");
await new Promise((resolve) => control.listen(socketPath, resolve));
console.log("ready");

async function end() {
  for (const entry of servers.values()) entry.child.kill("SIGKILL");
  await Promise.all([...servers.values()].map((e) => e.exited));
  control.close();
  await standIns.stop();
  process.exit(0);
}
// The test's end (or its death) closes our stdin.
process.stdin.on("end", () => void end());
process.stdin.on("error", () => void end());
process.stdin.resume();
process.on("SIGTERM", () => void end());
