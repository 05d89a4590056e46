/** PostgreSQL: notices, the audit log, benefits, offers, terms, exchange rates, corridors, loan products, extension kits and work rules. */
import type { Stores } from "~/stores/stores";
import { pgAuditStore } from "./auditStore.server";
import { pgOperatorContentStores } from "./contentStore.server";
import { pgCorridorStore } from "./corridorStore.server";
import type { Pg } from "./database.server";
import { pgNoticeStore } from "./noticeStore.server";
import { pgRateStore } from "./rateStore.server";
import { pgTermsStore } from "./termsStore.server";

export function pgContentStores(
  db: Pg,
): Pick<
  Stores,
  | "notices"
  | "audit"
  | "benefits"
  | "offers"
  | "terms"
  | "rates"
  | "corridors"
  | "loanProducts"
  | "extensionKits"
  | "workRules"
> {
  return {
    ...pgOperatorContentStores(db),
    notices: pgNoticeStore(db),
    audit: pgAuditStore(db),
    terms: pgTermsStore(db),
    rates: pgRateStore(db),
    corridors: pgCorridorStore(db),
  };
}
