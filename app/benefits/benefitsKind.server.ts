/**
 * The benefits as a content kind (app/content/kind.server.ts): the content import's `benefits` key and the admin
 * form's writes, each item validated by its schema (schemas.server.ts) and checked for its Korean original, then
 * written by item code only where it differs from what is stored; and the benefits shipped with the app
 * (content/benefits.json, in the import's format: the services of the research notes, in every language),
 * written at start only where a benefit with the same item code is not stored yet, so an operator's later edit is
 * never undone by a restart; a newer shipped text reaches a running site through the import (decision 0055).
 */
import shippedFile from "../../content/benefits.json";
import { koreanProblem } from "~/content/texts.server";
import { storedContentKind } from "~/content/write.server";
import type { BenefitContent } from "~/stores/benefits";
import { benefitItem, type BenefitItem } from "./schemas.server";

/** A benefit as stored, from an item of the import (fields left out: none, empty, first in order). */
export function benefitOf(item: BenefitItem): BenefitContent {
  return {
    itemCd: item.itemCd,
    category: item.category,
    order: item.order ?? 0,
    visas: item.visas,
    regions: item.regions ?? [],
    link: item.link ?? null,
    phones: item.phones ?? [],
    hours: item.hours ?? null,
    languages: item.languages
      ? { count: item.languages.count ?? null, about: item.languages.about ?? false, codes: item.languages.codes ?? [] }
      : null,
    source: { name: item.source.name ?? null, url: item.source.url ?? null, checkedOn: item.source.checkedOn },
    unverified: item.unverified ?? [],
    translations: Object.fromEntries(
      Object.entries(item.translations).map(([language, text]) => [
        language,
        {
          name: text.name,
          gives: text.gives,
          eligible: text.eligible,
          apply: text.apply,
          hoursNote: text.hoursNote ?? null,
        },
      ]),
    ),
  };
}

/** The shipped benefits, validated as an import is; a broken file is a build's mistake and stops the start. */
export function shippedBenefits(file: unknown = shippedFile): BenefitItem[] {
  const list = (file as { benefits?: unknown }).benefits;
  if (!Array.isArray(list)) throw new Error("content/benefits.json: no benefits list");
  const seen = new Set<string>();
  return list.map((raw, index) => {
    const parsed = benefitItem.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new Error(`content/benefits.json: benefits[${index}].${issue.path.join(".")}: ${issue.message}`);
    }
    const item = parsed.data;
    const problem = koreanProblem(item) ?? (seen.has(item.itemCd) ? "duplicate itemCd" : null);
    if (problem) throw new Error(`content/benefits.json: ${item.itemCd}: ${problem}`);
    seen.add(item.itemCd);
    return item;
  });
}

export const benefitsKind = storedContentKind({
  key: "benefits",
  item: benefitItem,
  storeOf: (stores) => stores.benefits,
  contentOf: benefitOf,
  audit: { kind: "benefit", summaryOf: (item) => item.translations.ko!.name },
  shipped: () => shippedBenefits(),
});
