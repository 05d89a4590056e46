/** PostgreSQL: notices, the audit log, benefits, offers, terms, exchange rates, corridors and loan products. */
import type { Stores } from "~/stores/stores";
import type { Pg } from "./database.server";
import { notBuilt } from "./notBuilt.server";

export function pgContentStores(
  _db: Pg,
): Pick<Stores, "notices" | "audit" | "benefits" | "offers" | "terms" | "rates" | "corridors" | "loanProducts"> {
  return {
    notices: notBuilt("notices"),
    audit: notBuilt("audit"),
    benefits: notBuilt("benefits"),
    offers: notBuilt("offers"),
    terms: notBuilt("terms"),
    rates: notBuilt("rates"),
    corridors: notBuilt("corridors"),
    loanProducts: notBuilt("loanProducts"),
  };
}
