/**
 * The formats of a benefit and a partner offer, as the content import reads them
 * (README, "Content import") and as the admin forms will: zod schemas, server-only.
 * Text is taken as written (NFC, trimmed) or refused, never silently changed:
 * control characters, direction embeddings, overrides and isolates and other
 * invisible characters are refused with a message. Zero-width joiners, non-joiners
 * and spaces stay: Sinhala, Urdu, Khmer and Burmese text needs them. Messages are
 * message keys: `errors.form.*` of `common` (those every content kind shares: the
 * Korean original, refused characters, an unknown language or field, a date), and
 * `benefitContent.*` of the `benefit` namespace.
 *
 * The building blocks (text, link, date, …) are the content kernel's (content/schemas.server.ts).
 *
 * Fields that may be left out are optional here (input and output alike, so a
 * schema is a `z.ZodType<Item>`); the kinds (benefitsKind.server.ts, offersKind.server.ts) turn an item into the stored record.
 */
import { z } from "zod";
import { date, INVALID, itemCd, link, object, order, text, translations, types } from "~/content/schemas.server";
import { ALL_VISAS, BENEFIT_CATEGORIES, BENEFIT_FACTS, REGIONS } from "~/stores/benefits";
import { PRICE_PERIODS } from "~/stores/offers";
import { isKnownVisa } from "~/visa/catalogue";

const choice = (message: string) => ({ errorMap: () => ({ message }) });

const time = z.string(types).regex(/^([01]\d|2[0-3]):[0-5]\d$/, "benefitContent.time");

export const benefitText = object({
  name: text(120),
  gives: text(1000, { lines: true }),
  eligible: text(1000, { lines: true }),
  apply: text(1000, { lines: true }),
  hoursNote: text(200).optional(),
});

export const benefitItem = object({
  itemCd,
  category: z.enum(BENEFIT_CATEGORIES, choice("errors.form.categoryRequired")),
  order: order.optional(),
  visas: z
    .array(z.string(types), types)
    .min(1, "benefitContent.visa")
    .max(100, "benefitContent.visa")
    .refine(
      (visas) =>
        (visas.length === 1 && visas[0] === ALL_VISAS) ||
        (visas.every(isKnownVisa) && new Set(visas).size === visas.length),
      "benefitContent.visa",
    ),
  regions: z
    .array(z.enum(REGIONS, choice("benefitContent.region")), types)
    .refine((regions) => new Set(regions).size === regions.length, "benefitContent.region")
    .optional(),
  link: link.optional(),
  phones: z
    .array(z.string(types).regex(/^\+?\d[\d-]{1,18}\d$/, "benefitContent.phone"), types)
    .max(5, INVALID)
    .optional(),
  hours: z
    .discriminatedUnion(
      "days",
      [
        object({ days: z.literal("always") }),
        object({ days: z.enum(["weekdays", "everyDay"]), opens: time, closes: time }),
      ],
      choice("benefitContent.hours"),
    )
    .optional(),
  languages: object({
    count: z.number(types).int(INVALID).min(1, INVALID).max(300, INVALID).optional(),
    about: z.boolean(types).optional(),
    codes: z
      .array(z.string(types).regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, "benefitContent.languages"), types)
      .max(50, INVALID)
      .optional(),
  })
    .refine((value) => value.count !== undefined || (value.codes?.length ?? 0) > 0, "benefitContent.languages")
    .optional(),
  source: object({ name: text(200).optional(), url: link.optional(), checkedOn: date }),
  unverified: z
    .array(z.enum(BENEFIT_FACTS, choice("benefitContent.fact")), types)
    .refine((facts) => new Set(facts).size === facts.length, "benefitContent.fact")
    .optional(),
  translations: translations(benefitText),
});
export type BenefitItem = z.infer<typeof benefitItem>;

export const offerText = object({
  title: text(120),
  description: text(1000, { lines: true }),
  priceNote: text(100).optional(),
});

const won = z
  .number(types)
  .int("benefitContent.price")
  .min(0, "benefitContent.price")
  .max(1e10, "benefitContent.price");

export const offerItem = object({
  itemCd,
  partner: text(100),
  link,
  priceKrw: object({
    min: won,
    max: won.optional(),
    per: z.enum(PRICE_PERIODS, choice("benefitContent.pricePer")).optional(),
  })
    .refine((price) => price.max === undefined || price.max >= price.min, "benefitContent.price")
    .optional(),
  commission: z.boolean(types).optional(),
  checkedOn: date,
  order: order.optional(),
  translations: translations(offerText),
});
export type OfferItem = z.infer<typeof offerItem>;
