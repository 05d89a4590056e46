/**
 * The community's rules, between the routes and the stores: who may do what,
 * what is stored (clean text, processed photos), and who is told (the recipient's
 * notification choice is read before the write that tells them, and the telling
 * is part of that write). Returns problem names; routes turn them into answers.
 */
import crypto from "node:crypto";
import type { Services } from "~/context";
import { log } from "~/infra/log.server";
import type {
  Author,
  FeedCategory,
  FeedRecord,
  NewNotification,
  NotificationData,
  NotificationRecord,
  PhotoRef,
  ReportReason,
  ReportTarget,
  ReviewOutcome,
} from "~/stores/stores";
import { photoNames } from "./files.server";
import { processPhoto, type PhotoProblem } from "./photos.server";
import { excerpt, publicLabel } from "./text";
import { sweepUploadSpool, type UploadedPhoto } from "./uploads.server";

type CommunityServices = Pick<Services, "stores" | "files" | "config">;

/** Feed, comment and file ids: 12 URL-safe characters (72 random bits). */
export const newId = () => crypto.randomBytes(9).toString("base64url");
export const ID_PATTERN = /^[A-Za-z0-9_-]{12}$/;
export const isId = (value: unknown): value is string => typeof value === "string" && ID_PATTERN.test(value);

export const FEED_TEXT_MAX = 2000;
export const COMMENT_TEXT_MAX = 500;
export const REPORT_TEXT_MAX = 500;
/** A list page: about four screens of cards on a phone, and a first page light enough for a slow network. */
export const FEEDS_PER_PAGE = 15;
export const COMMENTS_PER_PAGE = 50;
/**
 * Replies a feed page shows under each comment; the rest are a "more replies" link away, a page of
 * REPLIES_PER_PAGE at a time, so a comment with 10 000 replies weighs on its page like one with four.
 */
export const REPLY_PREVIEW = 3;
export const REPLIES_PER_PAGE = 50;
/** Pending photos (from a form not yet saved) are forgotten after this. */
export const PENDING_PHOTO_TTL_MS = 24 * 60 * 60_000;

/** The member as others see them, from their profile now; null when they have none (withdrawn). */
export async function authorOf(services: Pick<Services, "stores">, uid: string): Promise<Author | null> {
  const profile = await services.stores.members.profile(uid);
  if (!profile) return null;
  return { uid, label: publicLabel(profile.name), nationality: profile.nationality };
}

/** Whether the member wants community notifications (comments, likes, report outcomes). */
async function wantsCommunity(services: Pick<Services, "stores">, uid: string): Promise<boolean> {
  const settings = await services.stores.members.settings(uid);
  return settings?.notify.community ?? false;
}

/** Deletes stored bytes whose records are gone; a failure is logged (the sweep at start finds none left behind). */
export async function deleteFiles(services: Pick<Services, "files">, ids: string[]): Promise<void> {
  for (const id of ids) {
    for (const name of photoNames(id)) {
      await services.files.remove(name).catch((error: unknown) => log.error("community.fileRemove", error, { id }));
    }
  }
}

export type PhotoRefusal = { problem: PhotoProblem | "tooMany" | "overQuota"; name: string };

/**
 * Processes uploaded photos one by one and keeps each accepted one as the member's
 * pending file (stored bytes and a record) until a feed takes it. `room`: how many
 * more the feed may have. Refused ones are named with the reason; the rest go on.
 */
export async function acceptPhotos(
  services: CommunityServices,
  uid: string,
  uploads: UploadedPhoto[],
  room: number,
  now = Date.now(),
): Promise<{ accepted: PhotoRef[]; refused: PhotoRefusal[] }> {
  const accepted: PhotoRef[] = [];
  const refused: PhotoRefusal[] = [];
  for (const upload of uploads) {
    const name = upload.name.slice(0, 100);
    if (accepted.length >= room) {
      refused.push({ problem: "tooMany", name });
      continue;
    }
    const processed = await processPhoto({ path: upload.path, size: upload.size });
    if (!processed.ok) {
      refused.push({ problem: processed.problem, name });
      continue;
    }
    const id = newId();
    const bytes = processed.full.byteLength + processed.thumb.byteLength;
    const recorded = await services.stores.files.addPending(
      { id, ownerUid: uid, bytes, createdAt: now },
      services.config.COMMUNITY_QUOTA_BYTES,
    );
    if (!recorded.ok) {
      refused.push({ problem: "overQuota", name });
      continue;
    }
    const [fullName, thumbName] = photoNames(id) as [string, string];
    try {
      await services.files.put(fullName, processed.full);
      await services.files.put(thumbName, processed.thumb);
    } catch (error) {
      log.error("community.filePut", error, { id });
      await services.stores.files.removePending(uid, id);
      await deleteFiles(services, [id]);
      throw error;
    }
    accepted.push({ id, width: processed.width, height: processed.height });
  }
  return { accepted, refused };
}

