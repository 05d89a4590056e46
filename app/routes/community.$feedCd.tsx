/**
 * A feed: its whole text (links only for http(s) addresses), its photos, likes and
 * comments with replies one level deep. Members like, comment and report; the
 * author edits and deletes (the message box with JavaScript, a confirm step
 * without it). An unknown code is a 404; a hidden feed is a 404 to everyone but
 * its author (who is told why) and moderators.
 *
 * Every list on it is paged by plain links (they work without JavaScript):
 * `?comments={cursor}` is a page of COMMENTS_PER_PAGE comments, each with its first
 * REPLY_PREVIEW replies; `&replies={commentId}` opens that comment's replies,
 * REPLIES_PER_PAGE at a time from `&repliesAfter={cursor}` (the first ones without),
 * on the comments page the reader was on. A malformed id is a 404, a malformed or
 * borrowed cursor a 400; replies of a comment not on that page (deleted meanwhile)
 * are not shown.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData, useSubmit } from "@remix-run/react";
import { Fragment, useRef, type FormEvent, type ReactNode } from "react";
import type { CommentView } from "~/community/views.server";
import type { CommentRecord } from "~/stores/community";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import {
  AuthorLine,
  Confirmation,
  featureStyles,
  Icon,
  openMessageBox,
  RouteErrorBoundary,
  SentenceWithValues,
  TimeAgo,
} from "~/pageKit";
import { FieldError, FormAlert, getFormProps, getInputProps, useForm } from "~/formKit";
import {
  addComment,
  badRequest,
  commentView,
  COMMENT_TEXT_MAX,
  COMMENTS_PER_PAGE,
  deleteComment,
  deleteFeed,
  feedActionSchema,
  feedView,
  forbidden,
  invalid,
  isId,
  json,
  languageOf,
  notFound,
  parseForm,
  pageSeo,
  readSession,
  redirect,
  refuse,
  REPLIES_PER_PAGE,
  REPLY_PREVIEW,
  requireMember,
  toggleLike,
  type CommentFields,
} from "~/routeKit.server";

/** A top-level comment as the page shows it: with its first replies, or a page of them when opened. */
interface ThreadView extends CommentView {
  replies: CommentView[];
  /** The link to the replies not shown: how many (null when paging through them), and where. */
  more: { href: string; count: number | null } | null;
  /** When its replies are open: the link back to the comments page. */
  back: string | null;
}

