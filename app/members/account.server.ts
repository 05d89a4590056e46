/**
 * My page: what the settings screen shows a member, and the changes they make to
 * their own account.
 *
 * A change that touches both Firebase Auth and the profile never leaves them
 * disagreeing (docs/decisions/0034-account-changes-on-two-sides.md): the profile is
 * changed first (the store answers "taken" before anything is sent to Firebase), then
 * Firebase; when Firebase refuses or cannot be reached, the profile is put back as it
 * was, retried, and the member is told nothing changed. Withdrawal, which also ends
 * the member's part in the community, is account/lifecycle.server.ts.
 *
 * The settings screen reads the database only: no call to Firebase on that path.
 */
import { flow, type FlowServices } from "~/auth/flow.server";
import { passwordAttempts } from "~/auth/passwordAttempts.server";
import { maskPhoneNumber } from "~/phone/phoneNumber.server";
import { revokeSessions, startSession, type SessionMember, type SessionServices } from "~/auth/session.server";
import type { ProblemName } from "~/forms/form.server";
import { log } from "~/infra/log.server";
import type { Services } from "~/context";
import type { MemberProfile, NotificationChoices, ProfileChanges } from "~/stores/members";
import { legacyVisa, statusOfVisa } from "~/visa/catalogue";
import { visaLabel } from "~/visa/catalogue.server";
import { nextReminder, type NextReminder } from "~/visa/reminders";
import { stayOutlook, type StayOutlook } from "~/visa/stay";
import { countryName } from "~/countries/countries.server";

/** How many times a step that must not be left half done is tried before it is reported. */
export const ATTEMPTS = 3;

export type AccountChange = { ok: true } | { ok: false; problem: ProblemName };

export interface SettingsView {
  name: string;
  /** The e-mail the member signs in with, when the account has a password. */
  signInId: string | null;
  /** Masked ("010-****-5678"). */
  phone: string | null;
  nationality: { code: string; name: string } | null;
  /** The stored visa, named in the member's language and in Korean (as on the residence card). */
  visa: {
    code: string;
    status: string;
    label: string;
    koreanLabel: string;
    /** The code is one only older residence cards show: what to offer instead (a code, or null when abolished). */
    legacy: { currentEquivalent: string | null } | null;
  } | null;
  stay: StayOutlook | null;
  /** The passport's expiry ("yyyy-mm-dd"), when the member gave it (/mypage/visa). */
  passportExpiresOn: string | null;
  /** The next visa reminder, when the member wants them. */
  nextReminder: NextReminder | null;
  notify: NotificationChoices;
  hasPassword: boolean;
  signUpMethod: MemberProfile["signUpMethod"];
}

/** The settings screen's data, or null when the session's member has no profile (withdrawn meanwhile). */
export async function settingsView(
  services: Pick<Services, "stores">,
  member: SessionMember,
  lng: string,
  today: string,
): Promise<SettingsView | null> {
  const [profile, settings] = await Promise.all([
    services.stores.members.profile(member.uid),
    services.stores.members.settings(member.uid),
  ]);
  if (!profile || !settings) return null;
  const status = profile.visa ? statusOfVisa(profile.visa) : null;
  const [label, koreanLabel] =
    status && profile.visa ? await Promise.all([visaLabel(profile.visa, lng), visaLabel(profile.visa, "ko")]) : [];
  return {
    name: profile.name,
    signInId: settings.hasPassword ? member.email : null,
    phone: profile.phoneNumber ? maskPhoneNumber(profile.phoneNumber) : null,
    nationality: profile.nationality
      ? { code: profile.nationality, name: countryName(profile.nationality, lng) }
      : null,
    visa:
      status && label && koreanLabel
        ? { code: profile.visa!, status: status.code, label, koreanLabel, legacy: legacyOf(profile.visa!) }
        : null,
    stay: profile.visaExpiresOn ? stayOutlook(profile.visaExpiresOn, today) : null,
    passportExpiresOn: profile.passportExpiresOn,
    nextReminder: profile.visaExpiresOn && settings.notify.visa ? nextReminder(profile.visaExpiresOn, today) : null,
    notify: settings.notify,
    hasPassword: settings.hasPassword,
    signUpMethod: profile.signUpMethod,
  };
}

