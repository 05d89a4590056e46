/**
 * What /benefit and /shop show: the stored benefits and partner offers in the
 * page's language, as plain data for the page. A benefit whose visas include the
 * member's comes first, under "for your visa"; a visitor sees them all in their
 * order. A text missing in the page's language is shown in English, else in Korean,
 * marked with its language.
 */
import { textIn, textLanguages } from "~/content/texts.server";
import type { Services } from "~/context";
import { languagesNamedIn } from "~/i18n/displayNames.server";
import { formatNumber } from "~/lib/format";
import {
  ALL_VISAS,
  BENEFIT_CATEGORIES,
  type Benefit,
  type BenefitCategory,
  type BenefitFact,
  type BenefitHours,
  type BenefitSource,
  type BenefitText,
  REGIONS,
  type Region,
} from "~/stores/benefits";
import type { Offer, OfferText, PricePeriod } from "~/stores/offers";
import { statusOfVisa } from "~/visa/catalogue";

export interface BenefitView {
  itemCd: string;
  category: BenefitCategory;
  text: BenefitText;
  /** The language of `text` when it is not the page's (marked with `lang`, and named), or null. */
  lang: { code: string; name: string } | null;
  /** The Korean name, beside the translated one; null on a Korean page. */
  koreanName: string | null;
  /** The official site, and its host to show. */
  link: { href: string; host: string } | null;
  phones: { number: string; href: string }[];
  hours: BenefitHours | null;
  /** The languages it serves in: a count, or their names in the page's language. */
  languages: { count: number | null; about: boolean; names: string | null } | null;
  source: BenefitSource;
  unverified: BenefitFact[];
}

/** The longest search the page takes (`?q=`): longer words are cut there, and the page says so. */
export const BENEFIT_QUERY_MAX = 100;

export interface BenefitsPage {
  categories: readonly BenefitCategory[];
  /** The category shown (from `?category=`); null for all, also when the parameter names no category. */
  category: BenefitCategory | null;
  regions: readonly Region[];
  /** The region asked for (`?region=`): null for the whole country, also when it names no region. */
  region: Region | null;
  /** The search (`?q=`) as typed, trimmed and cut at BENEFIT_QUERY_MAX characters; "" for none. */
  query: string;
  /** What the page says about the filters it was given: a region it does not know, a search it cut. */
  notes: ("unknownRegion" | "queryCut")[];
  /** The member's visa status ("E-9") when some benefits are for it; null otherwise (and for visitors). */
  visa: string | null;
  forVisa: BenefitView[];
  others: BenefitView[];
}

export function isRegion(value: unknown): value is Region {
  return typeof value === "string" && (REGIONS as readonly string[]).includes(value);
}

/** Text as a search compares it: compatibility forms folded, lower case, runs of space as one. */
const folded = (value: string) => value.normalize("NFKC").toLocaleLowerCase("en").replace(/\s+/g, " ").trim();

/**
 * Whether the benefit matches the search: every word of it appears in its text in the page's language, its Korean
 * and English names or its numbers (so "1345", "건강보험" and "health" find their service on every page).
 */
function matches(benefit: Benefit, view: BenefitView, words: string[]): boolean {
  if (!words.length) return true;
  const { name, gives, eligible, apply, hoursNote } = view.text;
  const haystack = folded(
    [
      name,
      gives,
      eligible,
      apply,
      hoursNote ?? "",
      benefit.translations.ko?.name ?? "",
      benefit.translations.en?.name ?? "",
      ...benefit.phones,
    ].join(" \n "),
  );
  return words.every((word) => haystack.includes(word));
}

/** Whether the benefit serves the region: it names it, or names none (the whole country). */
const serves = (benefit: Benefit, region: Region | null) =>
  region === null || !benefit.regions?.length || benefit.regions.includes(region);

export function isBenefitCategory(value: unknown): value is BenefitCategory {
  return typeof value === "string" && (BENEFIT_CATEGORIES as readonly string[]).includes(value);
}

