/**
 * Content an operator keeps (benefits, partner offers): items with facts that read
 * the same in every language and a text per language, identified by an item code,
 * listed whole in their order. Written whole by an import or an admin form.
 */
import type { AuditNote } from "./audit";

/** What every content item has besides its own facts. */
export interface ContentItem<Text> {
  /** Its identity (the spec's item code): letters, digits, `-` and `_`. */
  itemCd: string;
  /** Lower comes first; equal orders by itemCd. */
  order: number;
  /** By language code; "ko" is always there. */
  translations: Record<string, Text>;
}

/** An item as stored: with when it was made and last changed (ms since the epoch). */
export type Stamped<Content> = Content & { createdAt: number; updatedAt: number };

export interface ContentQuery {
  /** Only these languages' texts (those an item has); every language when absent. */
  languages?: readonly string[];
}

export interface ContentStore<Content extends ContentItem<unknown>, Query = object> {
  /** The items in their order (`order`, then itemCd). */
  list(query?: Query & ContentQuery): Promise<Stamped<Content>[]>;
  /** One item with every language's text, or null. */
  byId(itemCd: string): Promise<Stamped<Content> | null>;
  /** Stores a new item with its texts (both or neither), and `audit`'s record ("create") in the same transaction. */
  create(item: Content, at: number, audit?: AuditNote): Promise<{ ok: true } | { ok: false; problem: "itemCdTaken" }>;
  /**
   * Replaces an item's facts and texts (a language left out is removed) in one step, with `audit`'s record
   * ("update") in the same transaction.
   */
  update(item: Content, at: number, audit?: AuditNote): Promise<{ ok: true } | { ok: false; problem: "notFound" }>;
}
