/**
 * The admin area's guard and its audit record, in one place every admin page and
 * form uses. An admin is a member whose admin role, as the operator last set it
 * (scripts/grant-admin.mjs: our own storage, read on every request, else the `admin`
 * claim of their sign-in), says so; anyone else, signed in or not, gets the app's
 * 404 page, so the area does not say it exists. Every change an admin makes is
 * recorded: who (their uid, with their name as it was), what, to which item, a short
 * line, when; the stores write the record in the change's own transaction (AuditNote,
 * made by app/content/audit.server.ts).
 */
import { readSession, type SessionMember, type SessionServices } from "~/auth/session.server";
import { notFound } from "~/infra/http.server";
import type { AuditActor } from "~/stores/stores";

/** An admin, with how the audit log names them. */
export type AdminMember = SessionMember & { actor: AuditActor & { kind: "admin" } };

/** The admin, or the 404 every unknown path gets (visitors are not sent to sign in: nothing is here for them). */
export async function requireAdmin(request: Request, services: SessionServices): Promise<AdminMember> {
  const member = await readSession(request, services);
  if (!member?.admin) notFound(request);
  // The name they have now, kept with each change they make: a later rename does not rewrite the log.
  const name = (await services.stores.members.profile(member.uid))?.name ?? null;
  return { ...member, actor: { kind: "admin", uid: member.uid, name } };
}

export const AUDIT_PAGE_SIZE = 50;