function legacyOf(code: string): { currentEquivalent: string | null } | null {
  const legacy = legacyVisa(code);
  return legacy ? { currentEquivalent: legacy.currentEquivalent } : null;
}

/** A step tried up to ATTEMPTS times, each failure logged; "failed" when none succeeded. */
export async function attempt<T>(what: string, uid: string, step: () => Promise<T>): Promise<T | "failed"> {
  for (let i = 1; i <= ATTEMPTS; i++) {
    try {
      return await step();
    } catch (error) {
      log.error(what, error, { uid, attempt: i });
    }
  }
  return "failed";
}

/** Changes profile fields that the identity provider does not hold (nationality, visa, expiry date). */
export async function changeProfile(
  services: Pick<Services, "stores">,
  uid: string,
  changes: Omit<ProfileChanges, "name" | "phoneNumber">,
  now = Date.now(),
): Promise<AccountChange> {
  const changed = await attempt("account.changeProfile", uid, () => services.stores.members.update(uid, changes, now));
  return changed !== "failed" && changed.ok ? { ok: true } : { ok: false, problem: "saveFailed" };
}

export async function changeNotifications(
  services: Pick<Services, "stores">,
  uid: string,
  notify: NotificationChoices,
  now = Date.now(),
): Promise<AccountChange> {
  const changed = await attempt("account.notifications", uid, () =>
    services.stores.members.setNotify(uid, notify, now),
  );
  return changed === true ? { ok: true } : { ok: false, problem: "saveFailed" };
}

/**
 * A change held on both sides (the name, the phone number): the profile first, then
 * Firebase; if Firebase does not take it, the profile is put back.
 */
async function changeOnBothSides(
  services: Pick<Services, "stores" | "identity">,
  uid: string,
  changes: Pick<ProfileChanges, "name" | "phoneNumber">,
  now: number,
): Promise<AccountChange> {
  const { members } = services.stores;
  const changed = await attempt("account.change.profile", uid, () => members.update(uid, changes, now));
  if (changed === "failed") return { ok: false, problem: "saveFailed" };
  if (!changed.ok) return { ok: false, problem: changed.problem === "phoneTaken" ? "phoneTaken" : "saveFailed" };
  const auth = await services.identity.updateUser(uid, {
    ...(changes.name !== undefined ? { displayName: changes.name } : {}),
    ...(changes.phoneNumber ? { phoneNumber: changes.phoneNumber } : {}),
  });
  if (auth.ok) return { ok: true };
  const { before } = changed;
  const undo: ProfileChanges = {
    ...(changes.name !== undefined ? { name: before.name } : {}),
    ...(changes.phoneNumber !== undefined ? { phoneNumber: before.phoneNumber } : {}),
  };
  const undone = await attempt("account.change.undo", uid, () => members.update(uid, undo, now));
  if (undone === "failed" || !undone.ok) {
    // Reported for the operator: the profile holds what Firebase refused.
    log.error("account.change.disagree", undefined, { uid, fields: Object.keys(changes).join(",") });
  }
  return { ok: false, problem: auth.reason === "phoneTaken" ? "phoneTaken" : "saveFailed" };
}

export function changeName(
  services: Pick<Services, "stores" | "identity">,
  uid: string,
  name: string,
  now = Date.now(),
): Promise<AccountChange> {
  return changeOnBothSides(services, uid, { name }, now);
}

/** `phoneNumber`: E.164, already proven by a code sent to it. */
export async function changePhoneNumber(
  services: Pick<Services, "stores" | "identity">,
  uid: string,
  phoneNumber: string,
  now = Date.now(),
): Promise<AccountChange> {
  const profile = await services.stores.members.profile(uid);
  if (profile?.phoneNumber === phoneNumber) return { ok: false, problem: "sameNumber" };
  const changed = await changeOnBothSides(services, uid, { phoneNumber }, now);
  // Another member's number (on the profile or in Firebase): said as such to whoever just proved they hold it.
  return !changed.ok && changed.problem === "phoneTaken" ? { ok: false, problem: "phoneInUse" } : changed;
}