function benefitView(benefit: Benefit, lng: string): BenefitView | null {
  const found = textIn(benefit.translations, lng);
  if (!found) return null;
  const korean = benefit.translations.ko?.name ?? null;
  return {
    itemCd: benefit.itemCd,
    category: benefit.category,
    text: found.text,
    lang: found.lang,
    koreanName: korean && korean !== found.text.name ? korean : null,
    link: benefit.link ? { href: benefit.link, host: new URL(benefit.link).host } : null,
    phones: benefit.phones.map((number) => ({ number, href: `tel:${number.replace(/[^\d+]/g, "")}` })),
    hours: benefit.hours,
    languages: benefit.languages && {
      count: benefit.languages.count,
      about: benefit.languages.about,
      names: languagesNamedIn(benefit.languages.codes, lng),
    },
    source: benefit.source,
    unverified: benefit.unverified,
  };
}

/** Whether the benefit names this visa: its status ("E-9" for "E-9-1") or the code itself; "all" names none. */
function isFor(benefit: Benefit, visa: string, status: string): boolean {
  return !benefit.visas.includes(ALL_VISAS) && (benefit.visas.includes(status) || benefit.visas.includes(visa));
}

/**
 * The page: the benefits of the category asked for (all when `category` names none), those for the member's visa
 * (their stored code, or null) first.
 */
export async function benefitsPage(
  services: Pick<Services, "stores">,
  query: {
    lng: string;
    category: string | null;
    uid: string | null;
    q?: string | null;
    region?: string | null;
  },
): Promise<BenefitsPage> {
  const category = isBenefitCategory(query.category) ? query.category : null;
  const notes: BenefitsPage["notes"] = [];
  const region = isRegion(query.region) ? query.region : null;
  if (query.region && !region) notes.push("unknownRegion");
  const typed = (query.q ?? "").replace(/\s+/g, " ").trim();
  const search = Array.from(typed).slice(0, BENEFIT_QUERY_MAX).join("");
  if (search.length < typed.length) notes.push("queryCut");
  const words = folded(search).split(" ").filter(Boolean);
  const [benefits, profile] = await Promise.all([
    services.stores.benefits.list({ category, languages: textLanguages(query.lng) }),
    query.uid ? services.stores.members.profile(query.uid) : null,
  ]);
  const visa = profile?.visa ?? null;
  const status = visa ? statusOfVisa(visa)?.code : undefined;
  const forVisa: BenefitView[] = [];
  const others: BenefitView[] = [];
  for (const benefit of benefits) {
    if (!serves(benefit, region)) continue;
    const view = benefitView(benefit, query.lng);
    if (!view || !matches(benefit, view, words)) continue;
    (visa && status && isFor(benefit, visa, status) ? forVisa : others).push(view);
  }
  return {
    categories: BENEFIT_CATEGORIES,
    category,
    regions: REGIONS,
    region,
    query: search,
    notes,
    visa: forVisa.length ? status! : null,
    forVisa,
    others,
  };
}

export interface OfferView {
  itemCd: string;
  partner: string;
  text: OfferText;
  lang: { code: string; name: string } | null;
  link: string;
  /** In won with comma groups ("33,000"); `max` null for one price; `per` the period it is for, or null. */
  price: { min: string; max: string | null; per: PricePeriod | null } | null;
  /** Whether K-Life earns a commission on it; null: not known (the page says it may). */
  commission: boolean | null;
  checkedOn: string;
}

function offerView(offer: Offer, lng: string): OfferView | null {
  const found = textIn(offer.translations, lng);
  if (!found) return null;
  return {
    itemCd: offer.itemCd,
    partner: offer.partner,
    text: found.text,
    lang: found.lang,
    link: offer.link,
    price: offer.priceKrw && {
      min: formatNumber(offer.priceKrw.min),
      max:
        offer.priceKrw.max === null || offer.priceKrw.max === offer.priceKrw.min
          ? null
          : formatNumber(offer.priceKrw.max),
      per: offer.priceKrw.per ?? null,
    },
    commission: offer.commission ?? null,
    checkedOn: offer.checkedOn,
  };
}

/** The partner offers in their order, in the page's language. */
export async function shopOffers(services: Pick<Services, "stores">, lng: string): Promise<OfferView[]> {
  const offers = await services.stores.offers.list({ languages: textLanguages(lng) });
  return offers.flatMap((offer) => offerView(offer, lng) ?? []);
}