/** Of photos a form sends back (`id:width:height`), those still the member's pending ones, at most `max`. */
export async function keptPendingPhotos(
  services: Pick<Services, "stores">,
  uid: string,
  sent: string[],
  max: number,
): Promise<PhotoRef[]> {
  const parsed = sent
    .map(parsePhotoRef)
    .filter((p): p is PhotoRef => p !== null)
    .slice(0, max);
  const mine = new Set(
    await services.stores.files.pendingOf(
      uid,
      parsed.map((p) => p.id),
    ),
  );
  return parsed.filter((p) => mine.has(p.id));
}

/** A photo as forms carry it: `id:width:height`. */
export const photoToken = (photo: PhotoRef) => `${photo.id}:${photo.width}:${photo.height}`;

export function parsePhotoRef(token: string): PhotoRef | null {
  const match = /^([A-Za-z0-9_-]{12}):(\d{1,5}):(\d{1,5})$/.exec(token);
  if (!match) return null;
  return { id: match[1]!, width: Number(match[2]), height: Number(match[3]) };
}

/**
 * A write of the feed form that failed (the database could not take it): logged, and "saveFailed" for the
 * form, which keeps the text and photos so the member can send it again.
 */
async function saving<T>(
  what: string,
  uid: string,
  write: () => Promise<T>,
): Promise<T | { ok: false; problem: "saveFailed" }> {
  try {
    return await write();
  } catch (error) {
    log.error(what, error, { uid });
    return { ok: false, problem: "saveFailed" };
  }
}

export async function postFeed(
  services: CommunityServices,
  uid: string,
  input: { category: FeedCategory; text: string; photos: PhotoRef[] },
  now = Date.now(),
): Promise<{ ok: true; id: string } | { ok: false; problem: "notMember" | "saveFailed" }> {
  return saving("community.postFeed", uid, async () => {
    const author = await authorOf(services, uid);
    if (!author) return { ok: false, problem: "notMember" } as const;
    const id = newId();
    await services.stores.feeds.create({ id, author, ...input, createdAt: now });
    return { ok: true, id } as const;
  });
}

export async function editFeed(
  services: CommunityServices,
  uid: string,
  id: string,
  changes: { category: FeedCategory; text: string; photos: PhotoRef[] },
  now = Date.now(),
) {
  const changed = await saving("community.editFeed", uid, () => services.stores.feeds.update(id, uid, changes, now));
  if (changed.ok) await deleteFiles(services, changed.releasedFiles);
  return changed;
}

/** The author's deletion (uid), or a moderator's (null): the feed and everything on it, files included. */
export async function deleteFeed(services: CommunityServices, uid: string | null, id: string) {
  const removed = await services.stores.feeds.remove(id, uid);
  if (removed.ok) await deleteFiles(services, removed.releasedFiles);
  return removed;
}

/** A comment or a reply; the feed's author (and the answered comment's) are told unless they wrote it or opted out. */
export async function addComment(
  services: CommunityServices,
  uid: string,
  input: { feedId: string; parentId: string | null; text: string },
  now = Date.now(),
) {
  const author = await authorOf(services, uid);
  if (!author) return { ok: false as const, problem: "notMember" as const };
  const feed = await services.stores.feeds.get(input.feedId);
  if (!feed || feed.status !== "visible") return { ok: false as const, problem: "noFeed" as const };
  const id = newId();
  const about = { feedId: feed.id, commentId: id, by: author.label, excerpt: excerpt(input.text, 80) };
  const notify: NewNotification[] = [];
  const tell = async (recipient: string, kind: "comment" | "reply") => {
    if (recipient === uid || notify.some((n) => n.uid === recipient)) return;
    if (!(await wantsCommunity(services, recipient))) return;
    notify.push({
      uid: recipient,
      kind,
      dedupeKey: `comment:${id}`,
      subject: `feed:${feed.id}`,
      actorUid: uid,
      data: about,
      createdAt: now,
    });
  };
  if (input.parentId) {
    const parent = await services.stores.comments.get(input.parentId);
    if (parent && parent.feedId === feed.id) await tell(parent.author.uid, "reply");
  }
  await tell(feed.author.uid, "comment");
  const added = await services.stores.comments.add(
    { id, feedId: feed.id, parentId: input.parentId, author, text: input.text, createdAt: now },
    notify,
  );
  return added.ok ? { ok: true as const, id } : added;
}

