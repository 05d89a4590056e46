/**
 * The terms documents in the visitor's language: the joining checklist, the terms pages (each document's version
 * in force, or one version asked for), the versions a member has to answer, and the notice of them shown on every
 * page. Texts are content (app/stores/terms.ts): a language without a translation shows the Korean original.
 */
import type { Services } from "~/context";
import { notFound } from "~/infra/http.server";
import { i18nFor } from "~/i18n/instances.server";
import { languagesNamedIn } from "~/i18n/displayNames.server";
import { safeRedirect, safeRedirectWith } from "~/lib/safeRedirect";
import type { TermsSection, TermsTextIn, TermsVersionHead } from "~/stores/terms";
import {
  allDocuments,
  publishedVersionsOf,
  statusOf,
  termsDocuments,
  VERSION_ID,
  versionInForce,
  type DocumentId,
  type TermsChecklistItem,
  type TermsDocumentId,
  type VersionStatus,
} from "./documents";
import { consentsInForce, termsHeads, termsToAnswer, termsToday, type ConsentInForce } from "./terms.server";

type WithStores = Pick<Services, "stores">;

/** The words the terms namespace gives, on the server (pages that show them have not loaded that namespace). */
async function termsWords(lng: string) {
  return (await i18nFor(lng)).getFixedT(lng, "terms");
}

async function textsOf(services: WithStores, versions: readonly TermsVersionHead[], lng: string) {
  const texts = await services.stores.terms.textsIn(versions, lng);
  return (head: TermsVersionHead): TermsTextIn | undefined =>
    texts.find((t) => t.document === head.document && t.version === head.version);
}

/** The joining checklist: each consent in force with its title in the visitor's language. */
export async function termsChecklistIn(
  services: WithStores,
  lng: string,
  now = Date.now(),
): Promise<TermsChecklistItem[]> {
  const inForce = await consentsInForce(services, now);
  const text = await textsOf(services, inForce, lng);
  return inForce.map((v) => ({
    id: v.document,
    title: text(v)?.title ?? v.document,
    required: v.required,
    hasText: termsDocuments.find((d) => d.id === v.document)!.hasText,
  }));
}

/** The required consents in force: what the joining forms' schemas ask for. */
export function requiredOf(inForce: readonly ConsentInForce[]): TermsDocumentId[] {
  return inForce.filter((v) => v.required).map((v) => v.document);
}

/** A version of a document as the terms pages show it. */
export interface TermsText {
  id: DocumentId;
  title: string;
  /** A consent the member agrees to at sign-up (marked required or optional), or a policy that is only read. */
  kind: "consent" | "policy";
  required: boolean;
  version: string;
  effectiveOn: string;
  status: VersionStatus;
  /** "Version …, in force from …" in the page's language (the sign-up sheet shows it without the terms words). */
  effective: string;
  /** What changed from the version before; empty for a first version. */
  summary: string;
  sections: TermsSection[];
  /** The language of the text: the page's, or "ko" (the original) where it has no translation. */
  language: string;
  /** That language named in the page's language when it is not the page's (components/Untranslated.tsx). */
  languageName: string | null;
  /** Every published version of the document, in the order they take effect. */
  versions: { version: string; effectiveOn: string; status: VersionStatus }[];
}

export interface TermsPageData {
  documents: TermsText[];
  /** One version was asked for (`?document=` and maybe `&version=`): it is shown alone. */
  single: boolean;
}

/**
 * The terms page: every document with a text in its version in force; or, with `?document=` (and `&version=`),
 * that one version, earlier and announced ones included. An unknown document or version is a 404.
 */
