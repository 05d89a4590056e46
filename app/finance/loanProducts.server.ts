/**
 * Loan products (app/stores/loanProducts.ts): their format as the content import and the admin form read it
 * (the kind, its shipped products and the admin's save: loanProductsKind.server.ts) and what /finance/loan
 * shows of them. The format shares its rules with
 * benefits' (content/schemas.server.ts): text taken as written or refused, https links, dates, the Korean text
 * required. Its own messages are `loanContent.*` of the `loan` namespace.
 */
import { z } from "zod";
import type { Services } from "~/context";
import { textIn, textLanguages } from "~/content/texts.server";
import {
  date,
  ITEM_CD_PATTERN,
  itemCd,
  link,
  object,
  order,
  text,
  translations,
  types,
} from "~/content/schemas.server";
import { formatNumber } from "~/lib/format";
import { parseDecimal } from "./money";
import type { LoanProduct, LoanProductContent, LoanProductText } from "~/stores/loanProducts";
import { isKnownVisa, statusOfVisa } from "~/visa/catalogue";

/** A range with at least one end, the lower not above the higher. */
function range<Value extends z.ZodTypeAny>(value: Value, message: string, compare: (a: never, b: never) => number) {
  return object({ min: value.optional(), max: value.optional() }).refine(
    (r) =>
      (r.min !== undefined || r.max !== undefined) &&
      (r.min === undefined || r.max === undefined || compare(r.min as never, r.max as never) <= 0),
    message,
  );
}

const whole = (max: number, message: string) => z.number(types).int(message).min(1, message).max(max, message);

/** An annual rate in percent as decimal text: below 100, at most 3 decimals ("11", "4.5"). */
const rate = z.string(types).regex(/^(0|[1-9]\d?)(\.\d{1,3})?$/, "loanContent.rate");

const byValue = (a: number, b: number) => a - b;
/** Two rates compared exactly, as decimals (no floating point). Zod runs the range's check even when an end failed. */
function byRate(a: string, b: string): number {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  // An end that is not a rate has its own message; the range is not judged on it.
  if (!x || !y) return 0;
  const scale = Math.max(x.scale, y.scale);
  const difference = x.units * 10n ** BigInt(scale - x.scale) - y.units * 10n ** BigInt(scale - y.scale);
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}

/** True for a well-formed item code: anything else is no product. */
export const isLoanProductCode = (value: unknown): value is string =>
  typeof value === "string" && ITEM_CD_PATTERN.test(value);

export const loanProductText = object({ name: text(120), conditions: text(1000, { lines: true }) });

export const loanProductItem = object({
  itemCd,
  order: order.optional(),
  lender: text(100),
  visas: z
    .array(z.string(types), types)
    .max(100, "loanContent.visa")
    .refine((visas) => visas.every(isKnownVisa) && new Set(visas).size === visas.length, "loanContent.visa")
    .optional(),
  amountKrw: range(whole(1e13, "loanContent.amount"), "loanContent.range", byValue).optional(),
  ratePercent: range(rate, "loanContent.range", byRate).optional(),
  termMonths: range(whole(480, "loanContent.term"), "loanContent.range", byValue).optional(),
  link: link.optional(),
  source: object({ name: text(200).optional(), url: link.optional(), checkedOn: date }),
  translations: translations(loanProductText),
});
export type LoanProductItem = z.infer<typeof loanProductItem>;

const rangeOf = <Value>(r: { min?: Value; max?: Value } | undefined) =>
  r ? { min: r.min ?? null, max: r.max ?? null } : null;

/** A product as stored, from an item of the import or the admin form (fields left out: none). */
export function loanProductOf(item: LoanProductItem): LoanProductContent {
  return {
    itemCd: item.itemCd,
    order: item.order ?? 0,
    lender: item.lender,
    visas: item.visas ?? [],
    amountKrw: rangeOf(item.amountKrw),
    ratePercent: rangeOf(item.ratePercent),
    termMonths: rangeOf(item.termMonths),
    link: item.link ?? null,
    source: { name: item.source.name ?? null, url: item.source.url ?? null, checkedOn: item.source.checkedOn },
    translations: Object.fromEntries(
      Object.entries(item.translations).map(([language, t]) => [language, { name: t.name, conditions: t.conditions }]),
    ),
  };
}

// ---------------------------------------------------------------------------------------------------------
// The admin form (/admin/loanProducts/edit): its fields are named by the item's paths ("amountKrw.min",
// "translations.ko.name"), so the import's schema judges it and its messages land beside their fields.

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A form's text as the item wants it: blank is left out; whole numbers (comma groups welcome) become numbers. */
function formValue(value: unknown, kind: "text" | "number"): unknown {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  if (trimmed === "") return undefined;
  if (kind === "number" && /^\d{1,3}(,\d{3})*$|^\d{1,16}$/.test(trimmed)) return Number(trimmed.replace(/,/g, ""));
  return value;
}

