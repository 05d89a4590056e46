/**
 * The benefits shipped with the app (content/benefits.json, in the content
 * import's format): the services of the research notes, in every language. They
 * are written at start only where a benefit with the same item code is not stored
 * yet, so an operator's later edit is never undone by a restart; a newer shipped
 * text reaches a running site through the content import (docs/decisions/0055).
 */
import shippedFile from "../../content/benefits.json";
import type { Stores } from "~/stores/stores";
import { benefitsImporter } from "./importers.server";
import type { BenefitItem } from "./schemas.server";

/** The shipped benefits, validated as an import is; a broken file is a build's mistake and stops the start. */
export function shippedBenefits(file: unknown = shippedFile): BenefitItem[] {
  const list = (file as { benefits?: unknown }).benefits;
  if (!Array.isArray(list)) throw new Error("content/benefits.json: no benefits list");
  const seen = new Set<string>();
  return list.map((raw, index) => {
    const parsed = benefitsImporter.item.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new Error(`content/benefits.json: benefits[${index}].${issue.path.join(".")}: ${issue.message}`);
    }
    const item = parsed.data;
    const problem = benefitsImporter.check?.(item) ?? (seen.has(item.itemCd) ? "duplicate itemCd" : null);
    if (problem) throw new Error(`content/benefits.json: ${item.itemCd}: ${problem}`);
    seen.add(item.itemCd);
    return item;
  });
}

/** Writes each shipped benefit that is not stored yet; the number written. */
export async function seedShippedBenefits(stores: Stores, at = Date.now()): Promise<number> {
  let created = 0;
  for (const item of shippedBenefits()) {
    if (await stores.benefits.byId(item.itemCd)) continue;
    if ((await benefitsImporter.apply(stores, item, at)) === "created") created++;
  }
  return created;
}
