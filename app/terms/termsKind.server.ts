/**
 * Terms versions as a content kind (app/content/kind.server.ts): the item format of the import's `terms` key
 * (docs/content-import.md), how one is written, and the versions shipped with the app (content/terms.json),
 * stored at start where absent (decision 0057). The same schema serves the admin form that publishes a version.
 */
import { z } from "zod";
import type { ContentKind } from "~/content/kind.server";
import { isSupportedLanguage } from "~/i18n/config";
import { formatDate } from "~/lib/format";
import { formMessage } from "~/lib/formMessage";
import { normalizedText, UNWANTED_CHARACTER } from "~/lib/text";
import { termsContentKey, termsVersionInForce, type NewTermsVersion } from "~/stores/terms";
import shipped from "../../content/terms.json";
import { allDocuments, alwaysOptional, VERSION_ID, type DocumentId } from "./documents";

export const TERMS_LIMITS = { title: 200, summary: 2000, heading: 200, body: 20_000, sections: 50 } as const;

const text = (max: number, { lines, optional }: { lines: boolean; optional?: boolean }) =>
  z
    .string({ required_error: "errors.form.required" })
    .transform(normalizedText)
    .superRefine((value, ctx) => {
      const problem = (message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, message });
      if (!optional && value === "") problem("errors.form.required");
      else if (value.length > max) problem(formMessage("errors.form.textTooLong", { max }));
      else if (UNWANTED_CHARACTER.test(value) || (!lines && value.includes("\n")))
        problem("errors.form.textCharacters");
    });

const termsTextSchema = z.object({
  title: text(TERMS_LIMITS.title, { lines: false }),
  /** What changed from the version before; none for a first version. */
  summary: text(TERMS_LIMITS.summary, { lines: true, optional: true }).optional(),
  sections: z
    .array(
      z.object({
        heading: text(TERMS_LIMITS.heading, { lines: false }),
        body: text(TERMS_LIMITS.body, { lines: true }),
      }),
    )
    .max(TERMS_LIMITS.sections, formMessage("errors.form.textTooLong", { max: TERMS_LIMITS.sections }))
    /** None for a statement (age14). */
    .optional(),
});

const documentIds = allDocuments.map((d) => d.id) as [DocumentId, ...DocumentId[]];

/** One version of one document, as the import file and the admin form give it. */
export const termsItemSchema = z.object({
  document: z.enum(documentIds, { errorMap: () => ({ message: "errors.form.termsDocument" }) }),
  version: z.string({ required_error: "errors.form.required" }).regex(VERSION_ID, "errors.form.termsVersion"),
  effectiveOn: z
    .string({ required_error: "errors.form.required" })
    .refine((day) => /^\d{4}-\d{2}-\d{2}$/.test(day) && formatDate(`${day}T12:00:00+09:00`) === day, {
      message: "errors.form.invalidDate",
    }),
  required: z.boolean({ required_error: "errors.form.required", invalid_type_error: "errors.form.required" }),
  /** By language code of the app; "ko", the original, always. */
  translations: z.record(z.string(), termsTextSchema).superRefine((translations, ctx) => {
    for (const language of Object.keys(translations)) {
      if (!isSupportedLanguage(language)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [language], message: "errors.form.languageUnknown" });
      }
    }
  }),
});

export type TermsItem = z.output<typeof termsItemSchema>;

/** The item's identity: the document and the version, "privacy@2026-11-01". */
export const termsItemId = (item: { document: string; version: string }) => `${item.document}@${item.version}`;

/** What the schema cannot say of one field alone; null when the item may be stored. */
export function termsItemProblem(item: TermsItem): string | null {
  const original = item.translations.ko;
  if (!original) return "errors.form.koreanOriginal";
  const document = allDocuments.find((d) => d.id === item.document)!;
  const neverRequired = document.kind === "policy" || (alwaysOptional as readonly string[]).includes(item.document);
  if (item.required && neverRequired) return "errors.form.termsNotRequirable";
  // A document with a text has it in every language given: a title alone would show an empty document.
  if (document.hasText && Object.values(item.translations).some((text) => !text.sections?.length)) {
    return "errors.form.termsTextMissing";
  }
  return null;
}

/** A version as the store keeps it, from an item of the import or the admin form. */
export const termsVersionOf = (item: TermsItem): NewTermsVersion => ({
  document: item.document,
  version: item.version,
  effectiveOn: item.effectiveOn,
  required: item.required,
  texts: Object.fromEntries(
    Object.entries(item.translations).map(([language, { title, summary, sections }]) => [
      language,
      { title, summary: summary ?? "", sections: sections ?? [] },
    ]),
  ),
});

/**
 * A version in force that an import would change: members agreed to it as it is, so a change is a new version.
 * The import's `refusal` finds it before writing; this is the guard for a version that came into force between.
 */
export class TermsVersionInForce extends Error {
  override name = "TermsVersionInForce";
  constructor(readonly itemId: string) {
    super(`terms ${itemId} is in force and cannot change; publish the change as a new version`);
  }
}

/** The `terms` key of a content import: each item a version, stored and published. */
export const termsKind: ContentKind<TermsItem> = {
  key: "terms",
  item: termsItemSchema,
  idOf: termsItemId,
  check: termsItemProblem,
  async refusal(stores, item, at) {
    const stored = await stores.terms.version(item.document, item.version);
    if (!stored || !termsVersionInForce(stored, formatDate(at))) return null;
    return termsContentKey(stored) === termsContentKey(termsVersionOf(item)) ? null : "errors.form.termsInForce";
  },
  async apply(stores, item, at, audit) {
    const saved = await stores.terms.save(termsVersionOf(item), at, formatDate(at), audit);
    if (!saved.ok) throw new TermsVersionInForce(termsItemId(item));
    // Recorded with the save when it wrote; else with the publication, when that is the change.
    const published = await stores.terms.publish(
      item.document,
      item.version,
      at,
      audit && saved.outcome === "unchanged" ? { ...audit, action: "update" } : undefined,
    );
    if (saved.outcome === "unchanged" && published.ok && published.changed) return "updated";
    return saved.outcome;
  },
  audit: { kind: "terms", summaryOf: (item) => `${termsItemId(item)} ${item.translations.ko!.title}` },
  // A version already stored (the shipped one, or one an admin changed before it took effect) is left as it is.
  seed: {
    items: () => shippedTerms(),
    stored: async (stores, item) => (await stores.terms.version(item.document, item.version)) !== null,
  },
};

/** The versions shipped with the app, validated as an import's (a broken file stops the start, naming the item). */
export function shippedTerms(): TermsItem[] {
  const items = z.object({ terms: z.array(z.unknown()) }).parse(shipped).terms;
  return items.map((raw, index) => {
    const parsed = termsItemSchema.safeParse(raw);
    const problem = parsed.success ? termsItemProblem(parsed.data) : parsed.error.issues[0]?.message;
    if (!parsed.success || problem) throw new Error(`content/terms.json: item ${index}: ${problem}`);
    return parsed.data;
  });
}
