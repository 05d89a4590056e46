/**
 * Sign-up drafts, kept in the database while a visitor walks through a sign-up
 * flow. The browser holds only the draft's random id, in a signed cookie. A draft
 * lives 30 minutes after its last change; expired drafts are removed. The chosen
 * password (or, joining with Google, Google's ID token) is sealed (AES-256-GCM,
 * key derived from the server secret) and the draft is deleted as soon as the
 * account is made.
 */
import crypto from "node:crypto";
import { createCookie, type Cookie } from "@remix-run/node";
import type { Services } from "~/services.server";
import type { SignupDraft, SignupKind } from "./steps";

export const DRAFT_TTL_MS = 30 * 60_000;

const cookies = new WeakMap<Services, Cookie>();

function draftCookie(services: Services): Cookie {
  let cookie = cookies.get(services);
  if (!cookie) {
    cookie = createCookie("__signup", {
      httpOnly: true,
      sameSite: "lax",
      secure: services.config.mode === "hosted",
      path: "/",
      maxAge: DRAFT_TTL_MS / 1000,
      secrets: [services.sessionSecret],
    });
    cookies.set(services, cookie);
  }
  return cookie;
}

function sealingKey(secret: string): Buffer {
  // The label predates Google tokens in drafts; changing it would strand drafts in flight.
  return Buffer.from(crypto.hkdfSync("sha256", secret, "k-life", "signup-draft-password", 32));
}

/** A credential kept in a draft (the password, Google's ID token), readable only with the server secret. */
export function sealSecret(secret: string, password: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", sealingKey(secret), iv);
  const sealed = Buffer.concat([cipher.update(password, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((b) => b.toString("base64url")).join(".");
}

export function unsealSecret(secret: string, sealed: string): string {
  const [iv, tag, data] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
  if (!iv || !tag || !data) throw new Error("Malformed sealed password");
  const decipher = crypto.createDecipheriv("aes-256-gcm", sealingKey(secret), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString("utf8");
}

export interface OpenDraft {
  id: string;
  draft: SignupDraft;
}

export function signupDrafts(services: Services) {
  const { db } = services;
  const cookie = draftCookie(services);

  return {
    /** The visitor's draft of one of these kinds, or null (none, expired, or of another flow). */
    async read(
      request: Request,
      kinds: SignupKind | readonly SignupKind[],
      now = Date.now(),
    ): Promise<OpenDraft | null> {
      const id = (await cookie.parse(request.headers.get("Cookie")).catch(() => null)) as unknown;
      if (typeof id !== "string" || !/^[A-Za-z0-9_-]{22,64}$/.test(id)) return null;
      const row = db.prepare("SELECT kind, data FROM signup_drafts WHERE id = ? AND expires_at > ?").get(id, now) as
        { kind: string; data: string } | undefined;
      if (!row || !(typeof kinds === "string" ? [kinds] : kinds).includes(row.kind as SignupKind)) return null;
      try {
        return { id, draft: JSON.parse(row.data) as SignupDraft };
      } catch {
        return null;
      }
    },

    /** Starts a new draft (any earlier one of this browser is left to expire); resolves with Set-Cookie. */
    async start(draft: SignupDraft, now = Date.now()): Promise<{ id: string; setCookie: string }> {
      const id = crypto.randomBytes(18).toString("base64url");
      db.prepare("DELETE FROM signup_drafts WHERE expires_at <= ?").run(now);
      db.prepare("INSERT INTO signup_drafts (id, kind, data, updated_at, expires_at) VALUES (?, ?, ?, ?, ?)").run(
        id,
        draft.kind,
        JSON.stringify(draft),
        now,
        now + DRAFT_TTL_MS,
      );
      return { id, setCookie: await cookie.serialize(id) };
    },

    /** Saves a draft's new state and extends its life; resolves with Set-Cookie (the cookie's life too). */
    async save(open: OpenDraft, now = Date.now()): Promise<string> {
      db.prepare("UPDATE signup_drafts SET data = ?, updated_at = ?, expires_at = ? WHERE id = ?").run(
        JSON.stringify(open.draft),
        now,
        now + DRAFT_TTL_MS,
        open.id,
      );
      return cookie.serialize(open.id);
    },

    /** Deletes the draft; resolves with the Set-Cookie that clears the cookie. */
    async discard(id: string): Promise<string> {
      db.prepare("DELETE FROM signup_drafts WHERE id = ?").run(id);
      return cookie.serialize("", { maxAge: 0 });
    },
  };
}
