/**
 * The documents a member agrees to when joining, with the version in force. A new
 * version of a document gets a new version string here and new text in the
 * `terms` namespace; agreements are recorded per document and version.
 */
export type TermsDocumentId = "service" | "privacy" | "age14" | "marketing";

export interface TermsDocument {
  id: TermsDocumentId;
  version: string;
  required: boolean;
  /** Whether the document has a full text at /member/terms (age14 is a statement). */
  hasText: boolean;
}

export const termsDocuments: readonly TermsDocument[] = [
  { id: "service", version: "2026-11-01", required: true, hasText: true },
  { id: "privacy", version: "2026-11-01", required: true, hasText: true },
  { id: "age14", version: "2026-11-01", required: true, hasText: false },
  { id: "marketing", version: "2026-11-01", required: false, hasText: true },
];

/**
 * Documents anyone can read and nobody agrees to: the privacy policy
 * (개인정보처리방침, 개인정보 보호법 §30), linked from every page's footer.
 */
export const policyDocuments = [{ id: "privacyPolicy", version: "2026-11-24" }] as const;

export type TermsChoices = Record<TermsDocumentId, boolean>;

export function isTermsDocumentId(value: unknown): value is TermsDocumentId {
  return termsDocuments.some((d) => d.id === value);
}

/** True when every required document is agreed. */
export function requiredTermsAgreed(choices: Partial<TermsChoices>): boolean {
  return termsDocuments.every((d) => !d.required || choices[d.id] === true);
}
