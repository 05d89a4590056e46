/**
 * Members as the features see them: a profile beside the identity provider's
 * user (same uid) and the record of the terms the member answered, kept by the
 * members store (services.stores.members, app/stores/members.ts). A profile is
 * made by the join (signup/createAccount.server.ts).
 */
import type { Services } from "~/context";

export type { CreateMemberResult, MemberProfile, NewMember, SignUpMethod, TermsRecord } from "~/stores/members";

/** True when the uid has a member profile (an account without one is not a member). */
export async function isMember(services: Pick<Services, "stores">, uid: string): Promise<boolean> {
  return (await services.stores.members.profile(uid)) !== null;
}
