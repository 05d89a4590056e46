/**
 * Remittance corridors as operator data (app/stores/corridors.ts, docs/decisions/0062): their format for the
 * content import's `corridors` key and the admin form (one zod schema; the kind is corridorsKind.server.ts), and
 * the reading of a stored record into the domain's `Corridor` (app/finance/remittance.ts) with `bigint` amounts.
 *
 * Messages are message keys: `errors.form.*` of `common` and `corridorContent.*` of the `remittance` namespace.
 */
import { z } from "zod";
import { isOperatorLink } from "~/lib/links";
import { formMessage } from "~/lib/formMessage";
import { CORRIDOR_FACTS, FEE_TIER_CURRENCIES, type CorridorRecord, type StoredCorridor } from "~/stores/corridors";
import { isCurrencyCode, type CurrencyCode } from "./money";
import { corridorProblems, type Corridor, type RemittanceFee } from "./remittance";
import { UNWANTED_CHARACTER } from "~/lib/text";

/** The figures the app's own research gives: the page names them so, in its language ("our research notes"). */
export const OWN_RESEARCH = "research";
/** Not one provider: the typical tiers of banks' counters (research notes §4), named so in the page's language. */
export const TYPICAL_BANK_COUNTER = "typicalBankCounter";

/** Largest fee, tier bound and margin an operator can enter: far above any real one, far inside exact numbers. */
const MAX_KRW = 100_000_000;
const MAX_OFFERS = 4;
const MAX_TIERS = 8;

const INVALID = "corridorContent.invalid";
const types = { required_error: "errors.form.required", invalid_type_error: INVALID };

function object<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object(shape, types).strict("errors.form.unknownField");
}

/** One line of 1…max characters, NFC and trimmed. */
const line = (max: number) =>
  z
    .string(types)
    .max(max * 4, formMessage("errors.form.textTooLong", { max }))
    .transform((value) => value.normalize("NFC").trim())
    .superRefine((value, ctx) => {
      const problem = (message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, message });
      if (value.length === 0) problem("errors.form.textRequired");
      // The content texts' unwanted characters (lib/text.ts), and no line break or tab: one line.
      else if (UNWANTED_CHARACTER.test(value) || /[\t\n\r]/.test(value)) problem("errors.form.textCharacters");
      else if (Array.from(value).length > max) problem(formMessage("errors.form.textTooLong", { max }));
    });

const won = z.number(types).int("corridorContent.wholeWon").min(0, "corridorContent.wholeWon").max(MAX_KRW, INVALID);

const date = z
  .string(types)
  .regex(/^\d{4}-\d{2}-\d{2}$/, "errors.form.invalidDate")
  .refine((value) => {
    const day = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
  }, "errors.form.invalidDate");

const offer = object({
  currency: z
    .string(types)
    .refine((code): boolean => isCurrencyCode(code) && code !== "KRW", "corridorContent.currencyUnknown"),
  marginBasisPoints: z
    .number(types)
    .int("corridorContent.margin")
    .min(0, "corridorContent.margin")
    .max(9_999, "corridorContent.margin"),
});

const tier = object({
  /** Whole won or whole US dollars (the fee's `tierCurrency`); null: above the tier before. */
  upTo: z.number(types).int("corridorContent.tierBound").min(1, "corridorContent.tierBound").max(MAX_KRW).nullable(),
  krw: won,
});

/** A corridor as the content import and the admin form give it. */
export const corridorItem = object({
  country: z.string(types).regex(/^[A-Z]{2}$/, "corridorContent.country"),
  provider: line(120),
  // A name, or an address: then the one rule for operators' links (lib/links.ts), as it is shown as a link.
  source: line(300).refine(
    (source) => !/^[a-z][a-z0-9+.-]*:\/\//i.test(source) || isOperatorLink(source),
    "corridorContent.sourceLink",
  ),
  asOf: date,
  offers: z
    .array(offer, types)
    .min(1, "corridorContent.offersRequired")
    .max(MAX_OFFERS, INVALID)
    .refine((list) => new Set(list.map((o) => o.currency)).size === list.length, "corridorContent.currencyTwice"),
  fee: z.discriminatedUnion(
    "kind",
    [
      object({ kind: z.literal("flat"), krw: won }),
      object({
        kind: z.literal("tiered"),
        tierCurrency: z.enum(FEE_TIER_CURRENCIES, { errorMap: () => ({ message: INVALID }) }),
        tiers: z.array(tier, types).min(1, "corridorContent.tiersOrder").max(MAX_TIERS, INVALID),
      }),
    ],
    { errorMap: () => ({ message: "corridorContent.feeKind" }) },
  ),
  unverified: z.array(z.enum(CORRIDOR_FACTS, { errorMap: () => ({ message: INVALID }) }), types).optional(),
});

export type CorridorItem = z.output<typeof corridorItem>;

export function recordOf(item: CorridorItem): CorridorRecord {
  return { ...item, unverified: [...new Set(item.unverified ?? [])] };
}

