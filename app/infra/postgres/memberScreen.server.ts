/**
 * The member screen (app/stores/memberScreen.ts) in one statement: every signed-in page's six reads, each the
 * same columns, rows and order as its own store's (memberStore.server.ts, revocationStore.server.ts,
 * termsStore.server.ts, notificationStore.server.ts), brought back as JSON and made records by the same functions.
 * One round trip instead of six, and one snapshot of them all (decision 0080), with the change mark as of it (0115). `json_build_object` and `json_agg` are in the portable
 * subset (docs/operations.md, "Engines").
 */
import {
  MEMBER_COLUMNS,
  profileOf,
  SETTINGS_COLUMNS,
  TERMS_RECORD_COLUMNS,
  TERMS_RECORD_ORDER,
  type MemberRow,
} from "~/infra/rows/identity.server";
import { TERMS_HEAD_COLUMNS, TERMS_HEAD_ORDER, termsHeadOf, type TermsHeadRow } from "~/infra/rows/terms.server";
import type { MemberScreen } from "~/stores/memberScreen";
import { CHANGE_MARK, prepared, type Pg } from "./database.server";
import { OWN_UNREAD, unreadNotices } from "./notificationStore.server";
import { settingsOf, termsRecordOf, type SettingsRow, type TermsRow } from "./memberStore.server";

/** A JSON object of the named columns, keyed by their names (the row a store's own read would give). */
const jsonOf = (...columnLists: string[]) =>
  `json_build_object(${columnLists
    .flatMap((list) => list.split(",").map((column) => column.trim()))
    .map((column) => `'${column}', ${column}`)
    .join(", ")})`;

/** The member's audience (memberInboxAudience): notices since they joined, none when they turned notices off. */
const SINCE_JOINED = "(SELECT created_at FROM members WHERE uid = $1 AND notify_notices)";

const SCREEN = prepared(
  "member_screen",
  `SELECT
  (SELECT valid_after FROM session_revocations WHERE uid = $1) AS valid_after,
  (SELECT admin FROM admin_roles WHERE uid = $1) AS admin,
  (SELECT ${jsonOf(MEMBER_COLUMNS, SETTINGS_COLUMNS)} FROM members WHERE uid = $1) AS member,
  (SELECT json_agg(${jsonOf(TERMS_RECORD_COLUMNS)} ORDER BY ${TERMS_RECORD_ORDER})
     FROM terms_agreements WHERE uid = $1) AS terms,
  (SELECT json_agg(${jsonOf(TERMS_HEAD_COLUMNS)} ORDER BY ${TERMS_HEAD_ORDER}) FROM terms_versions) AS heads,
  (${OWN_UNREAD}) + (${unreadNotices(SINCE_JOINED, "$2::bigint")}) AS unread,
  (SELECT count(*) FROM sso_consents c JOIN sso_clients k ON k.client_id = c.client_id
     WHERE c.uid = $1 AND k.disabled_at IS NULL) AS partners,
  (${CHANGE_MARK}) AS change_mark`,
);

interface ScreenRow {
  valid_after: number | null;
  admin: boolean | null;
  member: (MemberRow & SettingsRow) | null;
  terms: TermsRow[] | null;
  heads: TermsHeadRow[] | null;
  unread: number;
  partners: number;
  change_mark: number | null;
}

export async function pgMemberScreen(db: Pg, uid: string, now: number): Promise<MemberScreen> {
  const row = (await db.row<ScreenRow>(SCREEN, [uid, now]))!;
  return {
    validAfter: row.valid_after,
    admin: row.admin,
    profile: row.member ? profileOf(row.member) : null,
    settings: row.member ? settingsOf(row.member) : null,
    terms: (row.terms ?? []).map(termsRecordOf),
    termsHeads: (row.heads ?? []).map(termsHeadOf),
    unread: row.unread,
    partners: row.partners,
    changeMark: row.change_mark ?? 0,
  };
}
