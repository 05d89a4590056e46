/** Terms versions' rows (tables `terms_versions`, `terms_texts`), the same in SQLite and PostgreSQL. */
import {
  termsContentKey,
  termsVersionInForce,
  type NewTermsVersion,
  type TermsSection,
  type TermsText,
  type TermsVersionHead,
} from "~/stores/terms";

export interface TermsHeadRow {
  document: string;
  version: string;
  effective_on: string;
  /** SQLite's 0/1, PostgreSQL's boolean. */
  required: number | boolean;
  published_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface TermsTextRow {
  language: string;
  title: string;
  summary: string;
  sections: string;
}

export const TERMS_HEAD_COLUMNS = "document, version, effective_on, required, published_at, created_at, updated_at";
/** A version's text in one language: its columns of `terms_texts` after the document and version. */
export const TERMS_TEXT_COLUMNS = "language, title, summary, sections";
/** The order of `TermsStore.heads`. */
export const TERMS_HEAD_ORDER = "document, effective_on, version";

export const termsHeadOf = (row: TermsHeadRow): TermsVersionHead => ({
  document: row.document,
  version: row.version,
  effectiveOn: row.effective_on,
  required: Boolean(row.required),
  publishedAt: row.published_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const termsTextOf = (row: TermsTextRow): TermsText => ({
  title: row.title,
  summary: row.summary,
  sections: (JSON.parse(row.sections) as TermsSection[]).map(({ heading, body }) => ({ heading, body })),
});

export const termsTextsOf = (rows: readonly TermsTextRow[]) =>
  Object.fromEntries(rows.map((row) => [row.language, termsTextOf(row)]));

/** Each language's text of a version as its row keeps it. */
export const termsTextRowsOf = (version: NewTermsVersion): TermsTextRow[] =>
  Object.entries(version.texts).map(([language, text]) => ({
    language,
    title: text.title,
    summary: text.summary,
    sections: JSON.stringify(text.sections.map(({ heading, body }) => ({ heading, body }))),
  }));

/**
 * What saving `version` over the stored one does: nothing when the content is the same, a refusal when the stored
 * one is in force (published and effective on or before `today`), else a write.
 */
export function termsSaveDecision(
  stored: { head: TermsHeadRow; texts: readonly TermsTextRow[] },
  version: NewTermsVersion,
  today: string,
): "unchanged" | "inForce" | "write" {
  const head = termsHeadOf(stored.head);
  const before = termsContentKey({
    effectiveOn: head.effectiveOn,
    required: head.required,
    texts: termsTextsOf(stored.texts),
  });
  if (before === termsContentKey(version)) return "unchanged";
  return termsVersionInForce(head, today) ? "inForce" : "write";
}
