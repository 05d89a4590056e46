/**
 * Members as the features see them: a profile beside the identity provider's
 * user (same uid) and the record of the terms the member answered, kept by the
 * members store (services.stores.members, app/stores/members.ts).
 */
import type { Services } from "~/infra/services.server";
import type { TermsAnswers } from "~/terms/documents";
import { joinTermsRecord } from "~/terms/terms.server";
import type { CreateMemberResult, NewMember } from "~/stores/members";

export type { CreateMemberResult, MemberProfile, NewMember, SignUpMethod, TermsRecord } from "~/stores/members";

/** A member as a sign-up flow knows them: the terms as the answers given on the terms step. */
export interface JoiningMember extends Omit<NewMember, "terms" | "createdAt"> {
  terms: TermsAnswers;
}

/**
 * Stores the profile and a terms record line for every version the member answered (those shown on the terms
 * step), as one. Answers that leave a required version unagreed store nothing: an error, as the steps refuse them.
 */
export async function createMember(
  services: Pick<Services, "stores">,
  member: JoiningMember,
  now = Date.now(),
): Promise<CreateMemberResult> {
  const terms = await joinTermsRecord(services, member.terms);
  if (!terms) throw new Error("a member is never made without the required terms agreed");
  return services.stores.members.create({ ...member, terms, createdAt: now });
}

/** True when the uid has a member profile (an account without one is not a member). */
export async function isMember(services: Pick<Services, "stores">, uid: string): Promise<boolean> {
  return (await services.stores.members.profile(uid)) !== null;
}