export const handle: PageHandle = {
  // The same for every visitor: the server may answer it again for a few seconds (server/pageCache.ts).
  shared: true,
  styles: [featureStyles.forms, featureStyles.community],
  i18n: ["community"],
  title: "titles.feed",
  tab: "community",
  back: "/community",
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { stores } = context.services;
  if (!isId(params.feedCd)) notFound(request);
  const [lng, viewer, feed] = await Promise.all([
    languageOf(request),
    readSession(request, context.services),
    stores.feeds.get(params.feedCd),
  ]);
  if (!feed) notFound(request);
  const mine = viewer?.uid === feed.author.uid;
  if (feed.status !== "visible" && !mine && !viewer?.admin) notFound(request);
  const query = new URL(request.url).searchParams;
  const after = query.get("comments");
  const open = query.get("replies");
  const repliesAfter = query.get("repliesAfter");
  if (open !== null && !isId(open)) notFound(request);
  if (repliesAfter !== null && open === null) badRequest();
  const comments = await stores.comments.listForFeed(feed.id, {
    after,
    limit: COMMENTS_PER_PAGE,
    replies: REPLY_PREVIEW,
  });
  if (!comments.ok) badRequest();
  const opened =
    open !== null ? await stores.comments.listReplies(open, { after: repliesAfter, limit: REPLIES_PER_PAGE }) : null;
  if (opened && !opened.ok) badRequest();
  // Replies open under their comment when it is on this page (the link comes from it); one deleted meanwhile
  // (its author on this very page) leaves the comments page as it is.
  const liked = viewer ? (await stores.likes.likedBy(viewer.uid, [feed.id])).length > 0 : false;
  const now = Date.now();
  const view = (c: CommentRecord) => commentView(c, lng, now, viewer?.uid ?? null);
  /** This page's address: the comments page kept, and a comment's replies opened from a cursor. */
  const href = (thread?: { id: string; after: string | null }) => {
    const search = new URLSearchParams();
    if (after !== null) search.set("comments", after);
    if (thread) search.set("replies", thread.id);
    if (thread?.after) search.set("repliesAfter", thread.after);
    const text = search.toString();
    return `/community/${feed.id}${text ? `?${text}` : ""}`;
  };
  const threads = comments.items.map(({ comment, replies, moreReplies }): ThreadView => {
    if (opened?.ok && comment.id === open) {
      return {
        ...view(comment),
        replies: opened.items.map(view),
        more: opened.next ? { href: href({ id: comment.id, after: opened.next }), count: null } : null,
        back: href(),
      };
    }
    return {
      ...view(comment),
      replies: replies.map(view),
      more: moreReplies
        ? {
            href: href({ id: comment.id, after: moreReplies }),
            count: Math.max(comment.replyCount - replies.length, 1),
          }
        : null,
      back: null,
    };
  });
  return json(
    {
      feed: feedView(feed, lng, now),
      comments: threads,
      nextComments: comments.next,
      liked,
      mine,
      member: viewer !== null,
      commentMax: COMMENT_TEXT_MAX,
      seo: pageSeo(request, context.services.config, lng, { type: "article" }),
    },
    // What a member sees (liked, own) is theirs: never kept by a shared cache.
    { headers: { "Cache-Control": viewer ? "private, no-store" : "public, max-age=0, must-revalidate" } },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { services } = context;
  const member = await requireMember(request, services);
  if (!isId(params.feedCd)) notFound(request);
  const feedId = params.feedCd;
  const parsed = await parseForm({ request, context }, feedActionSchema, { defaultIntent: "comment" });
  if (parsed.refused) return parsed.refused;
  const { submission } = parsed;
  if (submission.status !== "success") return invalid(submission);
  const value = submission.value;
  switch (value.intent) {
    case "like": {
      const feed = await services.stores.feeds.get(feedId);
      if (!feed) notFound(request);
      const liked = await toggleLike(services, member.uid, feed);
      if (!liked.ok) return refuse(submission, liked.problem);
      return json({ ...submission.reply(), liked: liked.liked, likeCount: liked.likeCount });
    }
    case "comment": {
      const added = await addComment(services, member.uid, {
        feedId,
        parentId: value.parentId ?? null,
        text: value.text,
      });
      if (!added.ok) return refuse(submission, added.problem);
      return json({ ...submission.reply({ resetForm: true }), commented: added.id, commentedOn: value.parentId ?? "" });
    }
    case "deleteComment": {
      const removed = await deleteComment(services, member.uid, value.commentId);
      if (!removed.ok && removed.problem === "notAuthor") forbidden();
      return json({ ...submission.reply(), deletedComment: true });
    }
    case "deleteFeed": {
      const feed = await services.stores.feeds.get(feedId);
      if (!feed) notFound(request);
      if (feed.author.uid !== member.uid) forbidden();
      // Without JavaScript: the confirm step first.
      if (value.confirmed !== "yes") return json({ ...submission.reply(), confirmDelete: true });
      await deleteFeed(services, member.uid, feedId);
      return redirect("/mypage/community?deleted=1");
    }
  }
}

function Segments({ segments }: { segments: { text: string; href?: string }[] }) {
  return (
    <>
      {segments.map((s, i) =>
        "href" in s && s.href ? (
          <a key={i} href={s.href} rel="nofollow ugc noopener noreferrer" target="_blank">
            {s.text}
          </a>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </>
  );
}

function LikeButton({ liked, count, member }: { liked: boolean; count: number; member: boolean }) {
  const { t } = useTranslation("community");
  const fetcher = useFetcher<{ liked?: boolean; likeCount?: number }>();
  // While the like is on its way, show what it will be.
  const pending = fetcher.state !== "idle";
  const shownLiked = pending ? !liked : (fetcher.data?.liked ?? liked);
  const shownCount = pending ? count + (liked ? -1 : 1) : (fetcher.data?.likeCount ?? count);
  if (!member) {
    return (
      <p className="like-count">
        <Icon name="heart" /> <SentenceWithValues sentence={(v) => t("likes.count", v)} count={count} />
      </p>
    );
  }
  return (
    <fetcher.Form method="post" className="like-form">
      <button
        type="submit"
        name="intent"
        value="like"
        className={`like-button${shownLiked ? " like-button--on" : ""}`}
        aria-pressed={shownLiked}
      >
        <Icon name={shownLiked ? "heart-filled" : "heart"} />
        <span>
          <SentenceWithValues sentence={(v) => t("likes.count", v)} count={shownCount} />
        </span>
      </button>
    </fetcher.Form>
  );
}

function CommentForm({ parentId, label, max }: { parentId?: string; label: string; max: number }) {
  const { t } = useTranslation("community");
  const result = useActionData<typeof action>();
  // Only the form that was sent shows its result (the page has one per thread).
  const sentHere = result && "initialValue" in result && (result.initialValue?.parentId ?? "") === (parentId ?? "");
  const [form, fields] = useForm<CommentFields>({
    id: `comment-${parentId ?? "top"}`,
    lastResult: sentHere ? result : undefined,
    shouldValidate: "onSubmit",
  });
  // The form a comment was just posted from says so, in view and focused (the comment may be on a later page).
  const posted = result && "commentedOn" in result && result.commentedOn === (parentId ?? "");
  return (
    <Form method="post" className="comment-form" {...getFormProps(form)} preventScrollReset>
      {posted ? (
        <Confirmation answer={result}>
          <p>{t("comments.posted")}</p>
        </Confirmation>
      ) : null}
      <FormAlert id={form.errorId} errors={form.errors} />
      {parentId ? <input type="hidden" name="parentId" value={parentId} /> : null}
      <label htmlFor={fields.text.id} className="visually-hidden">
        {label}
      </label>
      <textarea
        {...getInputProps(fields.text, { type: "text" })}
        key={fields.text.key}
        defaultValue={String(fields.text.initialValue ?? "")}
        rows={2}
        maxLength={max}
        placeholder={label}
        aria-describedby={fields.text.errorId}
      />
      <FieldError id={fields.text.errorId} errors={fields.text.errors} />
      <button type="submit" name="intent" value="comment" className="button button--primary">
        {t("comments.send")}
      </button>
    </Form>
  );
}

/** One comment or reply; `children`: what follows its actions (the reply form of a top-level comment). */
function CommentItem({
  comment: c,
  feedId,
  member,
  onDelete,
  children,
}: {
  comment: CommentView;
  feedId: string;
  member: boolean;
  onDelete: (event: FormEvent<HTMLFormElement>) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation("community");
  return (
    <li id={`c-${c.id}`} className={c.parentId ? "comment comment--reply" : "comment"}>
      <p className="author-line">
        <bdi className="author-line__name">{c.author.label}</bdi>
        {c.author.country ? <span className="author-line__country">{c.author.country}</span> : null}
        <TimeAgo when={c.when} />
      </p>
      {c.hidden ? <p className="muted">{t(c.mine ? "comments.hiddenMine" : "comments.hidden")}</p> : null}
      {c.segments.length > 0 ? (
        <p className="comment__text" dir="auto">
          <Segments segments={c.segments} />
        </p>
      ) : null}
      <div className="comment__actions">
        {c.mine ? (
          <Form method="post" onSubmit={onDelete} preventScrollReset>
            <input type="hidden" name="commentId" value={c.id} />
            <button type="submit" name="intent" value="deleteComment" className="link-button">
              {t("comments.delete")}
            </button>
          </Form>
        ) : member && !c.hidden ? (
          <Link className="link-button" to={`/community/report?itemCd=${feedId}&comment=${c.id}`}>
            {t("report.action")}
          </Link>
        ) : null}
      </div>
      {children}
    </li>
  );
}

function useConfirm() {
  const { t: common } = useTranslation();
  return (title: string, message: string, confirmButtonText: string) =>
    openMessageBox(
      { kind: "confirm", title, message, confirmButtonText },
      {
        confirm: common("dialog.confirm"),
        cancel: common("dialog.cancel"),
        close: common("dialog.close"),
        error: common("dialog.error"),
      },
    ).then(
      () => true,
      () => false,
    );
}

export default function FeedRoute() {
  const { t } = useTranslation("community");
  const { feed, comments, nextComments, liked, mine, member, commentMax } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const submit = useSubmit();
  const confirm = useConfirm();
  const confirmed = useRef(false);
  const confirmStep = Boolean(result && "confirmDelete" in result);
  // The thread a reply was just posted to keeps its reply form open, with the confirmation in it.
  const repliedTo = result && "commentedOn" in result ? result.commentedOn : null;

  async function onDelete(event: FormEvent<HTMLFormElement>) {
    if (confirmed.current) return;
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    if (!(await confirm(t("feed.deleteTitle"), t("feed.deleteMessage"), t("feed.delete")))) return;
    confirmed.current = true;
    data.set("intent", "deleteFeed");
    data.set("confirmed", "yes");
    submit(data, { method: "post" });
  }

  async function onDeleteComment(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    if (!(await confirm(t("comments.deleteTitle"), t("comments.deleteMessage"), t("comments.delete")))) return;
    data.set("intent", "deleteComment");
    submit(data, { method: "post", preventScrollReset: true });
  }

  return (
    <article className="feed">
      {feed.status !== "visible" ? (
        <p className="notice notice--warning" role="status">
          {t(`feedStatus.${feed.status}Explained`)}
        </p>
      ) : null}
      <AuthorLine author={feed.author} when={feed.when} />
      <p className="feed__category">{t(`categories.${feed.category}`)}</p>
      <div className="feed__text" dir="auto">
        <Segments segments={feed.segments} />
      </div>
      {feed.edited ? <p className="muted feed__edited">{t("feed.edited")}</p> : null}
      {feed.photos.length > 0 ? (
        <ul className="feed__photos">
          {feed.photos.map((photo, i) => (
            <li key={photo.id}>
              <a href={photo.src}>
                <img
                  src={photo.src}
                  srcSet={`${photo.thumb} 480w, ${photo.src} ${photo.width}w`}
                  sizes="(max-width: 640px) 100vw, 600px"
                  width={photo.width}
                  height={photo.height}
                  alt={t("photos.nth", { n: i + 1, count: feed.photos.length })}
                  loading={i === 0 ? "eager" : "lazy"}
                  decoding="async"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="feed__actions">
        <LikeButton liked={liked} count={feed.likeCount} member={member} />
        <p className="comment-count">
          <Icon name="comment" />{" "}
          <SentenceWithValues sentence={(v) => t("comments.count", v)} count={feed.commentCount} />
        </p>
        {mine ? (
          <>
            <Link className="link-button" to={`/community/edit?itemCd=${feed.id}`}>
              {t("feed.edit")}
            </Link>
            <Form method="post" onSubmit={onDelete}>
              <button type="submit" name="intent" value="deleteFeed" className="link-button link-button--danger">
                {t("feed.delete")}
              </button>
            </Form>
          </>
        ) : member ? (
          <Link className="link-button" to={`/community/report?itemCd=${feed.id}`}>
            {t("report.action")}
          </Link>
        ) : null}
      </div>
      {confirmStep ? (
        <Form method="post" className="confirm-step" role="alert">
          <p>{t("feed.deleteMessage")}</p>
          <input type="hidden" name="confirmed" value="yes" />
          <button type="submit" name="intent" value="deleteFeed" className="button button--primary button--block">
            {t("feed.delete")}
          </button>
          <Link className="button button--secondary button--block" to={`/community/${feed.id}`}>
            {t("feed.keep")}
          </Link>
        </Form>
      ) : null}

      <section className="comments" aria-labelledby="comments-title">
        <h2 id="comments-title" className="comments__title">
          {t("comments.title")}
        </h2>
        {comments.length === 0 ? <p className="muted">{t("comments.none")}</p> : null}
        <ul className="card-list comment-list">
          {comments.map((thread) => (
            <Fragment key={thread.id}>
              <CommentItem comment={thread} feedId={feed.id} member={member} onDelete={onDeleteComment}>
                {member && !thread.hidden && feed.status === "visible" ? (
                  <details className="reply" open={repliedTo === thread.id || undefined}>
                    <summary>{t("comments.reply")}</summary>
                    <CommentForm
                      parentId={thread.id}
                      label={t("comments.replyPlaceholder", { name: thread.author.label })}
                      max={commentMax}
                    />
                  </details>
                ) : null}
              </CommentItem>
              {thread.replies.map((reply) => (
                <CommentItem
                  key={reply.id}
                  comment={reply}
                  feedId={feed.id}
                  member={member}
                  onDelete={onDeleteComment}
                />
              ))}
              {thread.more || thread.back ? (
                <li className="comment comment--reply comment__paging">
                  {thread.more ? (
                    <Link className="link-button" to={`${thread.more.href}#c-${thread.id}`}>
                      {thread.more.count === null ? (
                        t("comments.nextReplies")
                      ) : (
                        <SentenceWithValues sentence={(v) => t("comments.moreReplies", v)} count={thread.more.count} />
                      )}
                    </Link>
                  ) : null}
                  {thread.back ? (
                    <Link className="link-button" to={`${thread.back}#c-${thread.id}`}>
                      {t("comments.backToComments")}
                    </Link>
                  ) : null}
                </li>
              ) : null}
            </Fragment>
          ))}
        </ul>
        {nextComments ? (
          <Link className="button button--secondary button--block" to={`?comments=${encodeURIComponent(nextComments)}`}>
            {t("comments.more")}
          </Link>
        ) : null}
        {member && feed.status === "visible" ? (
          <CommentForm label={t("comments.placeholder")} max={commentMax} />
        ) : !member ? (
          <p>
            <Link to={`/member/start?redirectTo=${encodeURIComponent(`/community/${feed.id}`)}`}>
              {t("comments.signIn")}
            </Link>
          </p>
        ) : null}
      </section>
    </article>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
