/**
 * The words the admin area shows for the values it stores (issue 41: an operator reads "Published" and "Typical
 * bank counter tiers", never "publish" or "typicalBankCounter"): one translation key for each member of each list
 * of values an admin page names. Loaders give pages these keys; `tests/unit/adminLabels.test.ts` checks that
 * every member has one and that each key is in every language, and `tests/integration/adminLabels.test.ts` that
 * the pages show no raw value.
 */
import {
  AUDIT_ACTIONS,
  AUDIT_TARGET_KINDS,
  CORRIDOR_FACTS,
  type AuditAction,
  type AuditTargetKind,
  type CorridorFact,
} from "~/stores/stores";

/** `admin` namespace. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  create: "admin.audit.action.create",
  update: "admin.audit.action.update",
  publish: "admin.audit.action.publish",
  unpublish: "admin.audit.action.unpublish",
  pin: "admin.audit.action.pin",
  unpin: "admin.audit.action.unpin",
  disable: "admin.audit.action.disable",
  grantAdmin: "admin.audit.action.grantAdmin",
  revokeAdmin: "admin.audit.action.revokeAdmin",
};

/** `admin` namespace: the section each kind of item is kept in, a member for the admin role. */
export const AUDIT_TARGET_LABELS: Record<AuditTargetKind, string> = {
  notice: "admin.sections.notices",
  benefit: "admin.sections.benefits",
  offer: "admin.sections.offers",
  terms: "admin.sections.terms",
  corridor: "admin.sections.corridors",
  rate: "admin.sections.rates",
  loanProduct: "admin.sections.loanProducts",
  extensionKit: "admin.sections.extensionKits",
  workRule: "admin.sections.workRules",
  ssoClient: "admin.sections.partners",
  member: "admin.audit.member",
};

/** What the scheduled Eximbank fetch last came to (RateFetchState.outcome, finance/rates.server.ts): "ok", or what failed. */
// The AP01 error codes (finance/eximbank.server.ts's Ap01ErrorCode, which tests/unit/adminLabels.test.ts holds this
// to) and the fetch's own failures.
export type RateFetchOutcome = "ok" | "empty" | "2" | "3" | "4" | "html" | "format" | "timeout" | "network" | "http";

/** `exchange` namespace; `other` for an outcome not listed (a future failure's name). */
export const RATE_OUTCOME_LABELS: Record<RateFetchOutcome | "other", string> = {
  ok: "exchange.admin.outcome.ok",
  empty: "exchange.admin.outcome.empty",
  "2": "exchange.admin.outcome.code2",
  "3": "exchange.admin.outcome.code3",
  "4": "exchange.admin.outcome.code4",
  html: "exchange.admin.outcome.html",
  format: "exchange.admin.outcome.format",
  timeout: "exchange.admin.outcome.timeout",
  network: "exchange.admin.outcome.network",
  http: "exchange.admin.outcome.http",
  other: "exchange.admin.outcome.other",
};

/** `remittance` namespace. */
export const CORRIDOR_FACT_LABELS: Record<CorridorFact, string> = Object.fromEntries(
  CORRIDOR_FACTS.map((fact) => [fact, `corridorAdmin.facts.${fact}`]),
) as Record<CorridorFact, string>;

const own = (labels: Record<string, string>, value: string) =>
  Object.prototype.hasOwnProperty.call(labels, value) ? labels[value] : undefined;

export const auditActionLabel = (action: string) => own(AUDIT_ACTION_LABELS, action) ?? "admin.audit.action.other";
export const auditTargetLabel = (kind: string) => own(AUDIT_TARGET_LABELS, kind) ?? "admin.audit.targetOther";
export const rateOutcomeLabel = (outcome: string) => own(RATE_OUTCOME_LABELS, outcome) ?? RATE_OUTCOME_LABELS.other;
export const corridorFactLabel = (fact: CorridorFact) => CORRIDOR_FACT_LABELS[fact];

/** Every list of values above with its labels and namespace, for the tests. */
export const ADMIN_LABEL_MAPS = [
  { ns: "admin", values: AUDIT_ACTIONS, labels: AUDIT_ACTION_LABELS },
  { ns: "admin", values: AUDIT_TARGET_KINDS, labels: AUDIT_TARGET_LABELS },
  { ns: "exchange", values: Object.keys(RATE_OUTCOME_LABELS), labels: RATE_OUTCOME_LABELS },
  { ns: "remittance", values: CORRIDOR_FACTS, labels: CORRIDOR_FACT_LABELS },
] as const;