export async function termsPageIn(
  services: WithStores,
  request: Request,
  lng: string,
  now = Date.now(),
): Promise<TermsPageData> {
  const query = new URL(request.url).searchParams;
  const document = query.get("document");
  const version = query.get("version");
  if (document === null && version !== null) notFound(request);
  // A statement without a text (age14) has no page of its own.
  if (document !== null && !allDocuments.some((d) => d.id === document && d.hasText)) notFound(request);
  if (version !== null && !VERSION_ID.test(version)) notFound(request);

  const heads = await termsHeads(services);
  const today = termsToday(now);
  const shown: TermsVersionHead[] = [];
  if (document === null) {
    for (const doc of allDocuments.filter((d) => d.hasText)) {
      const head = versionInForce(heads, doc.id, today);
      if (head) shown.push(head);
    }
  } else {
    const published = publishedVersionsOf(heads, document);
    const head =
      version === null ? versionInForce(heads, document, today) : published.find((h) => h.version === version);
    if (!head) notFound(request);
    shown.push(head);
  }

  const [text, t] = await Promise.all([textsOf(services, shown, lng), termsWords(lng)]);
  const documents = shown.flatMap((head): TermsText[] => {
    const found = text(head);
    if (!found) return [];
    const doc = allDocuments.find((d) => d.id === head.document)!;
    const inForce = versionInForce(heads, head.document, today);
    return [
      {
        id: doc.id,
        title: found.title,
        kind: doc.kind,
        required: head.required,
        version: head.version,
        effectiveOn: head.effectiveOn,
        status: statusOf(head, inForce, today),
        effective: t("termsVersions.effective", { version: head.version, date: head.effectiveOn }),
        summary: found.summary,
        sections: found.sections,
        language: found.language,
        languageName: found.language === lng ? null : languagesNamedIn([found.language], lng),
        versions: publishedVersionsOf(heads, head.document).map((v) => ({
          version: v.version,
          effectiveOn: v.effectiveOn,
          status: statusOf(v, inForce, today),
        })),
      },
    ];
  });
  return { documents, single: document !== null };
}

/** A version the member has to answer, as the re-consent page shows it. */
export interface TermsChange {
  document: TermsDocumentId;
  version: string;
  required: boolean;
  effectiveOn: string;
  title: string;
  summary: string;
  /** The language of the title and summary: the page's, or "ko". */
  language: string;
  /** Whether it has a text to read (age14 is a statement). */
  hasText: boolean;
}

/** The versions in force the member has not answered, required first, in the page's language. */
export async function termsChangesIn(
  services: WithStores,
  uid: string,
  lng: string,
  now = Date.now(),
): Promise<TermsChange[]> {
  const open = await termsToAnswer(services, uid, now);
  const text = await textsOf(services, open, lng);
  return open.map((v) => {
    const found = text(v);
    return {
      document: v.document,
      version: v.version,
      required: v.required,
      effectiveOn: v.effectiveOn,
      title: found?.title ?? v.document,
      summary: found?.summary ?? "",
      language: found?.language ?? lng,
      hasText: termsDocuments.find((d) => d.id === v.document)!.hasText,
    };
  });
}

/** Where the re-consent page is, bringing the member back to `back` afterwards. */
export const termsUpdatePath = "/member/termsUpdate";
export function termsUpdateHref(back: string): string {
  return safeRedirectWith(termsUpdatePath, { redirectTo: safeRedirect(back) });
}

/** The notice every page shows a member with versions to answer, in words (the shell loads `common` only). */
export interface TermsNotice {
  text: string;
  review: string;
  reviewHref: string;
  /** Only optional versions wait: the notice can be closed, which declines them (they are never presumed agreed). */
  close: { label: string; redirectTo: string; versions: { document: string; version: string }[] } | null;
}

/**
 * The notice for a member on a page: null when nothing waits, and on the re-consent page itself. Only on the next
 * visit after a version takes effect and until it is answered: required versions until agreed, optional ones until
 * agreed or closed.
 */
export async function termsNoticeFor(
  services: WithStores,
  uid: string,
  request: Request,
  lng: string,
  now = Date.now(),
): Promise<TermsNotice | null> {
  const url = new URL(request.url);
  if (url.pathname === termsUpdatePath) return null;
  const changes = await termsChangesIn(services, uid, lng, now);
  if (changes.length === 0) return null;
  const t = await termsWords(lng);
  const here = safeRedirect(`${url.pathname}${url.search}`);
  const titles = changes.map((c) => c.title).join(", ");
  const required = changes.some((c) => c.required);
  return {
    text: t(required ? "termsUpdate.notice.required" : "termsUpdate.notice.optional", { titles }),
    review: t("termsUpdate.notice.review"),
    reviewHref: termsUpdateHref(here),
    close: required
      ? null
      : {
          label: t("termsUpdate.notice.close"),
          redirectTo: here,
          versions: changes.map((c) => ({ document: c.document, version: c.version })),
        },
  };
}