/** A range's two fields; left out when both are blank. */
function formRange(value: unknown, kind: "text" | "number"): unknown {
  if (!isObject(value)) return value;
  const min = formValue(value.min, kind);
  const max = formValue(value.max, kind);
  return min === undefined && max === undefined ? undefined : { min, max };
}

/** The form's fields as an item of the import. */
function itemOfForm(form: unknown): unknown {
  if (!isObject(form)) return form;
  const source = isObject(form.source) ? form.source : {};
  const texts = isObject(form.translations) ? form.translations : {};
  return {
    itemCd: form.itemCd ?? "",
    order: formValue(form.order, "number"),
    lender: form.lender ?? "",
    visas: typeof form.visas === "string" ? form.visas.split(/[\s,]+/).filter(Boolean) : undefined,
    amountKrw: formRange(form.amountKrw, "number"),
    ratePercent: formRange(form.ratePercent, "text"),
    termMonths: formRange(form.termMonths, "number"),
    link: formValue(form.link, "text"),
    source: {
      name: formValue(source.name, "text"),
      url: formValue(source.url, "text"),
      checkedOn: source.checkedOn ?? "",
    },
    // A language whose fields are all blank (the form's unused ones) is not there.
    translations: Object.fromEntries(
      Object.entries(texts).filter(
        ([, text]) => isObject(text) && Object.values(text).some((v) => typeof v === "string" && v.trim() !== ""),
      ),
    ),
  };
}

/** The admin form: an item of the import, its Korean text required beside its field. */
export const loanProductFormSchema = z.preprocess(
  itemOfForm,
  loanProductItem.superRefine((item, ctx) => {
    if (!item.translations.ko) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["translations", "ko", "name"],
        message: "errors.form.koreanOriginal",
      });
    }
  }),
);

/** A range's ends as the page writes them (comma groups), either null. */
export interface RangeView {
  min: string | null;
  max: string | null;
}

export interface LoanProductView {
  itemCd: string;
  lender: string;
  text: LoanProductText;
  /** The language of `text` when it is not the page's, or null. */
  lang: { code: string; name: string } | null;
  /** The Korean name beside a translated one; null when it is the same. */
  koreanName: string | null;
  visas: string[];
  amountKrw: RangeView | null;
  ratePercent: RangeView | null;
  termMonths: RangeView | null;
  link: { href: string; host: string } | null;
  source: LoanProduct["source"];
}

const rangeView = (r: { min: number | string | null; max: number | string | null } | null): RangeView | null =>
  r && { min: r.min === null ? null : formatNumber(r.min), max: r.max === null ? null : formatNumber(r.max) };

/**
 * The lender as the page names it. The data writes a Korean lender's name with its Korean one after it
 * ("JB Bank (전북은행)"); a Korean page shows that Korean name alone, every other page the whole.
 */
export function lenderIn(lender: string, lng: string): string {
  if (lng !== "ko") return lender;
  const korean = /\(([^()]*\p{Script=Hangul}[^()]*)\)\s*$/u.exec(lender)?.[1]?.trim();
  return korean || lender;
}

function loanProductView(product: LoanProduct, lng: string): LoanProductView | null {
  const found = textIn(product.translations, lng);
  if (!found) return null;
  const korean = product.translations.ko?.name ?? null;
  return {
    itemCd: product.itemCd,
    lender: lenderIn(product.lender, lng),
    text: found.text,
    lang: found.lang,
    koreanName: korean && korean !== found.text.name ? korean : null,
    visas: product.visas,
    amountKrw: rangeView(product.amountKrw),
    ratePercent: rangeView(product.ratePercent),
    termMonths: rangeView(product.termMonths),
    link: product.link ? { href: product.link, host: new URL(product.link).host } : null,
    source: product.source,
  };
}

export interface LoanProductsList {
  /** The member's visa status ("E-9") when some products name it; null otherwise (and for visitors). */
  visa: string | null;
  forVisa: LoanProductView[];
  others: LoanProductView[];
}

/** The products in their order in the page's language, those naming the member's visa (or its status) first. */
export async function loanProductsFor(
  services: Pick<Services, "stores">,
  query: { lng: string; uid: string | null },
): Promise<LoanProductsList> {
  const [products, profile] = await Promise.all([
    services.stores.loanProducts.list({ languages: textLanguages(query.lng) }),
    query.uid ? services.stores.members.profile(query.uid) : null,
  ]);
  const visa = profile?.visa ?? null;
  const status = visa ? statusOfVisa(visa)?.code : undefined;
  const forVisa: LoanProductView[] = [];
  const others: LoanProductView[] = [];
  for (const product of products) {
    const view = loanProductView(product, query.lng);
    if (!view) continue;
    const named = visa && status && (product.visas.includes(status) || product.visas.includes(visa));
    (named ? forVisa : others).push(view);
  }
  return { visa: forVisa.length ? status! : null, forVisa, others };
}
