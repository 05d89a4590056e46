/**
 * The last step of every sign-up flow: the Firebase Auth user and the member's
 * profile are made together, or neither is. The user is made first (Firebase
 * refuses a taken e-mail or number atomically); if the profile cannot be stored,
 * the user is deleted again. Then the member is signed in with a fresh ID token.
 * Joining with Google, the user is made by signing in with the Google token kept
 * in the draft, then given the verified number and the name.
 */
import { isBareGoogleUser } from "~/auth/google.server";
import { isMember } from "~/members/members.server";
import type { Services } from "~/context";
import type { CreateMemberResult, NewMember } from "~/stores/members";
import { unsealSecret } from "./draft.server";
import type { TermsAnswers } from "~/terms/documents";
import { joinTermsRecord } from "~/terms/terms.server";
import type { SignupDraft } from "./steps";
import { log } from "~/infra/log.server";

/** What making an account uses: the identity port, the members store, and the secret the draft was sealed with. */
type AccountServices = Pick<Services, "identity" | "stores" | "sessionSecret">;

export type CreateAccountResult =
  | { ok: true; uid: string; idToken: string | null }
  | { ok: false; problem: "emailTaken" | "phoneTaken" | "googleExpired" | "incomplete" | "unavailable" };

function logError(event: string, error: unknown, uid?: string, reason?: string) {
  log.error(event, error, { ...(uid ? { uid } : {}), ...(reason ? { reason } : {}) });
}

/** No half-made accounts: without its profile the Firebase user goes too. */
async function removeUser(services: Pick<Services, "identity">, uid: string) {
  const removed = await services.identity.deleteUser(uid);
  if (!removed.ok) logError("signUp.cleanup", undefined, uid, removed.reason);
}

/**
 * The account an earlier try of this very join left at the identity provider, adopted: Google made it but its
 * answer was lost (cut short, or later than our bound), so the member was told to try again, and now the number
 * (proven by this visitor's code) is taken by an account without a member profile. It is given this draft's name
 * (and password) and the join goes on with it; anything else (a member's account, another kind of account) is null.
 */
async function leftoverOfThisJoin(
  services: Pick<Services, "identity" | "stores">,
  draft: SignupDraft,
  password: string | null,
): Promise<string | null> {
  const { identity } = services;
  const found = await identity.findByPhone(draft.phone!);
  const account = found.ok ? found.account : null;
  if (!account || (await isMember(services, account.uid))) return null;
  const own = draft.kind === "id" ? ["password", "phone"] : ["phone"];
  if (!account.providers.every((p) => own.includes(p))) return null;
  if (draft.kind === "id" ? account.email !== draft.email : account.email !== null) return null;
  if (password !== null && !(await identity.setPassword(account.uid, password)).ok) return null;
  if (!(await identity.updateUser(account.uid, { displayName: draft.name! })).ok) return null;
  log.info("signUp.adopted", { uid: account.uid, message: "an account left by an earlier try of this join" });
  return account.uid;
}

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

/** The member's profile and terms record; the problem when they could not be stored. */
async function storeProfile(
  services: Pick<Services, "stores">,
  uid: string,
  draft: SignupDraft,
  language: string,
  now: number,
): Promise<{ ok: true } | { ok: false; problem: "phoneTaken" | "unavailable" }> {
  try {
    const stored = await createMember(
      services,
      {
        uid,
        name: draft.name!,
        language,
        phoneNumber: draft.phone!,
        nationality: draft.nationality!,
        visa: draft.visa ?? null,
        visaExpiresOn: draft.visaExpiry || null,
        signUpMethod: draft.kind,
        terms: draft.terms!,
      },
      now,
    );
    if (stored.ok) return stored;
    // Another member's profile holds the number (the identity provider lost its account).
    if (stored.problem === "phoneTaken") return { ok: false, problem: "phoneTaken" };
    logError("signUp.profile", new Error(`member profile not stored: ${stored.problem}`), uid);
    return { ok: false, problem: "unavailable" };
  } catch (error) {
    logError("signUp.profile", error, uid);
    return { ok: false, problem: "unavailable" };
  }
}

