/** The terms documents in the visitor's language, for the checklist and the full-text page. */
import { i18nFor } from "~/i18n/instances.server";
import type { TermsItem } from "~/components/TermsChecklist";
import { termsDocuments } from "./terms";

export async function termsItemsIn(lng: string): Promise<TermsItem[]> {
  const t = (await i18nFor(lng)).getFixedT(lng, "terms");
  return termsDocuments.map((d) => ({ id: d.id, title: t(`${d.id}.title`), required: d.required, hasText: d.hasText }));
}

export interface TermsText {
  id: string;
  title: string;
  required: boolean;
  effective: string;
  sections: { heading: string; body: string }[];
}

export async function termsTextsIn(lng: string): Promise<TermsText[]> {
  const t = (await i18nFor(lng)).getFixedT(lng, "terms");
  return termsDocuments
    .filter((d) => d.hasText)
    .map((d) => {
      const sections = t(`${d.id}.sections`, { returnObjects: true }) as unknown as Record<
        string,
        { heading: string; body: string }
      >;
      return {
        id: d.id,
        title: t(`${d.id}.title`),
        required: d.required,
        effective: t("effective", { version: d.version, date: d.version }),
        sections: Object.values(sections),
      };
    });
}
