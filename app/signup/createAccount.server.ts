/**
 * The last step of both sign-up flows: the Firebase Auth user and the member's
 * profile are made together, or neither is. The user is made first (Firebase
 * refuses a taken e-mail or number atomically); if the profile cannot be stored,
 * the user is deleted again. Then the member is signed in with a fresh ID token.
 */
import { insertMember } from "~/members/members.server";
import type { Services } from "~/services.server";
import { unsealPassword } from "./draft.server";
import type { SignupDraft } from "./steps";

export type CreateAccountResult =
  | { ok: true; uid: string; idToken: string | null }
  | { ok: false; problem: "emailTaken" | "phoneTaken" | "incomplete" | "unavailable" };

function codeOf(error: unknown): string {
  return typeof error === "object" && error && "code" in error ? String((error as { code: unknown }).code) : "";
}

export async function createAccount(
  services: Services,
  draft: SignupDraft,
  language: string,
  now = Date.now(),
): Promise<CreateAccountResult> {
  const { auth, toolkit } = services.identity;
  if (!draft.terms || !draft.name || !draft.phone || !draft.nationality) return { ok: false, problem: "incomplete" };
  let password: string | null = null;
  if (draft.kind === "id" && draft.email && draft.sealedPassword) {
    try {
      password = unsealPassword(services.sessionSecret, draft.sealedPassword);
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
    console.error(JSON.stringify({ level: "error", event: "signUp.createUser", error: String(error) }));
    return { ok: false, problem: "unavailable" };
  }

  try {
    insertMember(
      services.db,
      {
        uid,
        name: draft.name,
        language,
        phoneNumber: draft.phone,
        nationality: draft.nationality,
        visa: draft.visa ?? null,
        visaExpiresOn: draft.visaExpiry || null,
        signUpMethod: draft.kind,
        terms: draft.terms,
      },
      now,
    );
  } catch (error) {
    // No half-made accounts: without its profile the Firebase user goes too.
    console.error(JSON.stringify({ level: "error", event: "signUp.profile", uid, error: String(error) }));
    await auth
      .deleteUser(uid)
      .catch((cleanup: unknown) =>
        console.error(JSON.stringify({ level: "error", event: "signUp.cleanup", uid, error: String(cleanup) })),
      );
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
    console.error(JSON.stringify({ level: "error", event: "signUp.signIn", uid, error: String(error) }));
    return { ok: true, uid, idToken: null };
  }
}
