/**
 * Members as the features see them: a profile beside the identity provider's
 * user (same uid) and the record of the terms the member answered, kept by the
 * members store (services.stores.members, app/stores/members.ts).
 */
import type { Services } from "~/context";
import { termsDocuments, type TermsChoices } from "~/signup/terms";
import type { CreateMemberResult, NewMember } from "~/stores/members";

export type { CreateMemberResult, MemberProfile, NewMember, SignUpMethod, TermsRecord } from "~/stores/members";

/** A member as a sign-up flow knows them: the terms as the choices made on the terms step. */
export interface JoiningMember extends Omit<NewMember, "terms" | "createdAt"> {
  terms: { choices: TermsChoices; at: number };
}

/** Stores the profile and a terms record line for every document in force, as one. */
export function createMember(
  services: Pick<Services, "stores">,
  member: JoiningMember,
  now = Date.now(),
): Promise<CreateMemberResult> {
  return services.stores.members.create({
    ...member,
    terms: termsDocuments.map((doc) => ({
      document: doc.id,
      version: doc.version,
      agreed: member.terms.choices[doc.id] === true,
      recordedAt: member.terms.at,
    })),
    createdAt: now,
  });
}

/** True when the uid has a member profile (an account without one is not a member). */
export async function isMember(services: Pick<Services, "stores">, uid: string): Promise<boolean> {
  return (await services.stores.members.profile(uid)) !== null;
}
