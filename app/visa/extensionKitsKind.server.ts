/**
 * Extension kits as a content kind (app/content/kind.server.ts): the content import's `extensionKits` key, by
 * status code, written only where they differ; the kits shipped with the app (content/extensionKits.json), one
 * for every status of the catalogue, written at start where absent (decision 0105).
 */
import shippedFile from "../../content/extensionKits.json";
import { koreanProblem } from "~/content/texts.server";
import { storedContentKind } from "~/content/write.server";
import { extensionKitItem, extensionKitOf, type ExtensionKitItem } from "./extensionKits.server";

export const extensionKitsKind = storedContentKind({
  key: "extensionKits",
  item: extensionKitItem,
  storeOf: (stores) => stores.extensionKits,
  contentOf: extensionKitOf,
  audit: { kind: "extensionKit", summaryOf: (item) => `${item.itemCd}: 체류기간 연장 안내` },
  shipped: () => shippedExtensionKits(),
});

/** The shipped kits, validated as an import is; a broken file is a build's mistake and stops the start. */
export function shippedExtensionKits(file: unknown = shippedFile): ExtensionKitItem[] {
  const list = (file as { extensionKits?: unknown }).extensionKits;
  if (!Array.isArray(list)) throw new Error("content/extensionKits.json: no extensionKits list");
  return list.map((raw, index) => {
    const parsed = extensionKitItem.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new Error(`content/extensionKits.json: extensionKits[${index}].${issue.path.join(".")}: ${issue.message}`);
    }
    const problem = koreanProblem(parsed.data);
    if (problem) throw new Error(`content/extensionKits.json: ${parsed.data.itemCd}: ${problem}`);
    return parsed.data;
  });
}
