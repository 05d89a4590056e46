/**
 * Content an operator keeps (app/stores/content.ts) in PostgreSQL: benefits, partner offers and loan products,
 * each an items table and a texts table (app/infra/rows/content.server.ts). A read is one statement (the items
 * joined to the languages' texts asked for); a write replaces the item and its texts in one transaction.
 */
import type { BenefitContent, BenefitsStore } from "~/stores/benefits";
import type { ContentItem, ContentQuery, ContentStore } from "~/stores/content";
import type { ExtensionKitContent, ExtensionKitsStore } from "~/stores/extensionKits";
import type { LoanProductContent, LoanProductsStore } from "~/stores/loanProducts";
import type { WorkRuleContent, WorkRulesStore } from "~/stores/workRules";
import type { OfferContent, OffersStore } from "~/stores/offers";
import * as contentRows from "~/infra/rows/content.server";
import { auditEntryFor } from "~/stores/audit";
import { writeAudit } from "./auditStore.server";
import type { Pg, Sql } from "./database.server";
import { valuesOf } from "./values.server";

/** An item's row with one of its texts (null language: an item without a text in the languages asked for). */
interface JoinedRow extends contentRows.ContentItemRow {
  language: string | null;
  text: string | null;
}

function pgContentStore<Content extends ContentItem<unknown>>(
  db: Pg,
  tables: contentRows.ContentTables,
): ContentStore<Content, { category?: string | null }> {
  const { items, texts } = tables;
  const category = tables.category ? "i.category" : "NULL AS category";
  const select = `SELECT i.item_cd, ${category}, i.sort_order, i.facts, i.created_at, i.updated_at, t.language, t.text
    FROM ${items} i LEFT JOIN ${texts} t ON t.item_cd = i.item_cd`;
  // NULLS FIRST: an item without texts comes as one row with a null language, and the order groups its rows.
  const order = "ORDER BY i.sort_order, i.item_cd, t.language NULLS FIRST";

  /** The items of the joined rows, in their order, each with the texts it came with. */
  const itemsOf = (rows: readonly JoinedRow[]) => {
    const grouped: { row: JoinedRow; texts: { language: string; text: string }[] }[] = [];
    for (const row of rows) {
      let last = grouped[grouped.length - 1];
      if (last?.row.item_cd !== row.item_cd) grouped.push((last = { row, texts: [] }));
      if (row.language !== null && row.text !== null) last.texts.push({ language: row.language, text: row.text });
    }
    return grouped.map(({ row, texts }) => contentRows.contentItemOf<Content>(tables, row, texts));
  };

  const writeTexts = async (sql: Sql, item: Content) => {
    await sql.run(`DELETE FROM ${texts} WHERE item_cd = $1`, [item.itemCd]);
    const rows = contentRows.contentTextsOf(item).map(({ language, text }) => [item.itemCd, language, text]);
    if (rows.length === 0) return;
    const values = valuesOf(rows);
    await sql.run(`INSERT INTO ${texts} (item_cd, language, text) ${values.text}`, values.params);
  };

  return {
    async list(query: { category?: string | null } & ContentQuery = {}) {
      const params: unknown[] = [];
      const on = query.languages ? ` AND t.language = ANY($${params.push([...new Set(query.languages)])})` : "";
      const where = query.category && tables.category ? ` WHERE i.category = $${params.push(query.category)}` : "";
      return itemsOf(await db.rows<JoinedRow>(`${select}${on}${where} ${order}`, params));
    },
    async byId(itemCd) {
      const [item] = itemsOf(await db.rows<JoinedRow>(`${select} WHERE i.item_cd = $1 ${order}`, [itemCd]));
      return item ?? null;
    },
    async create(item, at, audit) {
      const row = contentRows.contentColumnsOf(tables, item, at);
      const created = await db.tx(async (sql) => {
        // Of clients racing to create one code, one inserts; the others do nothing (after a retry, 40001).
        const inserted = tables.category
          ? await sql.run(
              `INSERT INTO ${items} (item_cd, category, sort_order, facts, created_at, updated_at)
               VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT (item_cd) DO NOTHING`,
              [row.itemCd, row.category, row.order, row.facts, at],
            )
          : await sql.run(
              `INSERT INTO ${items} (item_cd, sort_order, facts, created_at, updated_at)
               VALUES ($1, $2, $3, $4, $4) ON CONFLICT (item_cd) DO NOTHING`,
              [row.itemCd, row.order, row.facts, at],
            );
        if (inserted === 0) return false;
        await writeTexts(sql, item);
        if (audit) await writeAudit(sql, auditEntryFor(audit, "created"));
        return true;
      });
      return created ? { ok: true } : { ok: false, problem: "itemCdTaken" };
    },
    async update(item, at, audit) {
      const row = contentRows.contentColumnsOf(tables, item, at);
      const updated = await db.tx(async (sql) => {
        const changed = tables.category
          ? await sql.run(
              `UPDATE ${items} SET category = $2, sort_order = $3, facts = $4, updated_at = $5 WHERE item_cd = $1`,
              [row.itemCd, row.category, row.order, row.facts, at],
            )
          : await sql.run(`UPDATE ${items} SET sort_order = $2, facts = $3, updated_at = $4 WHERE item_cd = $1`, [
              row.itemCd,
              row.order,
              row.facts,
              at,
            ]);
        if (changed === 0) return false;
        await writeTexts(sql, item);
        if (audit) await writeAudit(sql, auditEntryFor(audit, "updated"));
        return true;
      });
      return updated ? { ok: true } : { ok: false, problem: "notFound" };
    },
  };
}

/** Benefits, partner offers, loan products, extension kits and work rules: the same store over each kind's two tables. */
export function pgOperatorContentStores(db: Pg): {
  benefits: BenefitsStore;
  offers: OffersStore;
  loanProducts: LoanProductsStore;
  extensionKits: ExtensionKitsStore;
  workRules: WorkRulesStore;
} {
  return {
    benefits: pgContentStore<BenefitContent>(db, contentRows.BENEFIT_TABLES) as BenefitsStore,
    offers: pgContentStore<OfferContent>(db, contentRows.OFFER_TABLES),
    loanProducts: pgContentStore<LoanProductContent>(db, contentRows.LOAN_PRODUCT_TABLES),
    extensionKits: pgContentStore<ExtensionKitContent>(db, contentRows.EXTENSION_KIT_TABLES),
    workRules: pgContentStore<WorkRuleContent>(db, contentRows.WORK_RULE_TABLES),
  };
}
