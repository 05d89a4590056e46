/**
 * Makes a Firebase user a member the way joining does (a profile and a terms
 * record beside the account), for tests about what members can do. Joining itself
 * is tested through its routes in signUp.test.ts.
 */
import { createMember, type JoiningMember } from "~/signup/createAccount.server";
import type { Services } from "~/context";

export async function registerMember(services: Services, uid: string, profile: Partial<JoiningMember> = {}) {
  const created = await createMember(services, {
    uid,
    name: "Test Member",
    language: "en",
    phoneNumber: null,
    nationality: "VN",
    visa: null,
    visaExpiresOn: null,
    signUpMethod: "id",
    terms: { choices: { service: true, privacy: true, age14: true, marketing: false }, at: Date.now() },
    ...profile,
  });
  if (!created.ok) throw new Error(`member ${uid} not registered: ${created.problem}`);
}
