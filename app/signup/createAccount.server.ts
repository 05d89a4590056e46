/**
 * The last step of every sign-up flow: the Firebase Auth user and the member's
 * profile are made together, or neither is. The user is made first (Firebase
 * refuses a taken e-mail or number atomically); if the profile cannot be stored,
 * the user is deleted again. Then the member is signed in with a fresh ID token.
 * Joining with Google, the user is made by signing in with the Google token kept
 * in the draft, then given the verified number and the name.
 */
import type { Auth } from "firebase-admin/auth";
import { isBareGoogleUser } from "~/auth/google.server";
import { insertMember, memberProfile } from "~/members/members.server";
import type { Services } from "~/infra/services.server";
import { unsealSecret } from "./draft.server";
import { requiredTermsAgreed } from "./terms";
import type { SignupDraft } from "./steps";
import { log } from "~/infra/log.server";

export type CreateAccountResult =
  | { ok: true; uid: string; idToken: string | null }
  | { ok: false; problem: "emailTaken" | "phoneTaken" | "googleExpired" | "incomplete" | "unavailable" };

function codeOf(error: unknown): string {
  return typeof error === "object" && error && "code" in error ? String((error as { code: unknown }).code) : "";
}

function logError(event: string, error: unknown, uid?: string) {
  log.error(event, error, { ...(uid ? { uid } : {}) });
}

/** No half-made accounts: without its profile the Firebase user goes too. */
async function removeUser(auth: Auth, uid: string) {
  await auth.deleteUser(uid).catch((error: unknown) => logError("signUp.cleanup", error, uid));
}

/** The member's profile and terms record; false when they could not be stored. */
function storeProfile(services: Services, uid: string, draft: SignupDraft, language: string, now: number): boolean {
  try {
    insertMember(
      services.db,
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
    return true;
  } catch (error) {
    logError("signUp.profile", error, uid);
    return false;
  }
}

async function createGoogleAccount(
  services: Services,
  draft: SignupDraft,
  language: string,
  now: number,
): Promise<CreateAccountResult> {
  const { auth, toolkit } = services.identity;
  if (!draft.google) return { ok: false, problem: "incomplete" };
  let tokens;
  try {
    const googleIdToken = unsealSecret(services.sessionSecret, draft.google.sealedToken);
    tokens = await toolkit.signInWithGoogle(googleIdToken, draft.google.requestUri, draft.google.rawNonce);
  } catch (error) {
    // Google's ID token lives an hour (or was sealed under an older secret): the member signs in with Google again.
    logError("signUp.google", error);
    return { ok: false, problem: "googleExpired" };
  }
  const uid = tokens.uid;
  // Finished in another tab a moment ago: this is now a sign-in.
  if (memberProfile(services.db, uid)) return { ok: true, uid, idToken: tokens.idToken };
  try {
    if (!isBareGoogleUser(await auth.getUser(uid))) return { ok: false, problem: "emailTaken" };
    await auth.updateUser(uid, { displayName: draft.name, phoneNumber: draft.phone });
  } catch (error) {
    await removeUser(auth, uid);
    if (codeOf(error) === "auth/phone-number-already-exists") return { ok: false, problem: "phoneTaken" };
    logError("signUp.google", error, uid);
    return { ok: false, problem: "unavailable" };
  }
  if (!storeProfile(services, uid, draft, language, now)) {
    await removeUser(auth, uid);
    return { ok: false, problem: "unavailable" };
  }
  // A token issued now carries the number too; Google's sign-in token above still does as a fallback.
  try {
    return { ok: true, uid, idToken: (await toolkit.signInWithCustomToken(await auth.createCustomToken(uid))).idToken };
  } catch (error) {
    logError("signUp.signIn", error, uid);
    return { ok: true, uid, idToken: tokens.idToken };
  }
}

export async function createAccount(
  services: Services,
  draft: SignupDraft,
  language: string,
  now = Date.now(),
): Promise<CreateAccountResult> {
  const { auth, toolkit } = services.identity;
  if (!draft.terms || !draft.name || !draft.phone || !draft.nationality) return { ok: false, problem: "incomplete" };
  // The terms step refuses this already; an account is never made without the required terms, whatever the draft says.
  if (!requiredTermsAgreed(draft.terms.choices)) return { ok: false, problem: "incomplete" };
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

  let uid: string;
  try {
    const user = await auth.createUser({
      displayName: draft.name,
      phoneNumber: draft.phone,
      ...(draft.kind === "id" ? { email: draft.email, password: password!, emailVerified: false } : {}),
    });
    uid = user.uid;
  } catch (error) {
    const code = codeOf(error);
    if (code === "auth/email-already-exists") return { ok: false, problem: "emailTaken" };
    if (code === "auth/phone-number-already-exists") return { ok: false, problem: "phoneTaken" };
    logError("signUp.createUser", error);
    return { ok: false, problem: "unavailable" };
  }

  if (!storeProfile(services, uid, draft, language, now)) {
    await removeUser(auth, uid);
    return { ok: false, problem: "unavailable" };
  }

  // The account is complete. Signing in is a convenience: if it fails, the member signs in later.
  try {
    const tokens =
      draft.kind === "id"
        ? await toolkit.signInWithPassword(draft.email!, password!)
        : await toolkit.signInWithCustomToken(await auth.createCustomToken(uid));
    return { ok: true, uid, idToken: tokens.idToken };
  } catch (error) {
    logError("signUp.signIn", error, uid);
    return { ok: true, uid, idToken: null };
  }
}
