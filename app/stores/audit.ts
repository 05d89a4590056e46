/**
 * The admin audit log: who changed what and when, through the admin area or the
 * content import. Entries are only ever added; admins read them newest first.
 */
import type { PageQuery, PageResult } from "./page";

/**
 * Who made a change, stably (decision 0082): an admin by their uid, with the name they had when the change was
 * recorded (null where that is not known: rows from before it was kept); the content import (npm run content) as
 * its own kind; an operator's command (scripts/grant-admin.mjs) by its name. A display name never stands for an
 * actor: one can be changed by its owner to anything, "import" or another admin's name included.
 */
export type AuditActor =
  { kind: "admin"; uid: string; name: string | null } | { kind: "import" } | { kind: "operator"; id: string };

export const AUDIT_ACTOR_KINDS = ["admin", "import", "operator"] as const satisfies readonly AuditActor["kind"][];

/** What can be done (the admin's log names each in the operator's language: app/admin/labels.ts). */
export const AUDIT_ACTIONS = [
  "create",
  "update",
  "publish",
  "unpublish",
  "pin",
  "unpin",
  "disable",
  "grantAdmin",
  "revokeAdmin",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What it can be done to: each content kind, a single sign-on partner, a member (the admin role). */
export const AUDIT_TARGET_KINDS = [
  "notice",
  "benefit",
  "offer",
  "terms",
  "corridor",
  "rate",
  "loanProduct",
  "extensionKit",
  "workRule",
  "ssoClient",
  "member",
] as const;
export type AuditTargetKind = (typeof AUDIT_TARGET_KINDS)[number];

export interface NewAuditEntry {
  actor: AuditActor;
  /** What was done. */
  action: AuditAction;
  /** What it was done to: a kind and that item's code. */
  target: { kind: AuditTargetKind; id: string };
  /** A short line about the change (a title), at most 200 characters. */
  summary: string;
  /** ms since the epoch. */
  at: number;
}

/**
 * The audit record a store's write makes in the write's own transaction, when it changes something (ASVS 2.3.3:
 * a change is never outside the log, an import killed half-way included; decision 0082). Without `action`, it is
 * "create" or "update" by what the write did.
 */
export type AuditNote = Omit<NewAuditEntry, "action"> & { action?: AuditAction };

/** The entry a note makes for a write's outcome. */
export const auditEntryFor = (note: AuditNote, outcome: "created" | "updated" | "changed"): NewAuditEntry => ({
  ...note,
  action: note.action ?? (outcome === "created" ? "create" : "update"),
});

export interface AuditEntry extends NewAuditEntry {
  id: string;
}

export interface AuditStore {
  record(entry: NewAuditEntry): Promise<void>;
  /** Newest first. */
  list(query: PageQuery): Promise<PageResult<AuditEntry>>;
}
