/**
 * What the server secret is used for besides signing: keyed hashes of values
 * that are looked up but never read back (codes, browser ids, flow ids), and
 * authenticated encryption (AES-256-GCM) of what the browser or the database must
 * hold but not be able to read (session cookies, a chosen password in a draft).
 * Each use derives its own key from the secret with a label.
 */
import crypto from "node:crypto";

const keys = new Map<string, Buffer>();

function keyFor(secret: string, label: string): Buffer {
  const id = `${label}\0${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(crypto.hkdfSync("sha256", secret, "k-life", label, 32));
    // A handful of labels per secret; the map stays tiny.
    keys.set(id, key);
  }
  return key;
}

/** A keyed hash (HMAC-SHA-256, base64url) of `value` under `label`: equal inputs, equal outputs. */
export function keyedHash(secret: string, label: string, value: string): string {
  return crypto.createHmac("sha256", secret).update(`${label}\0${value}`).digest("base64url");
}

/** Encrypts and authenticates `plain` under the label's key: `iv.tag.data`, base64url. */
export function seal(secret: string, label: string, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", keyFor(secret, label), iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((b) => b.toString("base64url")).join(".");
}

/** The plain text of a sealed value; throws when it was altered or sealed under another key. */
export function unseal(secret: string, label: string, sealed: string): string {
  const [iv, tag, data] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
  if (!iv || iv.length !== 12 || !tag || tag.length !== 16 || !data) throw new Error("Malformed sealed value");
  const decipher = crypto.createDecipheriv("aes-256-gcm", keyFor(secret, label), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString("utf8");
}

/** Equality that takes the same time wherever the strings differ. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}
