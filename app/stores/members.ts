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

export interface MembersStore {
  /** Stores the profile and the terms record as one; a taken uid or phone number is a problem, not an error. */
  create(member: NewMember): Promise<CreateMemberResult>;
  profile(uid: string): Promise<MemberProfile | null>;
  findByPhone(phoneNumber: string): Promise<MemberProfile | null>;
  /** Every member exactly once across pages, oldest first. */
  page(query: PageQuery): Promise<PageResult<MemberProfile>>;
  /** The member's terms record, by document; empty for no such member. */
  terms(uid: string): Promise<TermsRecord[]>;
}
