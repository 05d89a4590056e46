/** Members and their terms records in SQLite (tables `members`, `terms_agreements`). */
import { decodeCursor, pageOf } from "~/stores/cursor.server";
import type { MembersStore, NewMember, ProfileChanges, TermsRecord } from "~/stores/members";
import { pageSize } from "~/stores/page";
import { CHANGEABLE, memberValues, profileOf, type MemberRow } from "~/infra/rows/identity.server";
import type { Db } from "./database.server";
import { MEMBERS, REMINDERS_OF_MEMBER } from "~/infra/rows/statements.server";

const CURSOR_SCOPE = "members";

/** The constraint a failed insert broke, when it is one of ours. */
function takenBy(error: unknown): "uidTaken" | "phoneTaken" | null {
  const message = error instanceof Error ? error.message : "";
  if (!message.startsWith("UNIQUE constraint failed")) return null;
  if (message.includes("members.phone_number")) return "phoneTaken";
  if (message.includes("members.uid")) return "uidTaken";
  return null;
}

export function sqliteMemberStore(db: Db): MembersStore {
  const byUid = db.prepare(MEMBERS.profile);
  const byPhone = db.prepare(MEMBERS.byPhone);
  const uidExists = db.prepare(MEMBERS.exists);
  const insertMember = db.prepare(MEMBERS.insert);
  const insertTerms = db.prepare(
    "INSERT INTO terms_agreements (uid, document, version, agreed, recorded_at) VALUES (?, ?, ?, ?, ?)",
  );
  const firstPage = db.prepare(MEMBERS.firstPage);
  const pageAfter = db.prepare(MEMBERS.pageAfter);
  const termsOf = db.prepare(MEMBERS.terms);
  const upsertTerms = db.prepare(
    `INSERT INTO terms_agreements (uid, document, version, agreed, recorded_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (uid, document, version) DO UPDATE SET agreed = excluded.agreed, recorded_at = excluded.recorded_at`,
  );
  const recordTerms = db.transaction((uid: string, answers: readonly TermsRecord[]) => {
    if (!uidExists.get(uid)) return false;
    for (const line of answers) upsertTerms.run(uid, line.document, line.version, line.agreed ? 1 : 0, line.recordedAt);
    return true;
  });

  // IMMEDIATE: the checks and the inserts hold the write lock together, across connections too.
  const create = db.transaction((member: NewMember) => {
    if (uidExists.get(member.uid)) return { ok: false as const, problem: "uidTaken" as const };
    if (member.phoneNumber !== null && byPhone.get(member.phoneNumber)) {
      return { ok: false as const, problem: "phoneTaken" as const };
    }
    insertMember.run(
      ...memberValues(member),
      // An ID join sets a password; phone and Google joins have none until the member sets one.
      member.signUpMethod === "id" ? 1 : 0,
      member.createdAt,
      member.createdAt,
    );
    for (const line of member.terms) {
      insertTerms.run(member.uid, line.document, line.version, line.agreed ? 1 : 0, line.recordedAt);
    }
    return { ok: true as const };
  });

  const update = db.transaction((uid: string, changes: ProfileChanges, now: number) => {
    const row = byUid.get(uid) as MemberRow | undefined;
    if (!row) return { ok: false as const, problem: "notFound" as const };
    const fields = (Object.keys(CHANGEABLE) as (keyof ProfileChanges)[]).filter((f) => changes[f] !== undefined);
    if (changes.phoneNumber) {
      const holder = byPhone.get(changes.phoneNumber) as MemberRow | undefined;
      if (holder && holder.uid !== uid) return { ok: false as const, problem: "phoneTaken" as const };
    }
    if (fields.length) {
      const assignments = fields.map((f) => `${CHANGEABLE[f]} = ?`).join(", ");
      db.prepare(`UPDATE members SET ${assignments}, updated_at = ? WHERE uid = ?`).run(
        ...fields.map((f) => changes[f] ?? null),
        now,
        uid,
      );
    }
    return { ok: true as const, before: profileOf(row) };
  });

  const settingsOf = db.prepare(MEMBERS.settings);
  const setNotify = db.prepare(MEMBERS.setNotify);
  const setHasPassword = db.prepare("UPDATE members SET has_password = 1, updated_at = ? WHERE uid = ?");
  const insertWithdrawal = db.prepare(
    "INSERT OR REPLACE INTO withdrawals (uid, withdrawn_at, reason, terms) VALUES (?, ?, ?, ?)",
  );
  const deleteTerms = db.prepare("DELETE FROM terms_agreements WHERE uid = ?");
  const deleteMember = db.prepare("DELETE FROM members WHERE uid = ?");
  const deleteReminders = REMINDERS_OF_MEMBER.map((text) => db.prepare(text));
  const withdraw = db.transaction((uid: string, at: number, reason: string | null) => {
    if (!uidExists.get(uid)) return false;
    const terms = termsOf.all(uid);
    insertWithdrawal.run(uid, at, reason, JSON.stringify(terms));
    deleteTerms.run(uid);
    deleteMember.run(uid);
    // No device is called and nothing pending is sent once the member has gone.
    for (const statement of deleteReminders) statement.run(uid);
    return true;
  });

  return {
    async settings(uid) {
      const row = settingsOf.get(uid) as
        { notify_visa: number; notify_community: number; notify_notices: number; has_password: number } | undefined;
      if (!row) return null;
      return {
        notify: {
          visa: row.notify_visa === 1,
          community: row.notify_community === 1,
          notices: row.notify_notices === 1,
        },
        hasPassword: row.has_password === 1,
      };
    },

    async setNotify(uid, notify, now) {
      const bit = (on: boolean) => (on ? 1 : 0);
      return setNotify.run(bit(notify.visa), bit(notify.community), bit(notify.notices), now, uid).changes === 1;
    },

    async setHasPassword(uid, now) {
      return setHasPassword.run(now, uid).changes === 1;
    },

    async withdraw(uid, { at, reason }) {
      return withdraw.immediate(uid, at, reason);
    },

    async create(member) {
      try {
        return create.immediate(member);
      } catch (error) {
        const problem = takenBy(error);
        if (problem) return { ok: false, problem };
        throw error;
      }
    },

    async profile(uid) {
      const row = byUid.get(uid) as MemberRow | undefined;
      return row ? profileOf(row) : null;
    },

    async findByPhone(phoneNumber) {
      const row = byPhone.get(phoneNumber) as MemberRow | undefined;
      return row ? profileOf(row) : null;
    },

    async update(uid, changes, now) {
      try {
        return update.immediate(uid, changes, now);
      } catch (error) {
        if (takenBy(error) === "phoneTaken") return { ok: false, problem: "phoneTaken" };
        throw error;
      }
    },

    async page({ after, limit }) {
      const size = pageSize(limit);
      let rows: MemberRow[];
      if (after !== undefined && after !== null) {
        const position = decodeCursor(CURSOR_SCOPE, after);
        if (!position) return { ok: false, problem: "badCursor" };
        rows = pageAfter.all(position.createdAt, position.id, size + 1) as MemberRow[];
      } else {
        rows = firstPage.all(size + 1) as MemberRow[];
      }
      return pageOf(rows, size, CURSOR_SCOPE, profileOf, (m) => ({ createdAt: m.createdAt, id: m.uid }));
    },

    async terms(uid) {
      const rows = termsOf.all(uid) as { document: string; version: string; agreed: number; recorded_at: number }[];
      return rows.map((r) => ({
        document: r.document,
        version: r.version,
        agreed: r.agreed === 1,
        recordedAt: r.recorded_at,
      }));
    },

    async recordTerms(uid, answers) {
      return recordTerms.immediate(uid, answers);
    },
  };
}
