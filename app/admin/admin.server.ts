/**
 * The admin area's guard and its audit record, in one place every admin page and
 * form uses (notices now; benefits, offers and terms after them). An admin is a
 * member whose session carries the `admin` claim (scripts/grant-admin.mjs, the
 * community's moderators); anyone else, signed in or not, gets the app's 404 page,
 * so the area does not say it exists. Every change an admin makes is recorded:
 * who, what, to which item, a short line, when.
 */
import { readSession, type SessionMember, type SessionServices } from "~/auth/session.server";
import { notFound } from "~/infra/http.server";
import type { NewAuditEntry, Stores } from "~/stores/stores";

/** The admin, or the 404 every unknown path gets (visitors are not sent to sign in: nothing is here for them). */
export async function requireAdmin(request: Request, services: SessionServices): Promise<SessionMember> {
  const member = await readSession(request, services);
  if (!member?.admin) notFound(request);
  return member;
}

/** The actor the content import is recorded as. */
export const IMPORT_ACTOR = "import";

const SUMMARY_MAX = 200;

/** Records one change in the audit log (the summary cut to its bound). */
export async function recordAudit(stores: Stores, entry: NewAuditEntry): Promise<void> {
  const chars = Array.from(entry.summary);
  const summary = chars.length > SUMMARY_MAX ? `${chars.slice(0, SUMMARY_MAX - 1).join("")}…` : entry.summary;
  await stores.audit.record({ ...entry, summary });
}

export const AUDIT_PAGE_SIZE = 50;
