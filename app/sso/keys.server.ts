/**
 * The keys that sign single sign-on's ID tokens (docs/decisions/0070, 0081): a
 * JSON Web Key Set of private keys, at least one RS256 (what OpenID Connect
 * requires every provider to offer, and partners get by default) and one ES256
 * (for partners registered for it). The first key of each algorithm signs; the
 * others are only published in the JWKS so that what they signed still verifies
 * until it expires. Hosted mode reads them from SSO_SIGNING_KEYS (every process
 * the same); local mode keeps them in DATA_DIR, made on first use. Rotating: put
 * new keys first, restart, and drop the old ones once everything they signed has
 * expired (SSO_TOKEN_LIFETIME_S).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Config } from "~/infra/config.server";
import { createdOnce } from "~/infra/dataFiles.server";

export interface SigningKeys {
  keys: PrivateJwk[];
}

export interface PrivateJwk extends crypto.JsonWebKey {
  kid: string;
  alg: "ES256" | "RS256";
  use: "sig";
}

const LOCAL_FILE = "sso-signing-keys.json";
/**
 * The RS256 key added to a local key set made before RS256 was offered (ES256 only): made once, exclusively, so
 * every process starting on that DATA_DIR adds the same one; rotate-key and retire-keys then write it into the set.
 */
const LOCAL_ADDED_RS256_FILE = "sso-signing-keys-rs256.json";

export const SIGNING_ALGS = ["RS256", "ES256"] as const;
export type SigningAlg = (typeof SIGNING_ALGS)[number];

/** A new key for `alg`, its id the RFC 7638 thumbprint of its public part. */
export function newSigningKey(alg: SigningAlg): PrivateJwk {
  if (alg === "ES256") {
    const jwk = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ format: "jwk" });
    const thumbprint = crypto
      .createHash("sha256")
      .update(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y }))
      .digest("base64url");
    return { ...jwk, kid: thumbprint, alg, use: "sig" };
  }
  const jwk = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" });
  const thumbprint = crypto
    .createHash("sha256")
    .update(JSON.stringify({ e: jwk.e, kty: jwk.kty, n: jwk.n }))
    .digest("base64url");
  return { ...jwk, kid: thumbprint, alg, use: "sig" };
}

/** One new key of each algorithm: a new set, or the keys a rotation puts first. */
export const newSigningKeys = (): PrivateJwk[] => SIGNING_ALGS.map(newSigningKey);

const hasAlg = (keys: SigningKeys, alg: SigningAlg) => keys.keys.some((key) => key.alg === alg);

/** The keys as given (a JSON Web Key Set of private keys), or why not. */
export function parseSigningKeys(text: string): SigningKeys {
  const parsed = JSON.parse(text) as { keys?: unknown };
  const keys = Array.isArray(parsed.keys) ? (parsed.keys as PrivateJwk[]) : [];
  if (!keys.length) throw new Error("a JSON Web Key Set with at least one key is needed");
  for (const key of keys) {
    if (!key.kid || (key.alg !== "ES256" && key.alg !== "RS256") || !key.d) {
      throw new Error("every key needs a kid, alg ES256 or RS256, and its private part");
    }
  }
  return { keys };
}

/**
 * The variable's keys, or an error that names it. JSON.parse's own message quotes the text it choked on, which
 * here is private key material, so it never reaches the log.
 */
function parsedVariable(text: string): SigningKeys {
  let parsed: SigningKeys;
  try {
    parsed = parseSigningKeys(text);
  } catch (error) {
    const why = error instanceof SyntaxError ? "is not valid JSON" : `is not usable: ${(error as Error).message}`;
    throw new Error(`SSO_SIGNING_KEYS ${why} (npm run sso:client -- new-key prints a set)`);
  }
  return parsed;
}

/** A set that can sign for every partner: an RS256 and an ES256 key (hosted mode's SSO_SIGNING_KEYS must be one). */
function complete(keys: SigningKeys, where: string): SigningKeys {
  const missing = SIGNING_ALGS.filter((alg) => !hasAlg(keys, alg));
  if (missing.length) {
    throw new Error(
      `${where} has no ${missing.join(" or ")} key: add one (npm run sso:client -- new-key prints one of each)`,
    );
  }
  return keys;
}

const localFile = (dataDir: string) => path.join(dataDir, LOCAL_FILE);

/**
 * Local mode's keys, made (owner-only) on first use; processes starting together on a new DATA_DIR all take the
 * set that the first of them wrote (what one signs, the others' JWKS publishes).
 */
export function localSigningKeys(dataDir: string): SigningKeys {
  const keys = createdOnce(localFile(dataDir), () => JSON.stringify({ keys: newSigningKeys() }), parseSigningKeys);
  if (hasAlg(keys, "RS256")) return keys;
  // A set made before RS256 was offered: its keys go on signing ES256, and one RS256 key is added beside them.
  const added = createdOnce(
    path.join(dataDir, LOCAL_ADDED_RS256_FILE),
    () => JSON.stringify({ keys: [newSigningKey("RS256")] }),
    parseSigningKeys,
  );
  return { keys: [...keys.keys, ...added.keys] };
}

function writeLocalKeys(dataDir: string, keys: SigningKeys): SigningKeys {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = localFile(dataDir);
  // Written beside and renamed: a server starting meanwhile reads the old set or the new, never half.
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(keys), { mode: 0o600 });
  fs.renameSync(`${file}.tmp`, file);
  return keys;
}

/** Local mode's rotation: a new key of each algorithm signs from the next start; the others stay published. */
export function rotateLocalKeys(dataDir: string): SigningKeys {
  const current = localSigningKeys(dataDir);
  return writeLocalKeys(dataDir, { keys: [...newSigningKeys(), ...current.keys] });
}

/** Drops every key but the signing one of each algorithm (once what the others signed has expired). */
export function retireLocalKeys(dataDir: string): SigningKeys {
  const current = localSigningKeys(dataDir);
  return writeLocalKeys(dataDir, { keys: signingKeysIn(current) });
}

/** The key of each algorithm that signs: the first one of it (oidc-provider takes the first that fits). */
export const signingKeysIn = (keys: SigningKeys): PrivateJwk[] =>
  SIGNING_ALGS.flatMap((alg) => keys.keys.find((key) => key.alg === alg) ?? []);

/** This deployment's keys: null in hosted mode without SSO_SIGNING_KEYS (no single sign-on then). */
export function signingKeysOf(config: Config): SigningKeys | null {
  if (config.SSO_SIGNING_KEYS) return complete(parsedVariable(config.SSO_SIGNING_KEYS), "SSO_SIGNING_KEYS");
  return config.mode === "local" ? localSigningKeys(config.DATA_DIR) : null;
}
