/**
 * Content an operator keeps (app/stores/content.ts) in SQLite: benefits and
 * partner offers (migration 15), loan products (migration 19), extension kits (migration 28), work rules (migration 29).
 * One row per item, its facts as a JSON object, and
 * one row per language of its text; a write replaces the item and its texts in one
 * transaction.
 */
import type { BenefitContent, BenefitsStore } from "~/stores/benefits";
import type { ContentItem, ContentQuery, ContentStore } from "~/stores/content";
import type { ExtensionKitContent, ExtensionKitsStore } from "~/stores/extensionKits";
import type { LoanProductContent, LoanProductsStore } from "~/stores/loanProducts";
import type { OfferContent, OffersStore } from "~/stores/offers";
import type { WorkRuleContent, WorkRulesStore } from "~/stores/workRules";
import {
  BENEFIT_TABLES,
  EXTENSION_KIT_TABLES,
  LOAN_PRODUCT_TABLES,
  OFFER_TABLES,
  WORK_RULE_TABLES,
  contentColumnsOf,
  contentItemOf,
  contentTextsOf,
  type ContentItemRow,
  type ContentTables,
  type ContentTextRow,
} from "~/infra/rows/content.server";
import { auditEntryFor, type AuditNote } from "~/stores/audit";
import { sqliteAuditWriter } from "./auditStore.server";
import type { Db } from "./database.server";

function sqliteContentStore<Content extends ContentItem<unknown>>(
  db: Db,
  tables: ContentTables,
): ContentStore<Content, { category?: string | null }> {
  const { items, texts } = tables;
  const category = tables.category ? "category" : "NULL AS category";
  const columns = `item_cd, ${category}, sort_order, facts, created_at, updated_at`;
  const order = "ORDER BY sort_order, item_cd";
  const selectAll = db.prepare(`SELECT ${columns} FROM ${items} ${order}`);
  const selectIn = tables.category ? db.prepare(`SELECT ${columns} FROM ${items} WHERE category = ? ${order}`) : null;
  const selectOne = db.prepare(`SELECT ${columns} FROM ${items} WHERE item_cd = ?`);
  const allTexts = db.prepare(`SELECT item_cd, language, text FROM ${texts} ORDER BY item_cd, language`);
  // One language at a time, by its index: a page reads its own language's texts, not every language's.
  const textsIn = db.prepare(`SELECT item_cd, language, text FROM ${texts} WHERE language = ?`);
  const textsOf = db.prepare(`SELECT item_cd, language, text FROM ${texts} WHERE item_cd = ? ORDER BY language`);
  const insertItem = db.prepare(
    `INSERT INTO ${items} (item_cd, ${tables.category ? "category, " : ""}sort_order, facts, created_at, updated_at)
     VALUES (@itemCd, ${tables.category ? "@category, " : ""}@order, @facts, @at, @at)
     ON CONFLICT (item_cd) DO NOTHING`,
  );
  const updateItem = db.prepare(
    `UPDATE ${items} SET ${tables.category ? "category = @category, " : ""}sort_order = @order, facts = @facts,
       updated_at = @at WHERE item_cd = @itemCd`,
  );
  const deleteTexts = db.prepare(`DELETE FROM ${texts} WHERE item_cd = ?`);
  const insertText = db.prepare(`INSERT INTO ${texts} (item_cd, language, text) VALUES (?, ?, ?)`);

  const rowOf = (item: Content, at: number) => contentColumnsOf(tables, item, at);

  const writeTexts = (item: Content) => {
    deleteTexts.run(item.itemCd);
    for (const { language, text } of contentTextsOf(item)) insertText.run(item.itemCd, language, text);
  };

  const toItem = (row: ContentItemRow, textRows: ContentTextRow[]) => contentItemOf<Content>(tables, row, textRows);

  const writeAudit = sqliteAuditWriter(db);
  const create = db.transaction((item: Content, at: number, audit?: AuditNote) => {
    if (insertItem.run(rowOf(item, at)).changes === 0) return false;
    writeTexts(item);
    if (audit) writeAudit(auditEntryFor(audit, "created"));
    return true;
  });
  const update = db.transaction((item: Content, at: number, audit?: AuditNote) => {
    if (updateItem.run(rowOf(item, at)).changes === 0) return false;
    writeTexts(item);
    if (audit) writeAudit(auditEntryFor(audit, "updated"));
    return true;
  });

  return {
    async list(query: { category?: string | null } & ContentQuery = {}) {
      const rows = (query.category && selectIn ? selectIn.all(query.category) : selectAll.all()) as ContentItemRow[];
      const textRows = (
        query.languages ? [...new Set(query.languages)].flatMap((language) => textsIn.all(language)) : allTexts.all()
      ) as ContentTextRow[];
      const byItem = new Map<string, ContentTextRow[]>();
      for (const row of textRows) {
        const list = byItem.get(row.item_cd);
        if (list) list.push(row);
        else byItem.set(row.item_cd, [row]);
      }
      return rows.map((row) => toItem(row, byItem.get(row.item_cd) ?? []));
    },
    async byId(itemCd) {
      const row = selectOne.get(itemCd) as ContentItemRow | undefined;
      return row ? toItem(row, textsOf.all(itemCd) as ContentTextRow[]) : null;
    },
    async create(item, at, audit) {
      return create.immediate(item, at, audit) ? { ok: true } : { ok: false, problem: "itemCdTaken" };
    },
    async update(item, at, audit) {
      return update.immediate(item, at, audit) ? { ok: true } : { ok: false, problem: "notFound" };
    },
  };
}

export function sqliteBenefitStore(db: Db): BenefitsStore {
  return sqliteContentStore<BenefitContent>(db, BENEFIT_TABLES) as BenefitsStore;
}

export function sqliteOfferStore(db: Db): OffersStore {
  return sqliteContentStore<OfferContent>(db, OFFER_TABLES);
}

export function sqliteLoanProductStore(db: Db): LoanProductsStore {
  return sqliteContentStore<LoanProductContent>(db, LOAN_PRODUCT_TABLES);
}

export function sqliteExtensionKitStore(db: Db): ExtensionKitsStore {
  return sqliteContentStore<ExtensionKitContent>(db, EXTENSION_KIT_TABLES);
}

export function sqliteWorkRuleStore(db: Db): WorkRulesStore {
  return sqliteContentStore<WorkRuleContent>(db, WORK_RULE_TABLES);
}
