/**
 * Notifications: what the app tells one member (visa expiry reminders now;
 * comments, likes, report outcomes and notices later), listed newest first in
 * their inbox. Each has a key chosen by whoever makes it, unique per member, so
 * making the same notification twice (a retry, a restart, two server processes)
 * stores it once.
 *
 * Besides each member's own notifications, every inbox reads the broadcasts: one
 * stored notification for all members (a published notice, decision 0052), which a
 * member's list and unread count take in when the caller says their audience. A
 * member's reads and deletions of broadcasts are kept only when they make them.
 *
 * The store also keeps the visa reminders' bookkeeping: the day the reminder job
 * first saw each expiry date of a member (app/visa/reminders.ts).
 */
import type { PageQuery, PageResult } from "./page";

/** What a notification is about; its `data` has that kind's shape. */
export type NotificationKind =
  | "visaReminder"
  | "passportReminder"
  | "appointmentReminder"
  | "comment"
  | "reply"
  | "like"
  | "reportOutcome"
  | "notice";

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A JSON object (for a visa reminder: `{ milestone, expiresOn }`). */
export type NotificationData = { [key: string]: JsonValue };

export interface NewNotification {
  uid: string;
  kind: NotificationKind;
  /** Unique per member: a second notification with the same key is not stored (e.g. `visa:2027-06-30:oneWeek`). */
  dedupeKey: string;
  data: NotificationData;
  /** ms since the epoch. */
  createdAt: number;
  /** What it is about (`feed:{id}`): deleting that deletes the notification too. */
  subject?: string | null;
  /**
   * When the member already has one with this key: replace its data and time and make it unread again
   * (the likes of one feed are one notification that grows), instead of keeping the old one.
   */
  refresh?: boolean;
  /**
   * The member whose act it tells and whom its words name (the commenter, the last liker). Their
   * withdrawal removes it or, for likes, takes the name out (FeedsStore.removeMember); a refreshing one
   * takes the new actor. Kept for that, not given back.
   */
  actorUid?: string | null;
}

export interface NotificationRecord extends Omit<NewNotification, "actorUid"> {
  id: string;
  /** ms since the epoch; null while unread. */
  readAt: number | null;
}

/**
 * Which broadcasts a member's inbox takes in: those made from `since` (their joining: a member does not
 * find what was announced before they came) up to `now`; none when `since` is null (they turned notices off).
 */
export interface InboxAudience {
  since: number | null;
  now: number;
}

/**
 * A member's own audience at `now`: the broadcasts made since they joined, unless they turned notices off on my
 * page (decision 0052). None for a session whose member is gone.
 */
export function memberInboxAudience(
  profile: { createdAt: number } | null,
  settings: { notify: { notices: boolean } } | null,
  now: number,
): InboxAudience {
  return { since: profile && settings?.notify.notices ? profile.createdAt : null, now };
}

export interface NotificationsStore {
  /** Stores the notification unless the member already has one with its dedupe key (then nothing changes). */
  add(notification: NewNotification): Promise<{ created: boolean }>;
  /**
   * The member's notifications, with the broadcasts of their audience, newest first by (createdAt, id); a
   * cursor is valid for this member's list only. A broadcast comes back with the member's uid.
   */
  listFor(uid: string, query: PageQuery, audience?: InboxAudience): Promise<PageResult<NotificationRecord>>;
  unreadCount(uid: string, audience?: InboxAudience): Promise<number>;
  /** One of the member's notifications or broadcasts, or null (another member's is null too). */
  find(uid: string, id: string, audience?: InboxAudience): Promise<NotificationRecord | null>;
  /** Marks one notification (or broadcast) read at `at` (an earlier read time is kept); false when there is no such one. */
  markRead(uid: string, id: string, at: number): Promise<boolean>;
  /** Marks every unread notification of the member read at `at`, and every broadcast made until then; the number of notifications marked. */
  markAllRead(uid: string, at: number): Promise<number>;
  /** Deletes one notification, or takes a broadcast out of this member's inbox; false when there is no such one. */
  remove(uid: string, id: string): Promise<boolean>;
  /**
   * Deletes everything kept for the member: notifications, their reads of broadcasts and reminder bookkeeping
   * (withdrawal). The number of notifications deleted.
   */
  removeAllFor(uid: string): Promise<number>;
  /**
   * The day ("yyyy-mm-dd", Korea) the reminder job first saw `expiresOn` as the
   * member's expiry date: `today` when this is the first time, else the day
   * stored then, whichever client asks and whatever `today` says later.
   */
  firstSeen(uid: string, expiresOn: string, today: string): Promise<string>;
}
