/** Members and their terms records in PostgreSQL (tables `members`, `terms_agreements`, `withdrawals`). */
import { decodeCursor, pageOf } from "~/stores/cursor.server";
import type { MembersStore, MemberSettings, ProfileChanges, TermsRecord } from "~/stores/members";
import { pageSize } from "~/stores/page";
import { CHANGEABLE, memberValues, profileOf, type MemberRow } from "~/infra/rows/identity.server";
import type { Pg, Sql } from "./database.server";
import { numbered, numberedAll } from "~/infra/rows/placeholders.server";
import { MEMBERS, REMINDERS_OF_MEMBER } from "~/infra/rows/statements.server";

const SQL = numberedAll(MEMBERS);
const REMINDERS_SQL = REMINDERS_OF_MEMBER.map(numbered);

export interface TermsRow {
  document: string;
  version: string;
  agreed: boolean;
  recorded_at: number;
}

export const termsRecordOf = (r: TermsRow): TermsRecord => ({
  document: r.document,
  version: r.version,
  agreed: r.agreed,
  recordedAt: r.recorded_at,
});

export interface SettingsRow {
  notify_visa: boolean;
  notify_community: boolean;
  notify_notices: boolean;
  has_password: boolean;
}

export const settingsOf = (row: SettingsRow): MemberSettings => ({
  notify: { visa: row.notify_visa, community: row.notify_community, notices: row.notify_notices },
  hasPassword: row.has_password,
});

const CURSOR_SCOPE = "members";

/** The constraint a failed statement broke, when it is one of ours (23505: unique violation). */
function takenBy(error: unknown): "uidTaken" | "phoneTaken" | null {
  const { code, constraint } = error as { code?: string; constraint?: string };
  if (code !== "23505") return null;
  if (constraint === "members_by_phone") return "phoneTaken";
  if (constraint === "members_pkey") return "uidTaken";
  return null;
}

/**
 * Inserts or replaces answers in a member's terms record, in one statement. An answer given twice in one
 * call keeps the last (as one row after the other would): PostgreSQL refuses to touch a row twice in one upsert.
 */
async function upsertTerms(sql: Sql, uid: string, answers: readonly TermsRecord[]) {
  const last = new Map(answers.map((a) => [`${a.document}\u0000${a.version}`, a]));
  if (!last.size) return;
  const params: unknown[] = [uid];
  const rows = [...last.values()].map((a) => {
    params.push(a.document, a.version, a.agreed, a.recordedAt);
    const n = params.length;
    return `($1, $${n - 3}, $${n - 2}, $${n - 1}::boolean, $${n}::bigint)`;
  });
  await sql.run(
    `INSERT INTO terms_agreements (uid, document, version, agreed, recorded_at) VALUES ${rows.join(", ")}
     ON CONFLICT (uid, document, version) DO UPDATE SET agreed = excluded.agreed, recorded_at = excluded.recorded_at`,
    params,
  );
}

export function pgMemberStore(db: Pg): MembersStore {
  return {
    async create(member) {
      // The unique indexes decide (uid, phone number), so no read comes first; the profile and its terms
      // are one transaction, so neither is stored without the other.
      try {
        return await db.tx(async (sql) => {
          await sql.run(SQL.insert, [
            ...memberValues(member),
            // An ID join sets a password; phone and Google joins have none until the member sets one.
            member.signUpMethod === "id",
            member.createdAt,
            member.createdAt,
          ]);
          await upsertTerms(sql, member.uid, member.terms);
          return { ok: true as const };
        });
      } catch (error) {
        const problem = takenBy(error);
        if (problem) return { ok: false, problem };
        throw error;
      }
    },

    async profile(uid) {
      const row = await db.row<MemberRow>(SQL.profile, [uid]);
      return row ? profileOf(row) : null;
    },

    async findByPhone(phoneNumber) {
      const row = await db.row<MemberRow>(SQL.byPhone, [phoneNumber]);
      return row ? profileOf(row) : null;
    },

    async settings(uid) {
      const row = await db.row<SettingsRow>(SQL.settings, [uid]);
      return row ? settingsOf(row) : null;
    },

    async setNotify(uid, notify, now) {
      const changed = await db.run(SQL.setNotify, [notify.visa, notify.community, notify.notices, now, uid]);
      return changed === 1;
    },

    async setHasPassword(uid, now) {
      return (await db.run("UPDATE members SET has_password = true, updated_at = $1 WHERE uid = $2", [now, uid])) === 1;
    },

    async withdraw(uid, { at, reason }) {
      return db.tx(async (sql) => {
        // The terms answers first: deleting the member deletes them (ON DELETE CASCADE).
        const terms = await sql.rows<TermsRow>(SQL.terms, [uid]);
        const gone = await sql.row<{ uid: string }>("DELETE FROM members WHERE uid = $1 RETURNING uid", [uid]);
        if (!gone) return false;
        // No device is called and nothing pending is sent once the member has gone.
        for (const statement of REMINDERS_SQL) await sql.run(statement, [uid]);
        // Kept in SQLite's shape (agreed as 0/1), so both engines' records read alike.
        const record = terms.map((t) => ({ ...t, agreed: t.agreed ? 1 : 0 }));
        await sql.run(
          `INSERT INTO withdrawals (uid, withdrawn_at, reason, terms) VALUES ($1, $2, $3, $4)
           ON CONFLICT (uid, withdrawn_at) DO UPDATE SET reason = excluded.reason, terms = excluded.terms`,
          [uid, at, reason, JSON.stringify(record)],
        );
        return true;
      });
    },

    async update(uid, changes, now) {
      const fields = (Object.keys(CHANGEABLE) as (keyof ProfileChanges)[]).filter((f) => changes[f] !== undefined);
      try {
        return await db.tx(async (sql) => {
          const row = await sql.row<MemberRow>(SQL.profile, [uid]);
          if (!row) return { ok: false as const, problem: "notFound" as const };
          if (fields.length) {
            // A number another member holds breaks members_by_phone: caught below as "phoneTaken".
            const assignments = fields.map((f, i) => `${CHANGEABLE[f]} = $${i + 1}`).join(", ");
            const n = fields.length;
            await sql.run(`UPDATE members SET ${assignments}, updated_at = $${n + 1} WHERE uid = $${n + 2}`, [
              ...fields.map((f) => changes[f] ?? null),
              now,
              uid,
            ]);
          }
          return { ok: true as const, before: profileOf(row) };
        });
      } catch (error) {
        if (takenBy(error) === "phoneTaken") return { ok: false, problem: "phoneTaken" };
        throw error;
      }
    },

    async page({ after, limit }) {
      const size = pageSize(limit);
      const given = after !== undefined && after !== null;
      const position = given ? decodeCursor(CURSOR_SCOPE, after) : null;
      if (given && !position) return { ok: false, problem: "badCursor" };
      const rows = await db.rows<MemberRow>(
        position ? SQL.pageAfter : SQL.firstPage,
        position ? [position.createdAt, position.id, size + 1] : [size + 1],
      );
      return pageOf(rows, size, CURSOR_SCOPE, profileOf, (m) => ({ createdAt: m.createdAt, id: m.uid }));
    },

    async terms(uid) {
      return (await db.rows<TermsRow>(SQL.terms, [uid])).map(termsRecordOf);
    },

    async recordTerms(uid, answers) {
      // SERIALIZABLE: a withdrawal at the same time either comes first (false, nothing written) or after.
      return db.tx(async (sql) => {
        if (!(await sql.row(SQL.exists, [uid]))) return false;
        await upsertTerms(sql, uid, answers);
        return true;
      });
    },
  };
}
