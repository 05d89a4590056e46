/** The terms documents' versions and their texts in SQLite (tables `terms_versions`, `terms_texts`). */
import {
  termsContentKey,
  termsVersionInForce,
  type NewTermsVersion,
  type TermsSection,
  type TermsStore,
  type TermsText,
  type TermsTextIn,
  type TermsVersionHead,
} from "~/stores/terms";
import type { Db } from "./database.server";

interface HeadRow {
  document: string;
  version: string;
  effective_on: string;
  required: number;
  published_at: number | null;
  created_at: number;
  updated_at: number;
}

interface TextRow {
  language: string;
  title: string;
  summary: string;
  sections: string;
}

const HEAD = "document, version, effective_on, required, published_at, created_at, updated_at";

const headOf = (row: HeadRow): TermsVersionHead => ({
  document: row.document,
  version: row.version,
  effectiveOn: row.effective_on,
  required: row.required === 1,
  publishedAt: row.published_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const textOf = (row: TextRow): TermsText => ({
  title: row.title,
  summary: row.summary,
  sections: (JSON.parse(row.sections) as TermsSection[]).map(({ heading, body }) => ({ heading, body })),
});

export function sqliteTermsStore(db: Db): TermsStore {
  const allHeads = db.prepare(`SELECT ${HEAD} FROM terms_versions ORDER BY document, effective_on, version`);
  const headBy = db.prepare(`SELECT ${HEAD} FROM terms_versions WHERE document = ? AND version = ?`);
  const textsOf = db.prepare(
    "SELECT language, title, summary, sections FROM terms_texts WHERE document = ? AND version = ? ORDER BY language",
  );
  const textIn = db.prepare(
    `SELECT language, title, summary, sections FROM terms_texts
     WHERE document = ? AND version = ? AND language IN (?, 'ko')
     ORDER BY CASE WHEN language = ? THEN 0 ELSE 1 END LIMIT 1`,
  );
  const insertHead = db.prepare(
    `INSERT INTO terms_versions (document, version, effective_on, required, published_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, NULL, ?, ?)`,
  );
  const updateHead = db.prepare(
    "UPDATE terms_versions SET effective_on = ?, required = ?, updated_at = ? WHERE document = ? AND version = ?",
  );
  const deleteTexts = db.prepare("DELETE FROM terms_texts WHERE document = ? AND version = ?");
  const insertText = db.prepare(
    `INSERT INTO terms_texts (document, version, language, title, summary, sections) VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const publishDraft = db.prepare(
    "UPDATE terms_versions SET published_at = ?, updated_at = ? WHERE document = ? AND version = ? AND published_at IS NULL",
  );

  const storedTexts = (document: string, version: string) =>
    Object.fromEntries((textsOf.all(document, version) as TextRow[]).map((row) => [row.language, textOf(row)]));

  // IMMEDIATE: the check of what is stored and the writes hold the write lock together, across connections too.
  const save = db.transaction((version: NewTermsVersion, now: number, today: string) => {
    const { document, version: id, effectiveOn, required, texts } = version;
    const stored = headBy.get(document, id) as HeadRow | undefined;
    if (stored) {
      const before = termsContentKey({
        effectiveOn: stored.effective_on,
        required: stored.required === 1,
        texts: storedTexts(document, id),
      });
      if (before === termsContentKey({ effectiveOn, required, texts })) {
        return { ok: true as const, outcome: "unchanged" as const };
      }
      if (termsVersionInForce(headOf(stored), today)) {
        return { ok: false as const, problem: "inForce" as const };
      }
      updateHead.run(effectiveOn, required ? 1 : 0, now, document, id);
      deleteTexts.run(document, id);
    } else {
      insertHead.run(document, id, effectiveOn, required ? 1 : 0, now, now);
    }
    for (const [language, text] of Object.entries(texts)) {
      const sections = JSON.stringify(text.sections.map(({ heading, body }) => ({ heading, body })));
      insertText.run(document, id, language, text.title, text.summary, sections);
    }
    return { ok: true as const, outcome: stored ? ("updated" as const) : ("created" as const) };
  });

  return {
    async heads() {
      return (allHeads.all() as HeadRow[]).map(headOf);
    },

    async version(document, version) {
      const row = headBy.get(document, version) as HeadRow | undefined;
      return row ? { ...headOf(row), texts: storedTexts(document, version) } : null;
    },

    async textsIn(versions, language) {
      const found: TermsTextIn[] = [];
      for (const { document, version } of versions) {
        const row = textIn.get(document, version, language, language) as TextRow | undefined;
        if (row) found.push({ document, version, language: row.language, ...textOf(row) });
      }
      return found;
    },

    async save(version, now, today) {
      return save.immediate(version, now, today);
    },

    async publish(document, version, now) {
      if (publishDraft.run(now, now, document, version).changes === 1) return { ok: true, changed: true };
      return headBy.get(document, version) ? { ok: true, changed: false } : { ok: false, problem: "notFound" };
    },
  };
}