export async function deleteComment(services: CommunityServices, uid: string | null, id: string) {
  return services.stores.comments.remove(id, uid);
}

/** Likes or un-likes; a new like refreshes the author's one notification for the feed ("A and 3 others"). */
export async function toggleLike(services: CommunityServices, uid: string, feed: FeedRecord, now = Date.now()) {
  const liker = await authorOf(services, uid);
  if (!liker) return { ok: false as const, problem: "notMember" as const };
  const tell = feed.author.uid !== uid && (await wantsCommunity(services, feed.author.uid));
  return services.stores.likes.toggle(feed.id, uid, now, (likeCount) =>
    tell
      ? {
          uid: feed.author.uid,
          kind: "like",
          dedupeKey: `like:${feed.id}`,
          subject: `feed:${feed.id}`,
          refresh: true,
          actorUid: uid,
          data: {
            feedId: feed.id,
            by: liker.label,
            others: Math.max(0, likeCount - 1),
            excerpt: excerpt(feed.text, 60),
          },
          createdAt: now,
        }
      : null,
  );
}

/**
 * A like notification without its last liker's name (they withdrew): "N people liked your post", N the
 * feed's likes now (FeedsStore.removeMember). The inbox words a like without `by` so.
 */
export function unnamedLike(notification: NotificationRecord, likeCount: number): NotificationData {
  const { feedId, excerpt } = notification.data;
  return { feedId: feedId ?? null, likeCount, excerpt: excerpt ?? "" };
}

export async function report(
  services: CommunityServices,
  uid: string,
  input: { target: ReportTarget; reason: ReportReason; text: string | null },
  now = Date.now(),
) {
  return services.stores.reports.add(
    { target: input.target, reporterUid: uid, reason: input.reason, text: input.text, createdAt: now },
    services.config.COMMUNITY_REPORT_THRESHOLD,
  );
}

/** A moderator's decision; every reporter hears the outcome (if they want community notifications). */
export async function resolveReports(
  services: CommunityServices,
  target: ReportTarget,
  outcome: ReviewOutcome,
  now = Date.now(),
) {
  const willing = new Set<string>();
  for (const uid of await services.stores.reports.openReporters(target)) {
    if (await wantsCommunity(services, uid)) willing.add(uid);
  }
  const resolved = await services.stores.reports.resolve(target, outcome, (reporterUid) =>
    willing.has(reporterUid)
      ? {
          uid: reporterUid,
          kind: "reportOutcome",
          dedupeKey: `report:${target.kind}:${target.id}:${now}`,
          data: { outcome, target: target.kind },
          createdAt: now,
        }
      : null,
  );
  if (resolved.ok) await deleteFiles(services, resolved.releasedFiles);
  return resolved;
}

/** Pending photos of forms never saved: records and bytes forgotten. */
export async function sweepPendingPhotos(services: CommunityServices, now = Date.now()): Promise<number> {
  const stale = await services.stores.files.sweepPending(now - PENDING_PHOTO_TTL_MS);
  await deleteFiles(services, stale);
  return stale.length;
}

/** The sweep of abandoned pending photos and uploads: a job for the scheduler (app/server), at start and every hour. */
export function photoSweepJob(services: CommunityServices, options: { log?: Pick<typeof log, "info"> } = {}) {
  const { log: report = log } = options;
  return {
    name: "community.photoSweep",
    intervalMs: 60 * 60_000,
    async run(now = Date.now()) {
      const swept = await sweepPendingPhotos(services, now);
      const spooled = await sweepUploadSpool(services, now);
      if (swept > 0 || spooled > 0) report.info("community.photoSweep", { swept, spooled });
      return { swept, spooled };
    },
  };
}
