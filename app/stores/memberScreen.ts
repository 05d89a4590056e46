/**
 * What every signed-in page reads of its member and of the terms, asked at once (docs/decisions/0080): the
 * session's revocation time and the admin role, the profile, the settings, the member's terms record, every terms version's head, the
 * inbox badge's count, and the number of partner services the member let in (my page's).
 * Each field is exactly what its own store's read answers (tests/contract/memberScreen.test.ts holds both to it);
 * the screen exists because on a shared database each of those reads is a round trip, and a signed-in page makes
 * all six (the request scope, app/infra/requestScope.server.ts, asks it in their place). It carries the storage's
 * change mark too: most signed-in pages read something kept across requests (the rates, the notices), which asks
 * the mark first (decision 0115).
 */
import type { MemberProfile, MemberSettings, MembersStore, TermsRecord } from "./members";
import { memberInboxAudience, type NotificationsStore } from "./notifications";
import type { RevocationStore } from "./revocations";
import type { RolesStore } from "./roles";
import type { SsoStore } from "./sso";
import type { TermsStore, TermsVersionHead } from "./terms";

export interface MemberScreen {
  /** `revocations.validAfter(uid)`. */
  validAfter: number | null;
  /** `roles.admin(uid)`: the admin role as the operator last set it, which the session reads (decision 0082). */
  admin: boolean | null;
  /** `members.profile(uid)`. */
  profile: MemberProfile | null;
  /** `members.settings(uid)`. */
  settings: MemberSettings | null;
  /** `members.terms(uid)`. */
  terms: TermsRecord[];
  /** `terms.heads()`. */
  termsHeads: TermsVersionHead[];
  /** `notifications.unreadCount(uid, memberInboxAudience(profile, settings, now))`. */
  unread: number;
  /** `changeMark()`, as of these reads. */
  changeMark: number;
  /**
   * The partner services the member let in that are still enabled: `sso.consentsOf(uid)` whose client
   * (`sso.findClient`) is not disabled. My page, the member's own, shows their number on every view.
   */
  partners: number;
}

/** The screen made of the stores' own reads: for an embedded storage, where each read is a function call. */
export async function composedMemberScreen(
  // The stores it reads, by their own interfaces (not `Stores`, which declares `memberScreen`: no circle of types).
  stores: {
    revocations: RevocationStore;
    roles: RolesStore;
    members: MembersStore;
    terms: TermsStore;
    notifications: NotificationsStore;
    sso: SsoStore;
    changeMark(): Promise<number>;
  },
  uid: string,
  now: number,
): Promise<MemberScreen> {
  const [validAfter, admin, profile, settings, terms, termsHeads] = await Promise.all([
    stores.revocations.validAfter(uid),
    stores.roles.admin(uid),
    stores.members.profile(uid),
    stores.members.settings(uid),
    stores.members.terms(uid),
    stores.terms.heads(),
  ]);
  const unread = await stores.notifications.unreadCount(uid, memberInboxAudience(profile, settings, now));
  let partners = 0;
  for (const consent of await stores.sso.consentsOf(uid)) {
    const client = await stores.sso.findClient(consent.clientId);
    if (client && client.disabledAt === null) partners++;
  }
  return {
    validAfter,
    admin,
    profile,
    settings,
    terms,
    termsHeads,
    unread,
    partners,
    changeMark: await stores.changeMark(),
  };
}
