/**
 * Where an account's life crosses features: a Google identity that is no member yet
 * turns from a sign-in (auth) into a join (a signup draft), and withdrawal ends the
 * member (members) with everything they did in the community. Above auth, members,
 * signup and community, so that those never import one another for it
 * (docs/decisions/0049-account-lifecycle.md). The account itself is made from a
 * finished draft by signup (createAccount.server.ts).
 */
import type { FlowServices } from "~/auth/flow.server";
import type { GoogleCredential, GoogleIdentity } from "~/auth/google.server";
import { deleteFiles, unnamedLike } from "~/community/community.server";
import type { Services } from "~/context";
import { log } from "~/infra/log.server";
import { ATTEMPTS, attempt, type AccountChange } from "~/members/account.server";
import { cleanName, nameProblem } from "~/members/names";
import { sealSecret, signupDrafts } from "~/signup/draft.server";
import { firstStep, firstUnfinishedStep, type SignupDraft } from "~/signup/steps";
import { revokeAllPartners } from "~/sso/partners.server";

/**
 * Starts joining with Google: a draft holding the sealed token, with Google's name
 * as the suggested name. A browser already joining with the same Google identity
 * keeps its answers and only gets the fresh token. Resolves with where to go next
 * and the Set-Cookie values to send.
 */
export async function startGoogleJoin(
  request: Request,
  services: FlowServices,
  identity: GoogleIdentity,
  credential: GoogleCredential,
  requestUri: string,
  /** A partner's request the visitor signs in on the way to: the join ends there (SignupDraft.returnTo). */
  returnTo?: string,
): Promise<{ to: string; cookies: string[] }> {
  const drafts = signupDrafts(services);
  const google = {
    subject: identity.subject,
    email: identity.email,
    sealedToken: sealSecret(services.sessionSecret, credential.idToken),
    rawNonce: credential.rawNonce,
    requestUri,
  };
  const open = await drafts.read(request, "google");
  if (open?.draft.google?.subject === identity.subject) {
    const draft: SignupDraft = { ...open.draft, google };
    return { to: firstUnfinishedStep("google", draft), cookies: [await drafts.save({ id: open.id, draft })] };
  }
  const name = cleanName(identity.name);
  const draft: SignupDraft = {
    kind: "google",
    google,
    ...(nameProblem(name) ? {} : { name }),
    ...(returnTo ? { returnTo } : {}),
  };
  return { to: firstStep("google"), cookies: (await drafts.start(request, draft)).cookies };
}

/**
 * Withdrawal: the profile and terms record go (the withdrawal record stays, 5 years),
 * with the member's notifications; every session ends; then the Firebase account is
 * deleted, which frees the ID and the number for a new join. This runs the other way
 * round from a change on both sides (members/account.server.ts) for the same reason:
 * if Firebase cannot be told, the account is left without a profile, which cannot
 * sign in, and is removed by the account check (auth/accountCheck.server.ts).
 */
export async function withdraw(
  services: Pick<Services, "stores" | "identity" | "files">,
  uid: string,
  reason: string | null,
  now = Date.now(),
): Promise<AccountChange> {
  const { stores, identity } = services;
  // First what they wrote and did in the community (feeds with everything on them, comments, likes,
  // reports, photos), and their name out of others' inboxes (a like notification keeps the count only):
  // if that cannot be done, nothing is, and they may try again; nothing is left orphaned.
  const community = await attempt("account.withdraw.community", uid, () => stores.feeds.removeMember(uid, unnamedLike));
  if (community === "failed") return { ok: false, problem: "saveFailed" };
  await deleteFiles(services, community.releasedFiles);
  const withdrawn = await attempt("account.withdraw", uid, () => stores.members.withdraw(uid, { at: now, reason }));
  if (withdrawn === "failed") return { ok: false, problem: "saveFailed" };
  await attempt("account.withdraw.notifications", uid, () => stores.notifications.removeAllFor(uid));
  await attempt("account.withdraw.sessions", uid, () => stores.revocations.revoke(uid, now));
  // The partners they let in (single sign-on): their consents and every token they hold end now.
  await attempt("account.withdraw.partners", uid, () => revokeAllPartners(services, uid));
  for (let i = 1; i <= ATTEMPTS; i++) {
    const deleted = await identity.deleteUser(uid);
    if (deleted.ok || deleted.reason === "notFound") return { ok: true };
  }
  log.error("account.withdraw.accountLeft", undefined, { uid });
  return { ok: true };
}
