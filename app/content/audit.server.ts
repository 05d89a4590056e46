/**
 * The audit records of content changes (decision 0082): who changed which item, a short line, when. The stores
 * write a record in the change's own transaction (AuditNote); `recordAudit` is for a change no store transaction
 * holds. Here, below every feature, so the features that change content do not import the admin area.
 */
import type { AuditActor, AuditNote, NewAuditEntry, Stores } from "~/stores/stores";
import type { ContentKind } from "./kind.server";

/** The audit record of `actor`'s change of an item, for the store to write with the change (AuditNote). */
export const auditNoteOf = <Item>(kind: ContentKind<Item>, item: Item, actor: AuditActor, at: number): AuditNote => ({
  actor,
  target: { kind: kind.audit.kind, id: kind.idOf(item) },
  summary: kind.audit.summaryOf(item),
  at,
});

/**
 * Records one change in the audit log on its own, for a change no store transaction holds (a partner disabled
 * through the OpenID provider's records). Every other change passes its record to the store's write (AuditNote).
 */
export async function recordAudit(stores: Stores, entry: NewAuditEntry): Promise<void> {
  await stores.audit.record(entry);
}
