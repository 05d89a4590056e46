/**
 * The sign-up flows as ordered steps, and which step a draft may see: a visitor
 * who jumps ahead goes to the first step not yet done; going back to a finished
 * step is allowed (its answers are shown again). Joining with Google walks the
 * ID flow's screens without the ID and password step: Google is the sign-in.
 */
import type { TermsAnswers } from "~/terms/documents";

export type SignupKind = "id" | "phone" | "google";

/** What a sign-up has collected so far. Kept on the server (signup/draft.server.ts). */
export interface SignupDraft {
  kind: SignupKind;
  terms?: TermsAnswers;
  email?: string;
  /** The chosen password, sealed with a server key (never stored in the clear). */
  sealedPassword?: string;
  name?: string;
  /** A verified mobile number (E.164). */
  phone?: string;
  /** A code sent and not yet verified. */
  pending?: { phone: string; codeId: string };
  /**
   * The phone join: `phone` was proven on the sign-in screen (decision 0029), so the
   * member never sees this join's code step and the counter does not count it.
   */
  phoneProvenAtSignIn?: true;
  /**
   * A partner's request the visitor joins on the way to (single sign-on's interaction page, decision 0094): the
   * join ends there, signed in, instead of at its welcome page.
   */
  returnTo?: string;
  /**
   * The phone join: the code proved a number a member already uses. That member may
   * sign in with this proof, once (signing in spends the draft), from this browser,
   * within PROVEN_NUMBER_TTL_MS of `at` (decision 0044).
   */
  provenMember?: { phone: string; at: number };
  nationality?: string;
  visa?: string;
  visaExpiry?: string;
  /**
   * Joining with Google: the Google identity the account will sign in with. Its ID
   * token is sealed like the password and signs in again when the account is made,
   * so no Firebase user exists before the member has finished.
   */
  google?: { subject: string; email: string; sealedToken: string; rawNonce: string; requestUri: string };
}

interface Step {
  path: string;
  done: (draft: SignupDraft) => boolean;
  /** False when this draft's member never sees the step (it is then not counted). */
  shown?: (draft: SignupDraft) => boolean;
}

const flows: Record<SignupKind, readonly Step[]> = {
  id: [
    { path: "/member/agree", done: (d) => Boolean(d.terms) },
    { path: "/member/accountInfo", done: (d) => Boolean(d.email && d.sealedPassword) },
    { path: "/member/userInfo", done: (d) => Boolean(d.name && d.phone) },
    { path: "/member/addInfo", done: (d) => Boolean(d.nationality && d.visa) },
  ],
  // The name is asked on the last screen, with the nationality and the visa (decision 0044).
  phone: [
    { path: "/sign", done: (d) => Boolean(d.terms && (d.phone || d.pending || d.provenMember)) },
    { path: "/sign/authNo", done: (d) => Boolean(d.phone), shown: (d) => !d.phoneProvenAtSignIn },
    { path: "/sign/choiceNation", done: (d) => Boolean(d.name && d.nationality && d.visa) },
  ],
  google: [
    { path: "/member/agree", done: (d) => Boolean(d.terms && d.google) },
    { path: "/member/userInfo", done: (d) => Boolean(d.name && d.phone) },
    { path: "/member/addInfo", done: (d) => Boolean(d.nationality && d.visa) },
  ],
};

function indexOf(kind: SignupKind, path: string): number {
  const index = flows[kind].findIndex((s) => s.path === path);
  if (index < 0) throw new Error(`Not a ${kind} sign-up step: ${path}`);
  return index;
}

/**
 * "Step 2 of 3", for the page: only the steps this draft's member sees are counted,
 * so the counter goes 1, 2, 3 whatever the way in.
 */
export function stepPosition(
  kind: SignupKind,
  path: string,
  draft: SignupDraft | null = null,
): { current: number; total: number } {
  indexOf(kind, path);
  const seen = flows[kind].filter((s) => s.path === path || !draft || (s.shown?.(draft) ?? true));
  return { current: seen.findIndex((s) => s.path === path) + 1, total: seen.length };
}

/** The step after `path` in this flow, or null after the last one (where the account is made). */
export function stepAfter(kind: SignupKind, path: string): string | null {
  return flows[kind][indexOf(kind, path) + 1]?.path ?? null;
}

export function firstStep(kind: SignupKind): string {
  return flows[kind][0]!.path;
}

/** The first step the draft has not finished (the last step when all are done). */
export function firstUnfinishedStep(kind: SignupKind, draft: SignupDraft | null): string {
  if (!draft || draft.kind !== kind) return firstStep(kind);
  const steps = flows[kind];
  return (steps.find((s) => !s.done(draft)) ?? steps[steps.length - 1]!).path;
}

/**
 * Null when the draft may see `path`; otherwise the path to send the visitor to.
 * A step is open when every step before it is done.
 */
export function redirectForStep(kind: SignupKind, draft: SignupDraft | null, path: string): string | null {
  const steps = flows[kind];
  const index = indexOf(kind, path);
  if (index === 0) return null;
  if (!draft || draft.kind !== kind) return firstStep(kind);
  const open = steps.slice(0, index).every((s) => s.done(draft));
  return open ? null : firstUnfinishedStep(kind, draft);
}
