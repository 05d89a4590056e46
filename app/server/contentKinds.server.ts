/**
 * Every content kind of the app (app/content/kind.server.ts), in the order the import applies their keys and the
 * start writes their shipped items: the composition root's list, beside its jobs (decision 0087). startServices
 * seeds with it, scripts/content.ts imports with it; a new kind is a module of its feature and one line here.
 */
import type { AnyContentKind } from "~/content/kind.server";
import { benefitsKind } from "~/benefits/benefitsKind.server";
import { offersKind } from "~/benefits/offersKind.server";
import { corridorsKind } from "~/finance/corridorsKind.server";
import { loanProductsKind } from "~/finance/loanProductsKind.server";
import { ratesKind } from "~/finance/ratesKind.server";
import { workRulesKind } from "~/finance/workRulesKind.server";
import { noticesKind } from "~/notices/noticesKind.server";
import { termsKind } from "~/terms/termsKind.server";
import { extensionKitsKind } from "~/visa/extensionKitsKind.server";

export const CONTENT_KINDS: readonly AnyContentKind[] = [
  noticesKind,
  benefitsKind,
  offersKind,
  termsKind,
  ratesKind,
  corridorsKind,
  loanProductsKind,
  extensionKitsKind,
  workRulesKind,
];
