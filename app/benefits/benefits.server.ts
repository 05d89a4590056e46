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
} from "~/stores/benefits";
import type { Offer, OfferText } from "~/stores/offers";
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

export interface BenefitsPage {
  categories: readonly BenefitCategory[];
  /** The category shown (from `?category=`); null for all, also when the parameter names no category. */
  category: BenefitCategory | null;
  /** The member's visa status ("E-9") when some benefits are for it; null otherwise (and for visitors). */
  visa: string | null;
  forVisa: BenefitView[];
  others: BenefitView[];
}

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
  query: { lng: string; category: string | null; uid: string | null },
): Promise<BenefitsPage> {
  const category = isBenefitCategory(query.category) ? query.category : null;
  const [benefits, profile] = await Promise.all([
    services.stores.benefits.list({ category, languages: textLanguages(query.lng) }),
    query.uid ? services.stores.members.profile(query.uid) : null,
  ]);
  const visa = profile?.visa ?? null;
  const status = visa ? statusOfVisa(visa)?.code : undefined;
  const forVisa: BenefitView[] = [];
  const others: BenefitView[] = [];
  for (const benefit of benefits) {
    const view = benefitView(benefit, query.lng);
    if (!view) continue;
    (visa && status && isFor(benefit, visa, status) ? forVisa : others).push(view);
  }
  return { categories: BENEFIT_CATEGORIES, category, visa: forVisa.length ? status! : null, forVisa, others };
}

export interface OfferView {
  itemCd: string;
  partner: string;
  text: OfferText;
  lang: { code: string; name: string } | null;
  link: string;
  /** In won with comma groups ("33,000"); `max` null for one price. */
  price: { min: string; max: string | null } | null;
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
    },
    checkedOn: offer.checkedOn,
  };
}

/** The partner offers in their order, in the page's language. */
export async function shopOffers(services: Pick<Services, "stores">, lng: string): Promise<OfferView[]> {
  const offers = await services.stores.offers.list({ languages: textLanguages(lng) });
  return offers.flatMap((offer) => offerView(offer, lng) ?? []);
}
