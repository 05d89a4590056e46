/**
 * Operator content's rows (benefits, offers, loan products, extension kits, work rules: an items table and a texts table each), the same in
 * SQLite and PostgreSQL: one row per item with its facts as a JSON object, one row per language of its text.
 */
import type { ContentItem, Stamped } from "~/stores/content";

export interface ContentItemRow {
  item_cd: string;
  category: string | null;
  sort_order: number;
  facts: string;
  created_at: number;
  updated_at: number;
}

export interface ContentTextRow {
  item_cd: string;
  language: string;
  text: string;
}

/** Where one kind of content lives; `category`: the items table has a category column, filtered on by `list`. */
export interface ContentTables {
  items: "benefits" | "offers" | "loan_products" | "extension_kits" | "work_rules";
  texts: "benefit_texts" | "offer_texts" | "loan_product_texts" | "extension_kit_texts" | "work_rule_texts";
  category: boolean;
}

export const BENEFIT_TABLES: ContentTables = { items: "benefits", texts: "benefit_texts", category: true };
export const OFFER_TABLES: ContentTables = { items: "offers", texts: "offer_texts", category: false };
export const LOAN_PRODUCT_TABLES: ContentTables = {
  items: "loan_products",
  texts: "loan_product_texts",
  category: false,
};
export const EXTENSION_KIT_TABLES: ContentTables = {
  items: "extension_kits",
  texts: "extension_kit_texts",
  category: false,
};

export const WORK_RULE_TABLES: ContentTables = { items: "work_rules", texts: "work_rule_texts", category: false };

/** The item's columns as written: its facts are all but its identity, order, texts and category column. */
export function contentColumnsOf<Content extends ContentItem<unknown>>(
  tables: ContentTables,
  item: Content,
  at: number,
) {
  const { itemCd, order, translations: _texts, ...facts } = item as Content & { category?: string };
  if (tables.category) delete facts.category;
  return {
    itemCd,
    order,
    at,
    category: (item as { category?: string }).category ?? null,
    facts: JSON.stringify(facts),
  };
}

/** Each language's text of an item as the column keeps it. */
export const contentTextsOf = (item: ContentItem<unknown>) =>
  Object.entries(item.translations).map(([language, text]) => ({ language, text: JSON.stringify(text) }));

export function contentItemOf<Content extends ContentItem<unknown>>(
  tables: ContentTables,
  row: ContentItemRow,
  textRows: readonly Pick<ContentTextRow, "language" | "text">[],
): Stamped<Content> {
  return {
    itemCd: row.item_cd,
    ...(tables.category ? { category: row.category } : {}),
    ...(JSON.parse(row.facts) as object),
    order: row.sort_order,
    translations: Object.fromEntries(textRows.map((t) => [t.language, JSON.parse(t.text) as unknown])),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  } as unknown as Stamped<Content>;
}