async function createGoogleAccount(
  services: AccountServices,
  draft: SignupDraft,
  language: string,
  now: number,
): Promise<CreateAccountResult> {
  const { identity } = services;
  if (!draft.google) return { ok: false, problem: "incomplete" };
  // Google's ID token lives an hour (or was sealed under an older secret): the member signs in with Google again.
  let googleIdToken: string;
  try {
    googleIdToken = unsealSecret(services.sessionSecret, draft.google.sealedToken);
  } catch (error) {
    logError("signUp.google", error);
    return { ok: false, problem: "googleExpired" };
  }
  const tokens = await identity.signInWithGoogle(googleIdToken, draft.google.requestUri, draft.google.rawNonce);
  if (!tokens.ok) {
    logError("signUp.google", undefined, undefined, tokens.reason);
    return { ok: false, problem: "googleExpired" };
  }
  const uid = tokens.uid;
  // Finished in another tab a moment ago: this is now a sign-in.
  if (await isMember(services, uid)) return { ok: true, uid, idToken: tokens.idToken };
  const found = await identity.findByUid(uid);
  if (!found.ok || !found.account) {
    await removeUser(services, uid);
    logError("signUp.google", undefined, uid, found.ok ? "notFound" : found.reason);
    return { ok: false, problem: "unavailable" };
  }
  // A user that has more than Google is someone else's account with this address.
  if (!isBareGoogleUser(found.account)) return { ok: false, problem: "emailTaken" };
  const updated = await identity.updateUser(uid, { displayName: draft.name, phoneNumber: draft.phone });
  if (!updated.ok) {
    await removeUser(services, uid);
    if (updated.reason === "phoneTaken") return { ok: false, problem: "phoneTaken" };
    logError("signUp.google", undefined, uid, updated.reason);
    return { ok: false, problem: "unavailable" };
  }
  const stored = await storeProfile(services, uid, draft, language, now);
  if (!stored.ok) {
    await removeUser(services, uid);
    return stored;
  }
  // A token issued now carries the number too; Google's sign-in token above still does as a fallback.
  const fresh = await identity.signInAs(uid);
  if (!fresh.ok) logError("signUp.signIn", undefined, uid, fresh.reason);
  return { ok: true, uid, idToken: fresh.ok ? fresh.idToken : tokens.idToken };
}

export async function createAccount(
  services: AccountServices,
  draft: SignupDraft,
  language: string,
  now = Date.now(),
): Promise<CreateAccountResult> {
  const { identity } = services;
  if (!draft.terms || !draft.name || !draft.phone || !draft.nationality) return { ok: false, problem: "incomplete" };
  // The terms step refuses this already; an account is never made without the required terms, whatever the draft says.
  if (!(await joinTermsRecord(services, draft.terms))) return { ok: false, problem: "incomplete" };
  if (draft.kind === "google") return createGoogleAccount(services, draft, language, now);
  let password: string | null = null;
  if (draft.kind === "id" && draft.email && draft.sealedPassword) {
    try {
      password = unsealSecret(services.sessionSecret, draft.sealedPassword);
    } catch {
      // Sealed under a secret that has since changed: the member chooses the password again.
      return { ok: false, problem: "incomplete" };
    }
  }
  if (draft.kind === "id" && !password) return { ok: false, problem: "incomplete" };

  const created = await identity.createUser({
    displayName: draft.name,
    phoneNumber: draft.phone,
    ...(draft.kind === "id" ? { email: draft.email, password: password! } : {}),
  });
  let uid: string;
  if (created.ok) {
    uid = created.uid;
  } else {
    // The number or address taken, or no answer: an earlier try of this join may have made the account.
    const left = await leftoverOfThisJoin(services, draft, password);
    if (left) {
      uid = left;
    } else {
      if (created.reason === "emailTaken" || created.reason === "phoneTaken")
        return { ok: false, problem: created.reason };
      logError("signUp.createUser", undefined, undefined, created.reason);
      return { ok: false, problem: "unavailable" };
    }
  }

  const stored = await storeProfile(services, uid, draft, language, now);
  if (!stored.ok) {
    await removeUser(services, uid);
    return stored;
  }

  // The account is complete. Signing in is a convenience: if it fails, the member signs in later.
  const signedIn =
    draft.kind === "id" ? await identity.signInWithPassword(draft.email!, password!) : await identity.signInAs(uid);
  if (!signedIn.ok) {
    logError("signUp.signIn", undefined, uid, signedIn.reason);
    return { ok: true, uid, idToken: null };
  }
  return { ok: true, uid, idToken: signedIn.idToken };
}
