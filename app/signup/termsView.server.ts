/** The terms documents in the visitor's language, for the checklist and the full-text page. */
import { i18nFor } from "~/i18n/instances.server";
import type { TermsItem } from "~/components/TermsChecklist";
import { policyDocuments, termsDocuments } from "./terms";

export async function termsItemsIn(lng: string): Promise<TermsItem[]> {
  const t = (await i18nFor(lng)).getFixedT(lng, "terms");
  return termsDocuments.map((d) => ({ id: d.id, title: t(`${d.id}.title`), required: d.required, hasText: d.hasText }));
}

export interface TermsText {
  id: string;
  title: string;
  /** A consent the member agrees to at sign-up (marked required or optional), or a policy that is only read. */
  kind: "consent" | "policy";
  required: boolean;
  effective: string;
  sections: { heading: string; body: string }[];
}

/** Every document's full text: the consents (those with a text), then the policies. */
export async function termsTextsIn(lng: string): Promise<TermsText[]> {
  const t = (await i18nFor(lng)).getFixedT(lng, "terms");
  const text = (id: string, version: string, kind: TermsText["kind"], required: boolean): TermsText => {
    const sections = t(`${id}.sections`, { returnObjects: true }) as unknown as Record<
      string,
      { heading: string; body: string }
    >;
    return {
      id,
      title: t(`${id}.title`),
      kind,
      required,
      effective: t("effective", { version, date: version }),
      sections: Object.values(sections),
    };
  };
  return [
    ...termsDocuments.filter((d) => d.hasText).map((d) => text(d.id, d.version, "consent", d.required)),
    ...policyDocuments.map((d) => text(d.id, d.version, "policy", false)),
  ];
}
