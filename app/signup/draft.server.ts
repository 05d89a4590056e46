/**
 * Sign-up drafts: what a visitor has answered so far in a sign-up flow, kept on
 * the server as a flow (auth/flow.server.ts: bound to the browser, an opaque id
 * in the `__signup` cookie) that lives 30 minutes after its last change. The
 * chosen password (or, joining with Google, Google's ID token) is sealed
 * (AES-256-GCM, key derived from the server secret) and the draft is deleted as
 * soon as the account is made.
 */
import { flow, type FlowServices } from "~/auth/flow.server";
import { seal, unseal } from "~/infra/secrets.server";
import type { SignupDraft, SignupKind } from "./steps";

export const DRAFT_TTL_MS = 30 * 60_000;

// The label predates Google tokens in drafts; the key it derives is the one drafts were always sealed with.
const SEALING_LABEL = "signup-draft-password";

/** A credential kept in a draft (the password, Google's ID token), readable only with the server secret. */
export function sealSecret(secret: string, value: string): string {
  return seal(secret, SEALING_LABEL, value);
}

export function unsealSecret(secret: string, sealed: string): string {
  return unseal(secret, SEALING_LABEL, sealed);
}

export interface OpenDraft {
  id: string;
  draft: SignupDraft;
}

export function signupDrafts(services: FlowServices) {
  const drafts = flow<SignupDraft>(services, "signup", { cookie: "__signup", ttlMs: DRAFT_TTL_MS });

  return {
    /** The visitor's draft of one of these kinds, or null (none, expired, another browser's, or of another flow). */
    async read(
      request: Request,
      kinds: SignupKind | readonly SignupKind[],
      now = Date.now(),
    ): Promise<OpenDraft | null> {
      const open = await drafts.read(request, now);
      if (!open || !(typeof kinds === "string" ? [kinds] : kinds).includes(open.data.kind)) return null;
      return { id: open.id, draft: open.data };
    },

    /** Starts a new draft for this browser (an earlier one is left to expire); resolves with the Set-Cookie values. */
    async start(request: Request, draft: SignupDraft, now = Date.now()): Promise<{ id: string; cookies: string[] }> {
      return drafts.start(request, draft, now);
    },

    /** Saves a draft's new state and extends its life; resolves with Set-Cookie (the cookie's life too). */
    save: (open: OpenDraft, now = Date.now()): Promise<string> => drafts.save(open.id, open.draft, now),

    /**
     * The visitor's draft, deleted in the same step (the last step spends it: two
     * submits of it cannot both make an account). Null when there is none to spend.
     */
    take: (request: Request, now = Date.now()): Promise<SignupDraft | null> => drafts.take(request, now),

    /** Puts a spent draft back (making the account failed); resolves with the Set-Cookie values. */
    restore: (request: Request, draft: SignupDraft): Promise<string[]> => drafts.restore(request, draft),

    /** Deletes the draft; resolves with the Set-Cookie that clears the cookie. */
    discard: (id: string | null): Promise<string> => drafts.discard(id),
  };
}
