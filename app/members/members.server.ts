/**
 * Member profiles: what the app keeps beside the Firebase Auth user (same uid),
 * and the record of the terms each member agreed to.
 */
import type { Db } from "~/infra/sqlite/database.server";
// Relative, not "~/": server.ts's bundle reaches this module (the start-up account check), and its
// esbuild keeps "~/…" paths as external packages.
import { termsDocuments, type TermsChoices } from "../signup/terms";

export interface NewMember {
  uid: string;
  name: string;
  language: string;
  phoneNumber: string | null;
  nationality: string;
  visa: string | null;
  visaExpiresOn: string | null;
  signUpMethod: "id" | "phone" | "google";
  terms: { choices: TermsChoices; at: number };
}

export interface MemberProfile {
  uid: string;
  name: string;
  language: string;
  phoneNumber: string | null;
  nationality: string | null;
  visa: string | null;
  visaExpiresOn: string | null;
  signUpMethod: NewMember["signUpMethod"];
}

export interface TermsRecord {
  document: string;
  version: string;
  agreed: boolean;
  recordedAt: number;
}

/** Stores a new member's profile and terms record in one transaction. */
export function insertMember(db: Db, member: NewMember, now = Date.now()) {
  db.transaction(() => {
    db.prepare(
      `INSERT INTO members (uid, name, language, phone_number, nationality, visa, visa_expires_on,
                            sign_up_method, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      member.uid,
      member.name,
      member.language,
      member.phoneNumber,
      member.nationality,
      member.visa,
      member.visaExpiresOn,
      member.signUpMethod,
      now,
      now,
    );
    const record = db.prepare(
      "INSERT INTO terms_agreements (uid, document, version, agreed, recorded_at) VALUES (?, ?, ?, ?, ?)",
    );
    for (const doc of termsDocuments) {
      record.run(member.uid, doc.id, doc.version, member.terms.choices[doc.id] ? 1 : 0, member.terms.at);
    }
  })();
}

export function memberProfile(db: Db, uid: string): MemberProfile | null {
  const row = db
    .prepare(
      `SELECT uid, name, language, phone_number, nationality, visa, visa_expires_on, sign_up_method
       FROM members WHERE uid = ?`,
    )
    .get(uid) as
    | {
        uid: string;
        name: string;
        language: string;
        phone_number: string | null;
        nationality: string | null;
        visa: string | null;
        visa_expires_on: string | null;
        sign_up_method: NewMember["signUpMethod"];
      }
    | undefined;
  if (!row) return null;
  return {
    uid: row.uid,
    name: row.name,
    language: row.language,
    phoneNumber: row.phone_number,
    nationality: row.nationality,
    visa: row.visa,
    visaExpiresOn: row.visa_expires_on,
    signUpMethod: row.sign_up_method,
  };
}

export function termsRecord(db: Db, uid: string): TermsRecord[] {
  const rows = db
    .prepare("SELECT document, version, agreed, recorded_at FROM terms_agreements WHERE uid = ? ORDER BY document")
    .all(uid) as { document: string; version: string; agreed: number; recorded_at: number }[];
  return rows.map((r) => ({
    document: r.document,
    version: r.version,
    agreed: r.agreed === 1,
    recordedAt: r.recorded_at,
  }));
}

/** Every member's uid (the start-up check compares them with Firebase's accounts). */
export function memberUids(db: Db): string[] {
  return (db.prepare("SELECT uid FROM members").all() as { uid: string }[]).map((r) => r.uid);
}
