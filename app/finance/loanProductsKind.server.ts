/**
 * Loan products as a content kind (app/content/kind.server.ts): the content import's `loanProducts` key and the
 * admin form's writes (contentEditRoute), by item code only where they differ; the products shipped with the app
 * (content/loanProducts.json), written at start where absent, as benefits are (decision 0065).
 */
import shippedFile from "../../content/loanProducts.json";
import { koreanProblem } from "~/content/texts.server";
import { storedContentKind } from "~/content/write.server";
import { loanProductItem, loanProductOf, type LoanProductItem } from "./loanProducts.server";

export const loanProductsKind = storedContentKind({
  key: "loanProducts",
  item: loanProductItem,
  storeOf: (stores) => stores.loanProducts,
  contentOf: loanProductOf,
  audit: { kind: "loanProduct", summaryOf: (item) => `${item.lender}: ${item.translations.ko!.name}` },
  shipped: () => shippedLoanProducts(),
});

/** The shipped products, validated as an import is; a broken file is a build's mistake and stops the start. */
export function shippedLoanProducts(file: unknown = shippedFile): LoanProductItem[] {
  const list = (file as { loanProducts?: unknown }).loanProducts;
  if (!Array.isArray(list)) throw new Error("content/loanProducts.json: no loanProducts list");
  return list.map((raw, index) => {
    const parsed = loanProductItem.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new Error(`content/loanProducts.json: loanProducts[${index}].${issue.path.join(".")}: ${issue.message}`);
    }
    const problem = koreanProblem(parsed.data);
    if (problem) throw new Error(`content/loanProducts.json: ${parsed.data.itemCd}: ${problem}`);
    return parsed.data;
  });
}
