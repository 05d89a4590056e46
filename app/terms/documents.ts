/**
 * The terms documents: those a member agrees to when joining, and the policies anyone reads and nobody agrees to
 * (the privacy policy, 개인정보 보호법 §30). Which documents exist is code: each consent is a box of the joining
 * forms. Their versions are content (app/stores/terms.ts; the first ones shipped in content/terms.json): which
 * version is in force, whether agreeing to it is required, and its text (docs/decisions/0057).
 */
import type { TermsVersionHead } from "~/stores/terms";

export type TermsDocumentId = "service" | "privacy" | "age14" | "marketing";
export type PolicyDocumentId = "privacyPolicy";
export type DocumentId = TermsDocumentId | PolicyDocumentId;

export interface TermsDocument<Id extends DocumentId = DocumentId> {
  id: Id;
  /** Agreed to (or declined) by members, or only read. */
  kind: "consent" | "policy";
  /** Whether it has a text to read (age14 is a statement: its title alone). */
  hasText: boolean;
}

/** The consents, in the order the joining forms list them. */
export const termsDocuments: readonly TermsDocument<TermsDocumentId>[] = [
  { id: "service", kind: "consent", hasText: true },
  { id: "privacy", kind: "consent", hasText: true },
  { id: "age14", kind: "consent", hasText: false },
  { id: "marketing", kind: "consent", hasText: true },
];

export const policyDocuments: readonly TermsDocument<PolicyDocumentId>[] = [
  { id: "privacyPolicy", kind: "policy", hasText: true },
];

/** Every document, as the terms page lists them: the consents with a text, then the policies. */
export const allDocuments: readonly TermsDocument[] = [...termsDocuments, ...policyDocuments];

/**
 * Consents no version may make required: a service may not be refused because an optional consent was declined
 * (개인정보 보호법 §22; domain-facts §6).
 */
export const alwaysOptional: readonly TermsDocumentId[] = ["marketing"];

/** A version id: letters, digits, dots and hyphens (a date, as the first versions use), nothing a path or SQL reads. */
export const VERSION_ID = /^[0-9A-Za-z][0-9A-Za-z.-]{0,31}$/;

export type TermsChoices = Record<TermsDocumentId, boolean>;

/** A join's answers on its terms step: the boxes ticked, when, and the version of each document shown then. */
export interface TermsAnswers {
  choices: TermsChoices;
  at: number;
  /** Absent in drafts saved before versions were content: the versions in force at `at` are meant. */
  versions?: Partial<Record<TermsDocumentId, string>>;
}

export function isTermsDocumentId(value: unknown): value is TermsDocumentId {
  return termsDocuments.some((d) => d.id === value);
}

/** True when every required version among `versions` is agreed. */
export function requiredTermsAgreed(
  choices: Partial<TermsChoices>,
  versions: readonly Pick<TermsVersionHead, "document" | "required">[],
): boolean {
  return versions.every((v) => !v.required || (isTermsDocumentId(v.document) && choices[v.document] === true));
}

/** Where a published version stands on a day: in force, in force before, or announced for later. */
export type VersionStatus = "inForce" | "earlier" | "upcoming";

/** A document's published versions in the order they take effect (a later publication wins a shared day). */
export function publishedVersionsOf<Head extends TermsVersionHead>(heads: readonly Head[], document: string): Head[] {
  return heads
    .filter((h) => h.document === document && h.publishedAt !== null)
    .sort(
      (a, b) =>
        a.effectiveOn.localeCompare(b.effectiveOn) ||
        a.publishedAt! - b.publishedAt! ||
        a.version.localeCompare(b.version),
    );
}

/** The version of a document in force on `today` ("yyyy-mm-dd" in Korea): the last published one effective by then. */
export function versionInForce<Head extends TermsVersionHead>(
  heads: readonly Head[],
  document: string,
  today: string,
): Head | null {
  let found: Head | null = null;
  for (const head of publishedVersionsOf(heads, document)) if (head.effectiveOn <= today) found = head;
  return found;
}

export function statusOf(head: TermsVersionHead, inForce: TermsVersionHead | null, today: string): VersionStatus {
  if (inForce && head.document === inForce.document && head.version === inForce.version) return "inForce";
  return head.effectiveOn > today ? "upcoming" : "earlier";
}

/** A document as the checklist shows it; titles come translated from the loader (terms/view.server.ts, termsChecklistIn). */
export interface TermsChecklistItem {
  id: TermsDocumentId;
  title: string;
  required: boolean;
  hasText: boolean;
}
