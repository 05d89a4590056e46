/**
 * A notice as the content import and the admin form give it, one schema for both
 * (zod): the item code, category, pin, publication and the translations, each
 * title plain text cleaned of control characters and bidirectional overrides, each
 * body Markdown, both bounded after cleaning. Messages are keys of the `admin`
 * namespace, and `errors.form.*` of `common` for those every content kind shares (the
 * Korean original, an unknown language or field); form messages, lib/formMessage.ts.
 * The import prints them in English.
 */
import { z } from "zod";
import { cleanText } from "~/community/text";
import { isSupportedLanguage } from "~/i18n/config";
import { formMessage } from "~/lib/formMessage";
import { NOTICE_CATEGORIES, type NoticeInput, type NoticeTranslations } from "~/stores/notices";

export const NOTICE_ID_PATTERN = /^[0-9A-Za-z][0-9A-Za-z-]{0,31}$/;
export const NOTICE_TITLE_MAX = 200;
export const NOTICE_BODY_MAX = 20_000;

/** True for a well-formed item code (letters, digits and hyphens, at most 32): anything else is no notice. */
export const isNoticeId = (value: unknown): value is string =>
  typeof value === "string" && NOTICE_ID_PATTERN.test(value);

/** A cleaned text of 1…max code points; the raw text may be a few times longer (what cleaning removes). */
function cleaned(max: number, required: string, tooLong: string, clean: (raw: string) => string) {
  return z
    .string({ required_error: required, invalid_type_error: required })
    .max(max * 4, formMessage(tooLong, { max }))
    .transform(clean)
    .superRefine((value, ctx) => {
      if (value.length === 0) ctx.addIssue({ code: z.ZodIssueCode.custom, message: required });
      else if (Array.from(value).length > max)
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: formMessage(tooLong, { max }) });
    });
}

/** A title is one line of plain text. */
const cleanTitle = (raw: string) => cleanText(raw).replace(/\s+/g, " ");

export const noticeTextSchema = z
  .object({
    title: cleaned(NOTICE_TITLE_MAX, "admin.problems.titleRequired", "admin.problems.titleTooLong", cleanTitle),
    body: cleaned(NOTICE_BODY_MAX, "admin.problems.bodyRequired", "admin.problems.bodyTooLong", cleanText),
  })
  .strict("errors.form.unknownField");

const blank = (value: unknown) => value === undefined || value === null || value === "";

export const noticeTranslationsSchema = z.preprocess(
  // A language whose title and body are both left empty (the admin form's unused languages) is not there.
  (value) =>
    value && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value as Record<string, unknown>).filter(
            ([, text]) =>
              !(
                text &&
                typeof text === "object" &&
                blank((text as { title?: unknown }).title) &&
                blank((text as { body?: unknown }).body)
              ),
          ),
        )
      : value,
  z
    .record(z.string(), noticeTextSchema, {
      required_error: "errors.form.koreanOriginal",
      invalid_type_error: "errors.form.koreanOriginal",
    })
    .superRefine((translations, ctx) => {
      for (const language of Object.keys(translations)) {
        if (!isSupportedLanguage(language)) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: [language], message: "errors.form.languageUnknown" });
        }
      }
      if (!translations.ko) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["ko", "title"], message: "errors.form.koreanOriginal" });
      }
    })
    .transform((translations) => translations as NoticeTranslations),
);

const itemCd = z
  .string({ required_error: "admin.problems.itemCdFormat", invalid_type_error: "admin.problems.itemCdFormat" })
  .regex(NOTICE_ID_PATTERN, "admin.problems.itemCdFormat");

const category = z.enum(NOTICE_CATEGORIES, { errorMap: () => ({ message: "errors.form.categoryRequired" }) });

/** Midnight in Korea of a yyyy-mm-dd date, or an ISO instant with its offset; null when it is neither. */
export function publicationTime(value: string): number | null {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (date) {
    const [, y, m, d] = date.map(Number) as [number, number, number, number];
    const at = Date.UTC(y, m - 1, d) - 9 * 3_600_000;
    // Korea (lib/format.ts PRODUCT_TIME_ZONE) keeps +09:00 all year; a date that does not exist (02-30) is refused.
    const back = new Date(at + 9 * 3_600_000);
    return back.getUTCFullYear() === y && back.getUTCMonth() === m - 1 && back.getUTCDate() === d ? at : null;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return null;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : at;
}

/**
 * True for a publication time given as a date only (midnight in Korea, what `publicationTime` makes of
 * "yyyy-mm-dd"): its pages show the day without a time. Publishing from the admin area takes the instant of the
 * click, which is never midnight to the millisecond in practice.
 */
export const isDateOnly = (at: number) => (at + 9 * 3_600_000) % 86_400_000 === 0;

/** One item of the import file's `notices` list. */
export const noticeImportSchema = z
  .object({
    itemCd,
    category,
    pinned: z.boolean({ invalid_type_error: "admin.problems.pinnedBoolean" }).default(false),
    /** "yyyy-mm-dd" (midnight in Korea), an ISO instant, or null/absent for a draft. */
    publishedAt: z
      .string({ invalid_type_error: "admin.problems.publishedAtFormat" })
      .nullable()
      .default(null)
      .transform((value, ctx) => {
        if (value === null) return null;
        const at = publicationTime(value);
        if (at === null) ctx.addIssue({ code: z.ZodIssueCode.custom, message: "admin.problems.publishedAtFormat" });
        return at;
      }),
    translations: noticeTranslationsSchema,
  })
  .strict("errors.form.unknownField");

export type NoticeImportItem = z.output<typeof noticeImportSchema>;

/** The admin form's notice: the code (fixed once made), category, pin and translations; publishing is a button. */
export const noticeFormSchema = z.object({
  itemCd,
  category,
  pinned: z
    .literal("on")
    .optional()
    .transform((value) => value === "on"),
  translations: noticeTranslationsSchema,
  /** Show the rendered Markdown, save as it is, or save and publish. */
  intent: z.enum(["preview", "save", "publish"]).default("save"),
});

export type NoticeFormFields = z.input<typeof noticeFormSchema>;

/** What the store keeps of an imported item. */
export const noticeInputOf = (item: NoticeImportItem): NoticeInput => ({
  itemCd: item.itemCd,
  category: item.category,
  pinned: item.pinned,
  publishedAt: item.publishedAt,
  translations: item.translations,
});

/** How the audit log names a notice: its Korean title. */
export const noticeSummaryOf = (notice: Pick<NoticeInput, "translations">) => notice.translations.ko.title;

/** The admin list's buttons on one notice. */
export const noticeActionSchema = z.object({
  itemCd,
  intent: z.enum(["publish", "unpublish", "pin", "unpin"]),
});