/** The domain's corridor from a stored one (its currencies were checked when it was written). */
export function corridorOf(record: CorridorRecord): Corridor {
  const { fee } = record;
  let domainFee: RemittanceFee;
  if (fee.kind === "flat") domainFee = { kind: "flat", krw: BigInt(fee.krw) };
  else if (fee.tierCurrency === "USD") {
    domainFee = {
      kind: "tieredUsd",
      tiers: fee.tiers.map((t) => ({ upToUsd: t.upTo === null ? null : BigInt(t.upTo) * 100n, krw: BigInt(t.krw) })),
    };
  } else {
    domainFee = {
      kind: "tiered",
      tiers: fee.tiers.map((t) => ({ upToKrw: t.upTo === null ? null : BigInt(t.upTo), krw: BigInt(t.krw) })),
    };
  }
  return {
    country: record.country,
    provider: record.provider,
    offers: record.offers.map((o) => ({
      currency: o.currency as CurrencyCode,
      marginBasisPoints: o.marginBasisPoints,
    })),
    fee: domainFee,
    asOf: record.asOf,
    source: record.source,
  };
}

/**
 * What the domain refuses of a corridor that its format allows (tiers out of order, the last not open-ended),
 * as a message key with the reasons (for the operator, in English, as `corridorProblems` says them).
 */
export function corridorProblem(item: CorridorItem): string | null {
  const problems = corridorProblems(corridorOf(recordOf(item)));
  return problems.length ? formMessage("corridorContent.notQuotable", { reasons: problems.join("; ") }) : null;
}

export type { StoredCorridor };

// ---------------------------------------------------------------------------------------------------------
// The admin form (/admin/corridors/edit): plain fields, so it works without JavaScript

/** Rows the form offers: as many as the format takes. */
export const CORRIDOR_FORM_ROWS = { offers: MAX_OFFERS, tiers: MAX_TIERS } as const;

/** The form's fields as sent back into it (what was typed, kept), by field name. */
export type CorridorFormValues = Record<string, string | string[]>;

export type CorridorFormResult = { values: CorridorFormValues } & (
  { ok: true; item: CorridorItem } | { ok: false; errors: Record<string, string> }
);

/**
 * "5,000" → 5000; "-1" and "1.5" as numbers too, for the schema to say what is wrong with them; nothing typed →
 * missing; anything else is kept as typed, for the schema to refuse as no number.
 */
function wholeNumber(text: string): number | string | undefined {
  const plain = text.replace(/[,\s]/g, "");
  if (plain === "") return undefined;
  return /^-?\d{1,12}(\.\d{1,6})?$/.test(plain) ? Number(plain) : text;
}

/** The corridor the form describes, or each problem next to its field (every one at once, decision 0042). */
export function readCorridorForm(formData: FormData, country: string | null): CorridorFormResult {
  const text = (name: string) => String(formData.get(name) ?? "").slice(0, 2_000);
  const values: CorridorFormValues = {};
  for (const [name, value] of formData.entries()) {
    if (typeof value !== "string" || name === "unverified") continue;
    values[name] = value.slice(0, 2_000);
  }
  values.unverified = formData.getAll("unverified").map(String);
  // Rows left empty are no rows; each kept row remembers its place for its messages.
  const offerRows = Array.from({ length: MAX_OFFERS }, (_, i) => i).filter(
    (i) => text(`offers.${i}.currency`).trim() || text(`offers.${i}.margin`).trim(),
  );
  const tierRows = Array.from({ length: MAX_TIERS }, (_, i) => i).filter(
    (i) => text(`tiers.${i}.upTo`).trim() || text(`tiers.${i}.krw`).trim(),
  );
  const feeKind = text("feeKind");
  const raw = {
    country: country ?? text("country").trim().toUpperCase(),
    provider: text("provider"),
    source: text("source"),
    asOf: text("asOf").trim(),
    offers: offerRows.map((i) => ({
      currency: text(`offers.${i}.currency`).trim().toUpperCase(),
      marginBasisPoints: wholeNumber(text(`offers.${i}.margin`).trim()),
    })),
    fee:
      feeKind === "flat"
        ? { kind: "flat", krw: wholeNumber(text("flatKrw").trim()) }
        : feeKind === "tiered"
          ? {
              kind: "tiered",
              tierCurrency: text("tierCurrency"),
              tiers: tierRows.map((i) => {
                const upTo = text(`tiers.${i}.upTo`).trim();
                return { upTo: upTo ? wholeNumber(upTo) : null, krw: wholeNumber(text(`tiers.${i}.krw`).trim()) };
              }),
            }
          : { kind: feeKind },
    unverified: values.unverified,
  };
  const parsed = corridorItem.safeParse(raw);
  const errors: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [head, index, name] = issue.path;
      let field = String(head ?? "");
      if (head === "offers" && typeof index === "number") {
        field = `offers.${offerRows[index]}.${name === "marginBasisPoints" ? "margin" : "currency"}`;
      } else if (head === "fee") {
        const [, part, row, tierField] = issue.path;
        if (part === "krw") field = "flatKrw";
        else if (part === "tiers" && typeof row === "number") field = `tiers.${tierRows[row]}.${String(tierField)}`;
        else if (part === "tierCurrency") field = "tierCurrency";
        else field = part === "tiers" ? "tiers" : "feeKind";
      }
      errors[field] ??= issue.message;
    }
    return { ok: false, values, errors };
  }
  const problem = corridorProblem(parsed.data);
  if (problem) return { ok: false, values, errors: { "": problem } };
  return { ok: true, item: parsed.data, values };
}
