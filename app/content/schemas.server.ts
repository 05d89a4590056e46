/**
 * The building blocks every content kind's format shares (benefits, offers, loan products, work rules, extension
 * kits): text taken as written (NFC, trimmed) or refused, never silently changed (control characters, direction
 * embeddings and other invisible characters are refused; zero-width joiners stay: Sinhala, Urdu, Khmer and Burmese
 * need them), https links, calendar dates, item codes, orders and texts by language. zod schemas, server-only.
 * Messages are message keys: `errors.form.*` of `common` and `benefitContent.*` of the `benefit` namespace.
 */
import { z } from "zod";
import { isSupportedLanguage } from "~/i18n/config";
import { formMessage } from "~/lib/formMessage";
import { isOperatorLink } from "~/lib/links";
import { normalizedText, UNWANTED_CHARACTER } from "~/lib/text";

/** An item code: what the spec's itemCd query parameter carries; nothing a path or SQL could read otherwise. */
export const ITEM_CD_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** The message of a value of the wrong kind (the `benefit` namespace, where content messages began). */
export const INVALID = "benefitContent.invalid";
export const types = { required_error: "errors.form.required", invalid_type_error: INVALID };

/** Text of 1…max characters (NFC, trimmed), on one line unless `lines`. */
export function text(max: number, { lines = false } = {}) {
  return z
    .string(types)
    .max(max * 4, formMessage("errors.form.textTooLong", { max }))
    .transform(normalizedText)
    .superRefine((value, ctx) => {
      const problem = (message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, message });
      if (value.length === 0) problem("errors.form.textRequired");
      else if (UNWANTED_CHARACTER.test(value)) problem("errors.form.textCharacters");
      else if (!lines && value.includes("\n")) problem("benefitContent.oneLine");
      else if (Array.from(value).length > max) problem(formMessage("errors.form.textTooLong", { max }));
    });
}

export function object<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object(shape, types).strict("errors.form.unknownField");
}

export const itemCd = z.string(types).regex(ITEM_CD_PATTERN, "benefitContent.itemCd");

/** An https address without credentials, as written (the one rule for operators' links: lib/links.ts). */
export const link = z.string(types).max(500, "benefitContent.link").refine(isOperatorLink, "benefitContent.link");

/** A calendar date, yyyy-mm-dd. */
export const date = z
  .string(types)
  .regex(/^\d{4}-\d{2}-\d{2}$/, "errors.form.invalidDate")
  .refine((value) => {
    const day = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
  }, "errors.form.invalidDate");

export const order = z.number(types).int(INVALID).min(0, INVALID).max(1_000_000, INVALID);

/** Texts by language code: only the app's languages. */
export function translations<Text extends z.ZodTypeAny>(item: Text) {
  return z.record(z.string(), item, types).superRefine((value, ctx) => {
    for (const language of Object.keys(value)) {
      if (!isSupportedLanguage(language)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [language], message: "errors.form.languageUnknown" });
      }
    }
  });
}
