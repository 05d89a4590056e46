/**
 * Operator rates as a content kind (app/content/kind.server.ts): the content import's `rates` key, one rate per
 * currency in the admin form's format (rates.server.ts), saved as the form saves one. The Eximbank provider and its
 * job (rates.server.ts, eximbank.server.ts) are no content: they fill the store on their own.
 */
import type { z } from "zod";
import type { ContentKind } from "~/content/kind.server";
import { operatorRateItem, operatorRateOf, operatorRateSummaryOf, type OperatorRateItem } from "./rates.server";

export const ratesKind: ContentKind<OperatorRateItem> = {
  key: "rates",
  item: operatorRateItem as unknown as z.ZodType<OperatorRateItem>,
  idOf: (item) => item.currency,
  apply: (stores, item, at, audit) => stores.rates.saveOperatorRate(operatorRateOf(item), at, audit),
  audit: { kind: "rate", summaryOf: operatorRateSummaryOf },
};
