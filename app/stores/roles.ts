/**
 * The admin role as the operator last set it (scripts/grant-admin.mjs), kept in our own storage so that every
 * process reads it on every request: granting or revoking takes effect on the member's very next request,
 * whatever their session carried at sign-in (decision 0082). Never set here: the session's claim stands.
 */
import type { AuditNote } from "./audit";

export interface RolesStore {
  /**
   * Records the member's admin role as of `at` (ms), with `audit`'s record in the same transaction; an earlier
   * change never replaces a later one.
   */
  setAdmin(uid: string, admin: boolean, at: number, audit?: AuditNote): Promise<void>;
  /** The admin role as last set, or null when it was never set here. */
  admin(uid: string): Promise<boolean | null>;
}
