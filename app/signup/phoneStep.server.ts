/**
 * Proving a new member's mobile number, shared by both joins: the code step of
 * verification/codes.server.ts for the purpose "signUp", kept in the draft as
 * pending until it checks out. Only once the code proves the phone do we say
 * whether the number already has an account.
 */
import type { Problem } from "~/forms/form.server";
import { problem } from "~/forms/form.server";
import type { Services } from "~/context";
import { isMember } from "~/members/members.server";
import { checkCode, sendCode, type CodeServices, type PendingCode } from "~/verification/codes.server";
import type { OpenDraft } from "./draft.server";

/** How long a number proven at the join may sign its member in instead (as long as a phone sign-in's flow lives). */
export const PROVEN_NUMBER_TTL_MS = 10 * 60_000;

const pendingOf = (open: OpenDraft): PendingCode | null =>
  open.draft.pending ? { purpose: "signUp", ...open.draft.pending } : null;

/**
 * Texts a code to `phone` (E.164, as the form's schema gave it); the draft now
 * waits for it (a number verified before is forgotten).
 */
export async function sendJoinCode(
  request: Request,
  services: CodeServices,
  clientAddress: string,
  open: OpenDraft,
  phone: string,
): Promise<{ ok: true; draft: OpenDraft; cookies: string[] } | { ok: false; problem: Problem; cookies: string[] }> {
  const sent = await sendCode(request, services, clientAddress, phone, "signUp");
  if (!sent.ok) return sent;
  const { phone: _verified, phoneProvenAtSignIn: _atSignIn, provenMember: _member, ...rest } = open.draft;
  const pending = { phone: sent.pending.phone, codeId: sent.pending.codeId };
  return { ok: true, draft: { id: open.id, draft: { ...rest, pending } }, cookies: sent.cookies };
}

/** Texts a new code to the number the draft waits for. */
export async function resendJoinCode(request: Request, services: CodeServices, clientAddress: string, open: OpenDraft) {
  const pending = pendingOf(open);
  if (!pending) return { ok: false as const, problem: problem("codeFirst"), cookies: [] };
  return sendJoinCode(request, services, clientAddress, open, pending.phone);
}

/**
 * Checks the typed code; the draft then holds the proven number, unless an account
 * already uses it. When a member uses it, `member` is the draft that remembers the
 * proof instead (`provenMember`), for the phone join to offer signing in with it.
 */
export async function checkJoinCode(
  request: Request,
  services: CodeServices & Pick<Services, "identity" | "stores">,
  open: OpenDraft,
  code: string,
  now = Date.now(),
): Promise<{ ok: true; draft: OpenDraft } | { ok: false; problem: Problem; member?: OpenDraft }> {
  const checked = await checkCode(request, services, pendingOf(open), code);
  if (!checked.ok) return checked;
  const found = await services.identity.findByPhone(checked.phone);
  if (!found.ok) return { ok: false, problem: problem("signUpUnavailable") };
  const { pending: _done, ...rest } = open.draft;
  if (found.account) {
    if (!(await isMember(services, found.account.uid))) return { ok: false, problem: problem("phoneTaken") };
    const proven = { phone: checked.phone, at: now };
    return {
      ok: false,
      problem: problem("phoneTaken"),
      member: { id: open.id, draft: { ...rest, provenMember: proven } },
    };
  }
  return { ok: true, draft: { id: open.id, draft: { ...rest, phone: checked.phone } } };
}

/** The number a member may sign in with from this draft (proven, and not yet stale), or null. */
export function provenMemberNumber(open: OpenDraft | { draft: OpenDraft["draft"] } | null, now = Date.now()) {
  const proven = open?.draft.provenMember;
  return proven && now - proven.at >= 0 && now - proven.at < PROVEN_NUMBER_TTL_MS ? proven.phone : null;
}
