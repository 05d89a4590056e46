/**
 * A public page's search facts (lib/seo.ts), made by its loader in one line:
 * `seo: pageSeo(request, context.services.config, lng, { … })`.
 */
import { publicOrigin, type Config } from "~/infra/config.server";
import type { PageSeo } from "~/lib/seo";

export interface SeoFacts {
  /** A title from data (a notice's); the handle's title otherwise. */
  title?: string;
  description?: string;
  type?: PageSeo["type"];
  /** The query parameters that name the content, taken from the request in this order when present. */
  query?: string[];
}

/** Open Graph wants a territory: the one most of each language's readers here come from. */
const OG_LOCALES: Record<string, string> = {
  bn: "bn_BD",
  en: "en_US",
  id: "id_ID",
  ja: "ja_JP",
  km: "km_KH",
  ko: "ko_KR",
  ky: "ky_KG",
  mn: "mn_MN",
  my: "my_MM",
  ne: "ne_NP",
  ru: "ru_RU",
  si: "si_LK",
  tl: "tl_PH",
  tr: "tr_TR",
  ur: "ur_PK",
  uz: "uz_UZ",
  vi: "vi_VN",
  "zh-CN": "zh_CN",
  "zh-TW": "zh_TW",
};

export function pageSeo(request: Request, config: Config, language: string, facts: SeoFacts = {}): PageSeo {
  const url = new URL(request.url);
  const query: [string, string][] = [];
  for (const name of facts.query ?? []) {
    const value = url.searchParams.get(name);
    if (value !== null) query.push([name, value]);
  }
  return {
    origin: publicOrigin(config),
    path: url.pathname,
    query,
    language,
    title: facts.title ?? null,
    description: facts.description ?? null,
    type: facts.type ?? "website",
    ogLocale: OG_LOCALES[language] ?? "en_US",
  };
}
