/**
 * The terms documents as versioned content (docs/decisions/0057): each version of a document has an id, the day
 * it takes effect (in Korea), whether agreeing to it is required, and per language a title, a short summary of
 * what changed and the text in sections, the Korean original always among them. A version is a draft until it
 * is published; a published version is in force from its effective day until a later published one's. What each
 * member answered is in the members store (TermsRecord).
 */
import type { AuditNote } from "./audit";

export interface TermsSection {
  heading: string;
  body: string;
}

/** A version in one language. */
export interface TermsText {
  title: string;
  /** What changed from the version before (empty for a first version). */
  summary: string;
  /** Empty for a document that is a statement only (age14). */
  sections: TermsSection[];
}

/** A version without its texts: what the re-consent check and the lists of versions need. */
export interface TermsVersionHead {
  document: string;
  version: string;
  /** "yyyy-mm-dd": in force from the start of this day in Korea, once published. */
  effectiveOn: string;
  /** Members must agree to it before they use member pages (and to join). */
  required: boolean;
  /** ms since the epoch; null for a draft. */
  publishedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface TermsVersion extends TermsVersionHead {
  /** By language code; "ko", the original, always. */
  texts: Record<string, TermsText>;
}

/** A version as an import or an admin form gives it. */
export interface NewTermsVersion {
  document: string;
  version: string;
  effectiveOn: string;
  required: boolean;
  texts: Record<string, TermsText>;
}

/** A version's text in the language asked for, or its Korean original where that language has none. */
export interface TermsTextIn extends TermsText {
  document: string;
  version: string;
  /** The language of this text: the one asked for, or "ko". */
  language: string;
}

/**
 * A version's content in one canonical form (languages in order): two saves with the same key change nothing.
 * The store tells an unchanged save by it; the import tells by it, before writing, a change it would be refused.
 */
export function termsContentKey({ effectiveOn, required, texts }: Omit<NewTermsVersion, "document" | "version">) {
  const languages = Object.keys(texts).sort();
  return JSON.stringify([
    effectiveOn,
    required,
    languages.map((lng) => {
      const { title, summary, sections } = texts[lng]!;
      return [lng, title, summary, sections.map(({ heading, body }) => [heading, body])];
    }),
  ]);
}

/** Published and effective on or before `today` (Korea's date): members agreed to it as it is. */
export const termsVersionInForce = (head: TermsVersionHead, today: string) =>
  head.publishedAt !== null && head.effectiveOn <= today;

export type SaveTermsVersionResult =
  | { ok: true; outcome: "created" | "updated" | "unchanged" }
  /** Published and effective: members agreed to it as it is, so a change is a new version. */
  | { ok: false; problem: "inForce" };

export type PublishTermsVersionResult = { ok: true; changed: boolean } | { ok: false; problem: "notFound" };

export interface TermsStore {
  /** Every version, drafts included, without texts: by document, then effective day, then version id. */
  heads(): Promise<TermsVersionHead[]>;
  /** One version with all its texts, or null. */
  version(document: string, version: string): Promise<TermsVersion | null>;
  /** The texts of the given versions in `language` (or Korean), in the order asked; unknown versions are left out. */
  textsIn(versions: readonly { document: string; version: string }[], language: string): Promise<TermsTextIn[]>;
  /**
   * Creates a version (a draft) or replaces an existing one's day, flag and texts, as one. A published version
   * effective on or before `today` (Korea's date) is refused as `inForce` unless nothing would change; the same
   * content again is `unchanged` and writes nothing. A published version keeps its publication.
   */
  save(version: NewTermsVersion, now: number, today: string, audit?: AuditNote): Promise<SaveTermsVersionResult>;
  /**
   * Publishes a draft (`changed`, with `audit`'s record in the same transaction); a version published already keeps
   * its first time.
   */
  publish(document: string, version: string, now: number, audit?: AuditNote): Promise<PublishTermsVersionResult>;
}
