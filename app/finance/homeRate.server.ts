/**
 * The live rate on the home page (issue 40): the member's corridor, from their nationality, with its rate in force,
 * its source and day; visitors, and members whose country has no corridor, the US dollar's. Where no won rate
 * covers the corridor's currency its estimates go through US dollars, so the US dollar's rate is shown and that
 * is said. One tap leads to the remittance estimate for that corridor.
 */
import type { Services } from "~/context";
import { countryName } from "~/countries/countries.server";
import { formatDate, formatNumber } from "~/lib/format";
import { daysBetween } from "./exchange";
import { type CurrencyCode, decimalText, isCurrencyCode } from "./money";
import { STALE_DAYS } from "./remittancePage.server";

export interface HomeRate {
  /** The member's corridor, or null (visitors: the US dollar for any transfer). */
  country: { code: string; name: string } | null;
  currency: CurrencyCode;
  unit: 1 | 100;
  /** Won per `unit`, with its comma groups. */
  krw: string;
  /** The corridor's own currency when no won rate covers it (the rate shown is the US dollar's). */
  throughUsd: CurrencyCode | null;
  rate: { sample: boolean; source: string; day: string; ageDays: number; old: boolean };
  /** The remittance estimate for that corridor. */
  href: string;
}

export async function homeRate(
  services: Pick<Services, "stores">,
  query: { nationality: string | null; lng: string; now?: number },
): Promise<HomeRate | null> {
  const [rates, corridors] = await Promise.all([services.stores.rates.current(), services.stores.corridors.list()]);
  const inForce = new Map(rates.map((rate) => [rate.currency, rate]));
  const corridor = query.nationality ? corridors.find((c) => c.country === query.nationality) : undefined;
  const own = corridor?.offers[0]?.currency;
  const local = own && isCurrencyCode(own) ? own : null;
  const shown = (local && inForce.get(local)) || inForce.get("USD");
  if (!shown) return null;
  const ageDays = daysBetween(shown.day, formatDate(query.now ?? Date.now()));
  return {
    country: corridor ? { code: corridor.country, name: countryName(corridor.country, query.lng) } : null,
    currency: shown.currency,
    unit: shown.base.unit,
    krw: formatNumber(decimalText(shown.base.krw)),
    throughUsd: local && local !== shown.currency ? local : null,
    rate: {
      sample: shown.source === "sample",
      source: shown.sourceName,
      day: shown.day,
      ageDays,
      old: ageDays > STALE_DAYS,
    },
    href: corridor ? `/finance/remittance?country=${encodeURIComponent(corridor.country)}` : "/finance/remittance",
  };
}
