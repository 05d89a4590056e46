/** The terms documents' versions and their texts in PostgreSQL (tables `terms_versions`, `terms_texts`). */
import { auditEntryFor } from "~/stores/audit";
import { writeAudit } from "./auditStore.server";
import type { TermsStore, TermsTextIn } from "~/stores/terms";
import * as termsRows from "~/infra/rows/terms.server";
import type { Pg, Sql } from "./database.server";
import { valuesOf } from "./values.server";
import { numberedAll } from "~/infra/rows/placeholders.server";
import { TERMS } from "~/infra/rows/statements.server";

const SQL = numberedAll(TERMS);

const TEXT_COLUMNS = termsRows.TERMS_TEXT_COLUMNS;

const headOn = (sql: Sql, document: string, version: string) =>
  sql.row<termsRows.TermsHeadRow>(SQL.head, [document, version]);

const textsOn = (sql: Sql, document: string, version: string) =>
  sql.rows<termsRows.TermsTextRow>(SQL.texts, [document, version]);

export function pgTermsStore(db: Pg): TermsStore {
  return {
    async heads() {
      const rows = await db.rows<termsRows.TermsHeadRow>(SQL.heads);
      return rows.map(termsRows.termsHeadOf);
    },

    async version(document, version) {
      const [row, texts] = await Promise.all([headOn(db, document, version), textsOn(db, document, version)]);
      return row ? { ...termsRows.termsHeadOf(row), texts: termsRows.termsTextsOf(texts) } : null;
    },

    async textsIn(versions, language) {
      if (versions.length === 0) return [];
      // One statement for every version asked (not one each): the rows of their documents and versions in the
      // language or Korean, a superset of the pairs asked that the loop below narrows.
      const rows = await db.rows<termsRows.TermsTextRow & { document: string; version: string }>(
        `SELECT document, version, ${TEXT_COLUMNS} FROM terms_texts
         WHERE document = ANY($1) AND version = ANY($2) AND language IN ($3, 'ko')`,
        [[...new Set(versions.map((v) => v.document))], [...new Set(versions.map((v) => v.version))], language],
      );
      const found: TermsTextIn[] = [];
      for (const { document, version } of versions) {
        const texts = rows.filter((row) => row.document === document && row.version === version);
        const row = texts.find((t) => t.language === language) ?? texts.find((t) => t.language === "ko");
        if (row) found.push({ document, version, language: row.language, ...termsRows.termsTextOf(row) });
      }
      return found;
    },

    async save(version, now, today, audit) {
      const { document, version: id, effectiveOn, required } = version;
      // Read-decide-write in one serializable transaction, as SQLite's immediate one: of clients saving the
      // same new version at once, one creates it and the others are retried (40001) and find it unchanged.
      return db.tx(async (sql) => {
        const stored = await headOn(sql, document, id);
        if (stored) {
          const decision = termsRows.termsSaveDecision(
            { head: stored, texts: await textsOn(sql, document, id) },
            version,
            today,
          );
          if (decision === "unchanged") return { ok: true as const, outcome: "unchanged" as const };
          if (decision === "inForce") return { ok: false as const, problem: "inForce" as const };
          await sql.run(SQL.updateHead, [effectiveOn, required, now, document, id]);
          await sql.run(SQL.removeTexts, [document, id]);
        } else {
          await sql.run(SQL.insertHead, [document, id, effectiveOn, required, now, now]);
        }
        const rows = termsRows
          .termsTextRowsOf(version)
          .map((t) => [document, id, t.language, t.title, t.summary, t.sections]);
        if (rows.length > 0) {
          const values = valuesOf(rows);
          await sql.run(`INSERT INTO terms_texts (document, version, ${TEXT_COLUMNS}) ${values.text}`, values.params);
        }
        const outcome = stored ? ("updated" as const) : ("created" as const);
        if (audit) await writeAudit(sql, auditEntryFor(audit, outcome));
        return { ok: true as const, outcome };
      });
    },

    async publish(document, version, now, audit) {
      const published = await db.tx(async (sql) => {
        const changed = await sql.run(SQL.publish, [now, now, document, version]);
        if (changed === 1 && audit) await writeAudit(sql, auditEntryFor(audit, "changed"));
        return changed;
      });
      if (published === 1) return { ok: true, changed: true };
      return (await headOn(db, document, version)) ? { ok: true, changed: false } : { ok: false, problem: "notFound" };
    },
  };
}
