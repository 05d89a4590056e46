/**
 * Every piece of persisted state, reached through interfaces shaped by what the
 * screens and flows need (docs/decisions/0021-stores.md): every method is async,
 * takes and returns plain data, touches one kind of record (no joins across
 * them), pages by an opaque (createdAt, id) cursor, keeps counters on the
 * record it counts, and makes a read-decide-write one call. The SQLite
 * implementation is app/infra/sqlite/stores.server.ts; tests/contract runs the
 * same cases against every implementation.
 */
import type { AuditStore } from "./audit";
import type { BenefitsStore } from "./benefits";
import type { CommentsStore, FeedsStore, FilesStore, LikesStore, ReportsStore } from "./community";
import type { CorridorsStore } from "./corridors";
import type { CountersStore } from "./counters";
import type { FlowStore } from "./flows";
import type { ExtensionKitsStore } from "./extensionKits";
import type { KitChecklistsStore } from "./kitChecklists";
import type { LoanProductsStore } from "./loanProducts";
import type { WorkRulesStore } from "./workRules";
import type { MembersStore } from "./members";
import type { NoticesStore } from "./notices";
import type { NotificationsStore } from "./notifications";
import type { OffersStore } from "./offers";
import type { PasswordFailureStore } from "./passwordFailures";
import type { PhoneCodeStore } from "./phoneCodes";
import type { RatesStore } from "./rates";
import type { RevocationStore } from "./revocations";
import type { RolesStore } from "./roles";
import type { SsoStore } from "./sso";
import type { TermsStore } from "./terms";
import type { LeasesStore } from "./leases";
import type { RemindersStore } from "./reminders";
import type { MemberScreen } from "./memberScreen";

export interface Stores {
  members: MembersStore;
  flows: FlowStore;
  phoneCodes: PhoneCodeStore;
  revocations: RevocationStore;
  /** The admin role as the operator last set it (scripts/grant-admin.mjs), read on every request. */
  roles: RolesStore;
  passwordFailures: PasswordFailureStore;
  notifications: NotificationsStore;
  feeds: FeedsStore;
  comments: CommentsStore;
  likes: LikesStore;
  reports: ReportsStore;
  /** The records of stored files (owner, feed, size); their bytes are in FileStorage (./fileStorage.ts). */
  files: FilesStore;
  /** The operator's notices; publishing one broadcasts it to every inbox (decision 0052). */
  notices: NoticesStore;
  /** Who changed what in the admin area and through the content import. */
  audit: AuditStore;
  /** The services of /benefit (app/stores/benefits.ts). */
  benefits: BenefitsStore;
  /** The partner offers of /shop (app/stores/offers.ts). */
  offers: OffersStore;
  /**
   * Rate-limit and form-attempt counts. Shared by every process of a deployment whose
   * storage is shared; local mode (one process) keeps them in memory (decision 0046).
   */
  counters: CountersStore;
  /** The terms documents' versions and their texts (what members agree to is in `members`). */
  terms: TermsStore;
  /** Exchange rates: each source's last good snapshot and the rate in force per currency (app/stores/rates.ts). */
  rates: RatesStore;
  /** The remittance corridors of /finance/remittance: operator figures with their day and source. */
  corridors: CorridorsStore;
  /** The loan products below /finance/loan's calculator (app/stores/loanProducts.ts). */
  loanProducts: LoanProductsStore;
  /** What a member needs to extend their stay, a kit per visa status (app/stores/extensionKits.ts). */
  extensionKits: ExtensionKitsStore;
  /** The documents each member has ticked on their own extension kit (app/stores/kitChecklists.ts). */
  kitChecklists: KitChecklistsStore;
  /** The rules and figures of /finance/pay and /finance/severance, with their sources (app/stores/workRules.ts). */
  workRules: WorkRulesStore;
  /** Single sign-on: the OpenID provider's records, the partners registered to use it, members' consents. */
  sso: SsoStore;
  /** Which process runs each periodic job when several share the storage (app/stores/leases.ts). */
  leases: LeasesStore;
  /** Reminders that leave the app: channel choices, push subscriptions, deliveries (app/stores/reminders.ts). */
  reminders: RemindersStore;
  /**
   * A mark that changes once another client of the same storage (another process: the content import, a second
   * server) has committed a change since this client last asked. The shared pages' cache of the server forgets
   * what it kept when it changes (decision 0068).
   */
  changeMark(): Promise<number>;
  /**
   * A signed-in page's reads of its member and of the terms in one (./memberScreen.ts): the one read across kinds
   * of record, and only a read, each field equal to its own store's answer.
   */
  memberScreen(uid: string, now: number): Promise<MemberScreen>;
  /** True when the storage answers (/readyz). */
  ping(): Promise<boolean>;
  /** Makes everything durable and lets go of the storage; calling it again does nothing. */
  close(): Promise<void>;
}

export type * from "./audit";
export { AUDIT_ACTIONS, AUDIT_ACTOR_KINDS, AUDIT_TARGET_KINDS, auditEntryFor } from "./audit";
export type * from "./benefits";
export { ALL_VISAS, BENEFIT_CATEGORIES, BENEFIT_FACTS } from "./benefits";
export type * from "./community";
export type * from "./content";
export type * from "./corridors";
export { CORRIDOR_FACTS, FEE_TIER_CURRENCIES } from "./corridors";
export { FEED_CATEGORIES, REPORT_REASONS } from "./community";
export type { CounterHits, CountersStore } from "./counters";
export type { FileStorage } from "./fileStorage";
export type { FlowKind, FlowStore, NewFlow } from "./flows";
export type * from "./loanProducts";
export type * from "./extensionKits";
export type { KitChecklistsStore } from "./kitChecklists";
export type * from "./workRules";
export type { LeasesStore } from "./leases";
export type { RemindersStore } from "./reminders";
export type { MemberScreen } from "./memberScreen";
export type { RolesStore } from "./roles";
export type {
  CreateMemberResult,
  MemberProfile,
  MemberSettings,
  MembersStore,
  NewMember,
  NotificationChoices,
  ProfileChanges,
  SignUpMethod,
  TermsRecord,
  UpdateMemberResult,
  Withdrawal,
} from "./members";
export type * from "./notices";
export { NOTICE_CATEGORIES } from "./notices";
export type {
  InboxAudience,
  JsonValue,
  NewNotification,
  NotificationData,
  NotificationKind,
  NotificationRecord,
  NotificationsStore,
} from "./notifications";
export type * from "./offers";
export type { BadCursor, Page, PageQuery, PageResult } from "./page";
export type { FailurePolicy, PasswordFailureState, PasswordFailureStore } from "./passwordFailures";
export type {
  CodeLimits,
  CodePurpose,
  NewPhoneCode,
  PhoneCodeRecord,
  PhoneCodeStore,
  ReserveResult,
} from "./phoneCodes";
export type * from "./rates";
export { RATE_SOURCES } from "./rates";
export type { RevocationStore } from "./revocations";
export type * from "./sso";
export { SSO_CLAIM_SETS } from "./sso";
export type {
  NewTermsVersion,
  PublishTermsVersionResult,
  SaveTermsVersionResult,
  TermsSection,
  TermsStore,
  TermsText,
  TermsTextIn,
  TermsVersion,
  TermsVersionHead,
} from "./terms";
