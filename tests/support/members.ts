/**
 * Makes a Firebase user a member the way joining does (a profile and a terms
 * record beside the account), for tests about what members can do. Joining itself
 * is tested through its routes in signUp.test.ts.
 */
import { startSession } from "~/auth/session.server";
import { createMember, type JoiningMember } from "~/signup/createAccount.server";
import type { Services } from "~/context";
import { Jar } from "./jar";

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

/** A browser holding a session of the member (made from a sign-in at `at`, now unless told). */
export async function signedInJar(services: Services, uid: string, at = Date.now()): Promise<Jar> {
  const signedIn = await services.identity.signInAs(uid);
  if (!signedIn.ok) throw new Error("signInAs failed");
  const session = await startSession(services, signedIn.idToken, at);
  if (!session.ok) throw new Error(`no session: ${session.reason}`);
  const jar = new Jar();
  jar.take(new Response(null, { headers: { "Set-Cookie": session.setCookie } }));
  return jar;
}
