/**
 * Work rules as a content kind (app/content/kind.server.ts): the content import's `workRules` key, written by item
 * code only where they differ; the rules shipped with the app (content/workRules.json), written at start where
 * absent, as loan products are (decision 0106).
 */
import shippedFile from "../../content/workRules.json";
import { koreanProblem } from "~/content/texts.server";
import { storedContentKind } from "~/content/write.server";
import { workRuleItem, workRuleOf, type WorkRuleItem } from "./workRules.server";

export const workRulesKind = storedContentKind({
  key: "workRules",
  item: workRuleItem,
  storeOf: (stores) => stores.workRules,
  contentOf: workRuleOf,
  audit: { kind: "workRule", summaryOf: (item) => item.translations.ko!.title },
  shipped: () => shippedWorkRules(),
});

/** The shipped rules, validated as an import is; a broken file is a build's mistake and stops the start. */
export function shippedWorkRules(file: unknown = shippedFile): WorkRuleItem[] {
  const list = (file as { workRules?: unknown }).workRules;
  if (!Array.isArray(list)) throw new Error("content/workRules.json: no workRules list");
  return list.map((raw, index) => {
    const parsed = workRuleItem.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new Error(`content/workRules.json: workRules[${index}].${issue.path.join(".")}: ${issue.message}`);
    }
    const problem = koreanProblem(parsed.data);
    if (problem) throw new Error(`content/workRules.json: ${parsed.data.itemCd}: ${problem}`);
    return parsed.data;
  });
}
