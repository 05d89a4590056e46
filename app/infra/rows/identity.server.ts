/**
 * Rows as both SQL implementations of the stores read them (app/infra/sqlite, app/infra/postgres): the two
 * schemas keep the same table and column names, so a row becomes a record the same way on either engine.
 * Only rows whose columns read back alike on both are here (SQLite's 0/1 flags, PostgreSQL's booleans stay
 * with their store).
 */
import type { MemberProfile, NewMember, ProfileChanges, SignUpMethod } from "~/stores/members";
import type { NewNotification, NotificationData, NotificationKind, NotificationRecord } from "~/stores/notifications";
import type { PhoneCodeRecord } from "~/stores/phoneCodes";

export interface MemberRow {
  uid: string;
  name: string;
  language: string;
  phone_number: string | null;
  nationality: string | null;
  visa: string | null;
  visa_expires_on: string | null;
  passport_expires_on: string | null;
  sign_up_method: SignUpMethod;
  created_at: number;
}

export const MEMBER_COLUMNS =
  "uid, name, language, phone_number, nationality, visa, visa_expires_on, passport_expires_on, sign_up_method, created_at";

/** A member's notification choices and whether they set a password (`MembersStore.settings`). */
export const SETTINGS_COLUMNS = "notify_visa, notify_community, notify_notices, has_password";

/** A member's terms record, in its order (PostgreSQL's member screen reads the same). */
export const TERMS_RECORD_COLUMNS = "document, version, agreed, recorded_at";
export const TERMS_RECORD_ORDER = "document, version";

/** The columns a profile change may set, by field: a fixed list, so no field name ever reaches the SQL. */
export const CHANGEABLE: Record<keyof ProfileChanges, string> = {
  name: "name",
  language: "language",
  phoneNumber: "phone_number",
  nationality: "nationality",
  visa: "visa",
  visaExpiresOn: "visa_expires_on",
  passportExpiresOn: "passport_expires_on",
};

export const profileOf = (row: MemberRow): MemberProfile => ({
  uid: row.uid,
  name: row.name,
  language: row.language,
  phoneNumber: row.phone_number,
  nationality: row.nationality,
  visa: row.visa,
  visaExpiresOn: row.visa_expires_on,
  passportExpiresOn: row.passport_expires_on,
  signUpMethod: row.sign_up_method,
  createdAt: row.created_at,
});

/** A new member's profile values for its INSERT: the first eight of MEMBER_COLUMNS (all but created_at). */
export const memberValues = (m: NewMember) => [
  m.uid,
  m.name,
  m.language,
  m.phoneNumber,
  m.nationality,
  m.visa,
  m.visaExpiresOn,
  m.signUpMethod,
];

export interface NotificationRow {
  id: string;
  uid: string;
  kind: NotificationKind;
  dedupe_key: string;
  data: string;
  created_at: number;
  read_at: number | null;
  subject: string | null;
}

export const NOTIFICATION_COLUMNS = "id, uid, kind, dedupe_key, data, created_at, read_at, subject";

/** A cursor names a position in one member's inbox: another member's is refused. */
export const inboxCursorScope = (uid: string) => `notifications:${uid}`;

/** A notification's record; its data is JSON text on both engines. */
export const notificationOf = (row: NotificationRow): NotificationRecord => ({
  id: row.id,
  uid: row.uid,
  kind: row.kind,
  dedupeKey: row.dedupe_key,
  data: JSON.parse(row.data) as NotificationData,
  createdAt: row.created_at,
  readAt: row.read_at,
  subject: row.subject,
});

/** A new notification's values for its INSERT: id, uid, kind, dedupe_key, data, created_at, subject, actor_uid. */
export const notificationValues = (id: string, n: NewNotification) => [
  id,
  n.uid,
  n.kind,
  n.dedupeKey,
  JSON.stringify(n.data),
  n.createdAt,
  n.subject ?? null,
  n.actorUid ?? null,
];

/** A broadcast: one notification every member's inbox reads (decision 0052), keyed like a notification. */
export interface NewBroadcast {
  kind: NotificationKind;
  dedupeKey: string;
  data: NotificationData;
  subject?: string | null;
  createdAt: number;
}

export interface PhoneCodeRow {
  id: string;
  phone: string;
  purpose: PhoneCodeRecord["purpose"];
  code_hash: string;
  browser_hash: string;
  client_hash: string;
  created_at: number;
  expires_at: number;
  attempts: number;
  closed_at: number | null;
}

export const phoneCodeOf = (row: PhoneCodeRow): PhoneCodeRecord => ({
  id: row.id,
  phone: row.phone,
  purpose: row.purpose,
  codeHash: row.code_hash,
  browserHash: row.browser_hash,
  clientHash: row.client_hash,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  attempts: row.attempts,
  closedAt: row.closed_at,
});
