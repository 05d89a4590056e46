/**
 * What every sign-up step does first: a member who is already signed in has
 * nothing to join; anyone else gets their draft, or is sent to the first step
 * they have not finished (a jump ahead, or a draft that expired).
 */
import { redirect } from "@remix-run/node";
import { readSession, type SessionServices } from "~/auth/session.server";
import { signupDrafts, type OpenDraft } from "./draft.server";
import { redirectForStep, type SignupKind } from "./steps";

/**
 * `kinds` are the flows this screen belongs to, the first being the one a visitor
 * without a draft starts (the ID flow's screens also serve joining with Google).
 */
export async function openStep(
  request: Request,
  services: SessionServices,
  kinds: SignupKind | readonly [SignupKind, ...SignupKind[]],
  path: string,
): Promise<OpenDraft | null> {
  if (await readSession(request, services)) throw redirect("/");
  const open = await signupDrafts(services).read(request, kinds);
  const kind = open?.draft.kind ?? (typeof kinds === "string" ? kinds : kinds[0]);
  const elsewhere = redirectForStep(kind, open?.draft ?? null, path);
  if (elsewhere) throw redirect(elsewhere);
  return open;
}

/** For steps after the first, which always have a draft (openStep redirects otherwise). */
export async function requireStep(
  request: Request,
  services: SessionServices,
  kinds: SignupKind | readonly [SignupKind, ...SignupKind[]],
  path: string,
) {
  const open = await openStep(request, services, kinds, path);
  if (!open) throw redirect(path);
  return open;
}
