/**
 * The content port (decision 0087): one kind of content an operator gives the app, as the content import reads it
 * (one top-level key of the file, docs/content-import.md), as the admin forms write it and, for kinds shipped
 * with the app, as the start writes its shipped items where absent. Each kind is one module of its own feature
 * (notices/noticesKind.server.ts, benefits/benefitsKind.server.ts, …); the list of them is the composition root's
 * (app/server/contentKinds.server.ts). This folder imports no feature.
 */
import type { z } from "zod";
import type { AuditNote, AuditTargetKind, Stores } from "~/stores/stores";

export type ContentWrite = "created" | "updated" | "unchanged";

/** One key of the import file: its items' format, identity, how one is written and, when shipped, its shipped items. */
export interface ContentKind<Item> {
  /** The top-level key of the import file: "notices", "benefits", "offers", "terms", … */
  key: string;
  /** One item of that key's list: validated whole before anything is written. */
  item: z.ZodType<Item>;
  /** The item's identity in the file, unique within the key (itemCd), used in error messages and idempotence. */
  idOf(item: Item): string;
  /** Checks across items that the schema cannot (e.g. a Korean original present). null when fine, else a message key. */
  check?(item: Item): string | null;
  /**
   * What the stored content refuses of the item (a change to a terms version in force): read for every item
   * before anything is written, so such a file is refused whole. null when fine, else a message key.
   */
  refusal?(stores: Stores, item: Item, at: number): Promise<string | null>;
  /**
   * Writes one item if it differs from what is stored (same content → "unchanged": running an import twice changes
   * nothing), with `audit`'s record in the same store transaction as the change (none without it: the shipped
   * content written at start is not anyone's change).
   */
  apply(stores: Stores, item: Item, at: number, audit?: AuditNote): Promise<ContentWrite>;
  /** How the audit log names a changed item: its kind ("notice", "benefit", …) and a short line (its Korean title). */
  audit: { kind: AuditTargetKind; summaryOf(item: Item): string };
  /** The items shipped with the app (content/*.json), written at start only where absent (`seedKind`). */
  seed?: ContentSeed<Item>;
}

/** A kind's shipped items: validated as an import's (a broken file is a build's mistake and stops the start). */
export interface ContentSeed<Item> {
  items(): Item[];
  /** Whether an item of that identity is stored already (the shipped one, or an operator's edit of it). */
  stored(stores: Stores, item: Item): Promise<boolean>;
}

/** Any kind, whatever its item (a list of kinds holds several). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind has its own item type
export type AnyContentKind = ContentKind<any>;

/**
 * Writes each shipped item of the kind that is not stored yet, unaudited (it is nobody's change): an operator's
 * edit survives restarts, and a newer shipped text reaches a running site through the import. The number written.
 */
export async function seedKind<Item>(stores: Stores, kind: ContentKind<Item>, at = Date.now()): Promise<number> {
  if (!kind.seed) return 0;
  let created = 0;
  for (const item of kind.seed.items()) {
    if (await kind.seed.stored(stores, item)) continue;
    if ((await kind.apply(stores, item, at)) === "created") created++;
  }
  return created;
}
