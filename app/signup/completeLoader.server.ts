/** The completion pages' loader: the new member's name, or a note that the account waits for a sign-in. */
import { json, redirect } from "@remix-run/node";
import { readSession } from "~/auth/session.server";
import { memberProfile } from "~/members/members.server";
import type { Services } from "~/services.server";

export async function completionOf(request: Request, services: Services, firstStep: string) {
  const member = await readSession(request, services);
  if (member) return json({ name: memberProfile(services.db, member.uid)?.name ?? "", signedIn: true });
  // The account was made but signing in failed: say so, and offer sign-in.
  if (new URL(request.url).searchParams.get("signIn") === "later") return json({ name: "", signedIn: false });
  throw redirect(firstStep);
}
