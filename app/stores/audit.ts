/**
 * The admin audit log: who changed what and when, through the admin area or the
 * content import. Entries are only ever added; admins read them newest first.
 */
import type { PageQuery, PageResult } from "./page";

export interface NewAuditEntry {
  /** The admin's uid, or `import` for the content import (npm run content). */
  actorUid: string;
  /** What was done: "create", "update", "publish", "unpublish", "pin", "unpin". */
  action: string;
  /** What it was done to: a kind ("notice", later "benefit", "offer", "terms") and that item's code. */
  target: { kind: string; id: string };
  /** A short line about the change (a title), at most 200 characters. */
  summary: string;
  /** ms since the epoch. */
  at: number;
}

export interface AuditEntry extends NewAuditEntry {
  id: string;
}

export interface AuditStore {
  record(entry: NewAuditEntry): Promise<void>;
  /** Newest first. */
  list(query: PageQuery): Promise<PageResult<AuditEntry>>;
}
