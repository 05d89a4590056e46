/**
 * What every sign-up step does first: a member who is already signed in has
 * nothing to join; anyone else gets their draft, or is sent to the first step
 * they have not finished (a jump ahead, or a draft that expired).
 */
import { redirect } from "@remix-run/node";
import { readSession } from "~/auth/session.server";
import type { Services } from "~/services.server";
import { signupDrafts, type OpenDraft } from "./draft.server";
import { redirectForStep, type SignupKind } from "./steps";

export async function openStep(
  request: Request,
  services: Services,
  kind: SignupKind,
  path: string,
): Promise<OpenDraft | null> {
  if (await readSession(request, services)) throw redirect("/");
  const open = await signupDrafts(services).read(request, kind);
  const elsewhere = redirectForStep(kind, open?.draft ?? null, path);
  if (elsewhere) throw redirect(elsewhere);
  return open;
}

/** For steps after the first, which always have a draft (openStep redirects otherwise). */
export async function requireStep(request: Request, services: Services, kind: SignupKind, path: string) {
  const open = await openStep(request, services, kind, path);
  if (!open) throw redirect(path);
  return open;
}
