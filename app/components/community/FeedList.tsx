/**
 * A list of feed cards that pages by cursor: the "more" link is a plain link (the
 * next page, without JavaScript); with JavaScript, reaching it loads the next page
 * into this list (the route's loader data, through a fetcher) and the link moves on.
 * Pages are by (createdAt, id), so new posts while reading add no duplicates and
 * leave no gaps.
 */
import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/useTranslation";
import { Icon } from "../Icon";
import { AuthorLine, type Authorship } from "./AuthorLine";

export interface FeedCardData extends Authorship {
  id: string;
  category: string;
  preview: string;
  photos: { id: string; thumb: string; width: number; height: number }[];
  photoCount: number;
  likeCount: number;
  commentCount: number;
  status: "visible" | "reported" | "hidden";
}

export function FeedCard({ feed }: { feed: FeedCardData }) {
  const { t } = useTranslation("community");
  return (
    <article className="card feed-card">
      <AuthorLine author={feed.author} when={feed.when} />
      <Link to={`/community/${feed.id}`} className="feed-card__link">
        <span className="feed-card__category">{t(`categories.${feed.category}`)}</span>
        {feed.status !== "visible" ? (
          <span className="badge badge--muted">{t(`feedStatus.${feed.status}`)}</span>
        ) : null}
        <span className="feed-card__text" dir="auto">
          {feed.preview}
        </span>
      </Link>
      {feed.photos.length > 0 ? (
        <ul className="feed-card__photos" aria-label={t("photos.count", { count: feed.photoCount })}>
          {feed.photos.map((photo, i) => (
            <li key={photo.id}>
              <img src={photo.thumb} alt="" width={photo.width} height={photo.height} loading="lazy" decoding="async" />
              {i === feed.photos.length - 1 && feed.photoCount > feed.photos.length ? (
                <span className="feed-card__more-photos">+{feed.photoCount - feed.photos.length}</span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="feed-card__counts">
        <span>
          <Icon name="heart" />
          <span className="visually-hidden">{t("likes.label")}</span> {feed.likeCount}
        </span>
        <span>
          <Icon name="comment" />
          <span className="visually-hidden">{t("comments.label")}</span> {feed.commentCount}
        </span>
      </p>
    </article>
  );
}

interface PageData {
  feeds: FeedCardData[];
  next: string | null;
}

/** `moreHref(cursor)`: the URL of the page after `cursor` (the same list, same filters). */
export function FeedList({
  feeds,
  next,
  moreHref,
  empty,
}: PageData & { moreHref: (cursor: string) => string; empty: string }) {
  const { t } = useTranslation("community");
  const fetcher = useFetcher<PageData>();
  const [pages, setPages] = useState<PageData[]>([]);
  const loaded = useRef(new Set<string>());
  const more = useRef<HTMLAnchorElement>(null);

  // A new first page (another tab, a new post): start over from it.
  useEffect(() => {
    setPages([]);
    loaded.current.clear();
  }, [feeds]);

  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state === "idle" && data && Array.isArray(data.feeds)) setPages((p) => [...p, data]);
  }, [fetcher.state, fetcher.data]);

  const last = pages[pages.length - 1];
  const cursor = last ? last.next : next;
  const all = [...feeds, ...pages.flatMap((p) => p.feeds)];

  useEffect(() => {
    const link = more.current;
    if (!link || !cursor || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting) || loaded.current.has(cursor) || fetcher.state !== "idle") return;
      loaded.current.add(cursor);
      fetcher.load(moreHref(cursor));
    });
    observer.observe(link);
    return () => observer.disconnect();
  }, [cursor, fetcher, moreHref]);

  if (all.length === 0) return <p className="empty-state">{empty}</p>;
  return (
    <>
      <ul className="card-list feed-list">
        {all.map((feed) => (
          <li key={feed.id}>
            <FeedCard feed={feed} />
          </li>
        ))}
      </ul>
      {cursor ? (
        <Link ref={more} className="button button--secondary button--block feed-list__more" to={moreHref(cursor)}>
          {fetcher.state === "loading" ? t("list.loading") : t("list.more")}
        </Link>
      ) : (
        <p className="feed-list__end">{t("list.end")}</p>
      )}
    </>
  );
}
