/**
 * Members: the profile the app keeps beside the identity provider's user (same
 * uid), and the record of the terms each member agreed to (or declined). Made
 * together in one call, so a member never exists without their terms record.
 */
import type { PageQuery, PageResult } from "./page";

export type SignUpMethod = "id" | "phone" | "google";

export interface MemberProfile {
  uid: string;
  name: string;
  language: string;
  /** E.164; unique among members. */
  phoneNumber: string | null;
  nationality: string | null;
  visa: string | null;
  visaExpiresOn: string | null;
  /** "yyyy-mm-dd", optional (/mypage/visa): the passport reminders follow it. */
  passportExpiresOn: string | null;
  signUpMethod: SignUpMethod;
  /** ms since the epoch. */
  createdAt: number;
}

/** One line of a member's terms record: a document, its version, and the answer. */
export interface TermsRecord {
  document: string;
  version: string;
  agreed: boolean;
  recordedAt: number;
}

export interface NewMember {
  uid: string;
  name: string;
  language: string;
  phoneNumber: string | null;
  nationality: string;
  visa: string | null;
  visaExpiresOn: string | null;
  signUpMethod: SignUpMethod;
  /** Every document of the terms with the member's answer: stored with the profile, or neither is. */
  terms: TermsRecord[];
  createdAt: number;
}

export type CreateMemberResult = { ok: true } | { ok: false; problem: "uidTaken" | "phoneTaken" };

/** What a member can change on their profile; a field left out stays as it is. */
export interface ProfileChanges {
  name?: string;
  language?: string;
  /** E.164; unique among members. */
  phoneNumber?: string | null;
  nationality?: string | null;
  visa?: string | null;
  visaExpiresOn?: string | null;
  passportExpiresOn?: string | null;
}

/** Which notifications the member wants in their inbox. */
export interface NotificationChoices {
  visa: boolean;
  community: boolean;
  notices: boolean;
}

/** A member's settings beside the profile. */
export interface MemberSettings {
  notify: NotificationChoices;
  /** The account can sign in with a password (ID joins; others once they set one). */
  hasPassword: boolean;
}

/** What stays after a withdrawal (5 years): no name, number or ID. */
export interface Withdrawal {
  at: number;
  /** The member's own words, if they gave any. */
  reason: string | null;
}

/** A change made, with the profile as it was (to undo it when the identity provider's side fails), or why not. */
export type UpdateMemberResult =
  { ok: true; before: MemberProfile } | { ok: false; problem: "notFound" | "phoneTaken" };

export interface MembersStore {
  /** Stores the profile and the terms record as one; a taken uid or phone number is a problem, not an error. */
  create(member: NewMember): Promise<CreateMemberResult>;
  profile(uid: string): Promise<MemberProfile | null>;
  findByPhone(phoneNumber: string): Promise<MemberProfile | null>;
  settings(uid: string): Promise<MemberSettings | null>;
  setNotify(uid: string, notify: NotificationChoices, now: number): Promise<boolean>;
  setHasPassword(uid: string, now: number): Promise<boolean>;
  /**
   * Deletes the profile and its terms record and keeps the withdrawal record (with the
   * terms answers) in their place, as one. False when there was no such member.
   */
  withdraw(uid: string, withdrawal: Withdrawal): Promise<boolean>;
  /** Changes the given fields as one; a phone number another member holds is a problem, not an error. */
  update(uid: string, changes: ProfileChanges, now: number): Promise<UpdateMemberResult>;
  /** Every member exactly once across pages, oldest first. */
  page(query: PageQuery): Promise<PageResult<MemberProfile>>;
  /** The member's terms record, by document; empty for no such member. */
  terms(uid: string): Promise<TermsRecord[]>;
  /**
   * Adds answers to a member's terms record as one (a new version agreed to, or declined); an answer to a version
   * already answered replaces it. False when there is no such member (withdrawn meanwhile): nothing is written.
   */
  recordTerms(uid: string, answers: readonly TermsRecord[]): Promise<boolean>;
}
