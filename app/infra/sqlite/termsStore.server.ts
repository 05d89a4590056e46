/** The terms documents' versions and their texts in SQLite (tables `terms_versions`, `terms_texts`). */
import type { NewTermsVersion, TermsStore, TermsTextIn } from "~/stores/terms";
import {
  termsHeadOf,
  termsSaveDecision,
  termsTextOf,
  termsTextRowsOf,
  termsTextsOf,
  type TermsHeadRow,
  type TermsTextRow,
} from "~/infra/rows/terms.server";
import { auditEntryFor, type AuditNote } from "~/stores/audit";
import { sqliteAuditWriter } from "./auditStore.server";
import type { Db } from "./database.server";
import { TERMS } from "~/infra/rows/statements.server";

export function sqliteTermsStore(db: Db): TermsStore {
  const allHeads = db.prepare(TERMS.heads);
  const headBy = db.prepare(TERMS.head);
  const textsOf = db.prepare(TERMS.texts);
  const textIn = db.prepare(
    `SELECT language, title, summary, sections FROM terms_texts
     WHERE document = ? AND version = ? AND language IN (?, 'ko')
     ORDER BY CASE WHEN language = ? THEN 0 ELSE 1 END LIMIT 1`,
  );
  const insertHead = db.prepare(TERMS.insertHead);
  const updateHead = db.prepare(TERMS.updateHead);
  const deleteTexts = db.prepare(TERMS.removeTexts);
  const insertText = db.prepare(
    `INSERT INTO terms_texts (document, version, language, title, summary, sections) VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const publishDraft = db.prepare(TERMS.publish);

  const storedTexts = (document: string, version: string) => textsOf.all(document, version) as TermsTextRow[];

  // IMMEDIATE: the check of what is stored and the writes hold the write lock together, across connections too.
  const writeAudit = sqliteAuditWriter(db);
  const save = db.transaction((version: NewTermsVersion, now: number, today: string, audit?: AuditNote) => {
    const { document, version: id, effectiveOn, required } = version;
    const stored = headBy.get(document, id) as TermsHeadRow | undefined;
    if (stored) {
      const decision = termsSaveDecision({ head: stored, texts: storedTexts(document, id) }, version, today);
      if (decision === "unchanged") return { ok: true as const, outcome: "unchanged" as const };
      if (decision === "inForce") return { ok: false as const, problem: "inForce" as const };
      updateHead.run(effectiveOn, required ? 1 : 0, now, document, id);
      deleteTexts.run(document, id);
    } else {
      insertHead.run(document, id, effectiveOn, required ? 1 : 0, now, now);
    }
    for (const text of termsTextRowsOf(version)) {
      insertText.run(document, id, text.language, text.title, text.summary, text.sections);
    }
    const outcome = stored ? ("updated" as const) : ("created" as const);
    if (audit) writeAudit(auditEntryFor(audit, outcome));
    return { ok: true as const, outcome };
  });

  const publish = db.transaction((document: string, version: string, now: number, audit?: AuditNote) => {
    if (publishDraft.run(now, now, document, version).changes !== 1) return false;
    if (audit) writeAudit(auditEntryFor(audit, "changed"));
    return true;
  });

  return {
    async heads() {
      return (allHeads.all() as TermsHeadRow[]).map(termsHeadOf);
    },

    async version(document, version) {
      const row = headBy.get(document, version) as TermsHeadRow | undefined;
      return row ? { ...termsHeadOf(row), texts: termsTextsOf(storedTexts(document, version)) } : null;
    },

    async textsIn(versions, language) {
      const found: TermsTextIn[] = [];
      for (const { document, version } of versions) {
        const row = textIn.get(document, version, language, language) as TermsTextRow | undefined;
        if (row) found.push({ document, version, language: row.language, ...termsTextOf(row) });
      }
      return found;
    },

    async save(version, now, today, audit) {
      return save.immediate(version, now, today, audit);
    },

    async publish(document, version, now, audit) {
      if (publish.immediate(document, version, now, audit)) return { ok: true, changed: true };
      return headBy.get(document, version) ? { ok: true, changed: false } : { ok: false, problem: "notFound" };
    },
  };
}