/** A phone change between the new number and its code: whose, which number, which code. */
export interface PhoneChangeFlow {
  uid: string;
  phone: string;
  codeId: string;
}

export const phoneChangeFlow = (services: FlowServices) =>
  flow<PhoneChangeFlow>(services, "phoneChange", { cookie: "__phone_change", ttlMs: 10 * 60_000 });

/** A new session for this browser, after every session of the member was ended. */
export type PasswordChange = { ok: true; setCookie: string | null } | { ok: false; problem: ProblemName };

/**
 * Changes the password of an account that has one: the current password is checked
 * (counted against the ID like a sign-in), every session ends, and this browser gets
 * a new one (null when it could not be made: the member signs in with the new password).
 */
export async function changePassword(
  services: SessionServices,
  member: SessionMember,
  current: string,
  next: string,
  now = Date.now(),
): Promise<PasswordChange> {
  const { identity } = services;
  if (!member.email) return { ok: false, problem: "saveFailed" };
  const attempts = passwordAttempts(services);
  const lockedUntil = await attempts.lockedUntil(member.email, now);
  if (lockedUntil) return { ok: false, problem: "tooManyAttempts" };
  const checked = await identity.signInWithPassword(member.email, current);
  if (!checked.ok) {
    if (checked.reason === "wrongCredentials") {
      await attempts.failed(member.email, now);
      return { ok: false, problem: "wrongPassword" };
    }
    return { ok: false, problem: checked.reason === "tooManyAttempts" ? "tooManyAttempts" : "unavailable" };
  }
  if (checked.uid !== member.uid) return { ok: false, problem: "wrongPassword" };
  await attempts.succeeded(member.email);
  if (current === next) return { ok: false, problem: "samePassword" };
  const set = await identity.setPassword(member.uid, next);
  if (!set.ok) return { ok: false, problem: set.reason === "weakPassword" ? "passwordCommon" : "saveFailed" };
  return { ok: true, setCookie: await renewSession(services, member.uid, now) };
}

/**
 * A first password for an account made by phone or Google: Firebase takes the e-mail
 * as the ID and the password; then the profile records that the account has one
 * (retried: should it still fail, the page offers "set a password" again, which is
 * harmless, while ID sign-in already works).
 */
export async function setFirstPassword(
  services: SessionServices,
  member: SessionMember,
  email: string,
  password: string,
  now = Date.now(),
): Promise<PasswordChange> {
  const { identity, stores } = services;
  const settings = await stores.members.settings(member.uid);
  if (!settings) return { ok: false, problem: "saveFailed" };
  if (settings.hasPassword) return { ok: false, problem: "saveFailed" };
  if (email !== member.email) {
    const moved = await identity.updateUser(member.uid, { email });
    if (!moved.ok) return { ok: false, problem: moved.reason === "emailTaken" ? "emailTaken" : "saveFailed" };
  }
  const set = await identity.setPassword(member.uid, password);
  if (!set.ok) return { ok: false, problem: set.reason === "weakPassword" ? "passwordCommon" : "saveFailed" };
  const recorded = await attempt("account.firstPassword", member.uid, () =>
    stores.members.setHasPassword(member.uid, now),
  );
  if (recorded !== true) log.error("account.firstPassword.unrecorded", undefined, { uid: member.uid });
  return { ok: true, setCookie: await renewSession(services, member.uid, now) };
}

/** Ends every session of the member and makes a new one for this browser. */
async function renewSession(services: SessionServices, uid: string, now: number): Promise<string | null> {
  await revokeSessions(services, uid, now);
  const signedIn = await services.identity.signInAs(uid);
  if (!signedIn.ok) return null;
  const session = await startSession(services, signedIn.idToken, Math.max(now, Date.now()));
  return session.ok ? session.setCookie : null;
}
