/**
 * The generic content writer: an item stored by its code, written only where it differs from what is stored, so
 * an import run twice changes nothing; and the kind made of it for content kept in a `ContentStore` (benefits,
 * offers, loan products).
 */
import type { z } from "zod";
import type { AuditNote } from "~/stores/audit";
import type { ContentItem, ContentStore } from "~/stores/content";
import type { Stores } from "~/stores/stores";
import type { ContentKind, ContentWrite } from "./kind.server";
import { koreanProblem } from "./texts.server";

/** The value as JSON with every object's keys sorted: two contents are the same when these are. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** Creates the item, or replaces the stored one when it differs (a concurrent creation is compared like any other). */
export async function writeContent<Content extends ContentItem<unknown>>(
  store: ContentStore<Content>,
  content: Content,
  at: number,
  audit?: AuditNote,
  attempts = 3,
): Promise<ContentWrite> {
  if (attempts === 0) throw new Error(`content ${content.itemCd} kept changing while it was written`);
  const stored = await store.byId(content.itemCd);
  if (!stored) {
    // The audit record is written by the store with the change, in its transaction.
    const created = await store.create(content, at, audit);
    if (created.ok) return "created";
    return writeContent(store, content, at, audit, attempts - 1);
  }
  const { createdAt: _created, updatedAt: _updated, ...storedContent } = stored;
  if (canonical(storedContent) === canonical(content)) return "unchanged";
  const updated = await store.update(content, at, audit);
  // Gone between the read and the write (nothing deletes content yet): made again.
  return updated.ok ? "updated" : writeContent(store, content, at, audit, attempts - 1);
}

/**
 * The kind of content kept in a `ContentStore`: items validated by `item`, checked for their Korean original,
 * written to `storeOf`, named in the audit log as `audit.kind` with their `summaryOf`; shipped items, if any,
 * from `shipped` (written where their code is not stored).
 */
export function storedContentKind<Item extends { itemCd: string }, Content extends ContentItem<unknown>>(parts: {
  key: string;
  item: z.ZodType<Item>;
  storeOf: (stores: Stores) => ContentStore<Content>;
  contentOf: (item: Item) => Content;
  audit: ContentKind<Item>["audit"];
  shipped?: () => Item[];
}): ContentKind<Item> {
  const { key, item, storeOf, contentOf, audit, shipped } = parts;
  return {
    key,
    item,
    idOf: (parsed) => parsed.itemCd,
    check: (parsed) => koreanProblem(contentOf(parsed)),
    apply: (stores, parsed, at, note) => writeContent(storeOf(stores), contentOf(parsed), at, note),
    audit,
    seed: shipped && {
      items: shipped,
      stored: async (stores, parsed) => (await storeOf(stores).byId(parsed.itemCd)) !== null,
    },
  };
}
