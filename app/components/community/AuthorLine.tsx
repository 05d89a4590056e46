/**
 * Who wrote a post or a comment, and when: the feed cards, a feed's page and its comments, the review queue and
 * the inbox use it, so it is apart from the feed list (which only the list pages load).
 */
/** Who wrote it (their shown name and country) and when, as the feed views give them. */
export interface Authorship {
  author: { label: string; country: string | null };
  when: { iso: string; relative: string; full: string };
}

export function TimeAgo({ when }: { when: Authorship["when"] }) {
  return (
    // A date (a week or more ago) reads left to right in right-to-left text; words such as "3 hours ago" follow the page.
    <time dateTime={when.iso} title={when.full} dir={/^\d{4}-\d{2}-\d{2}$/.test(when.relative) ? "ltr" : undefined}>
      {when.relative}
    </time>
  );
}

export function AuthorLine({ author, when }: Authorship) {
  return (
    <p className="author-line">
      <bdi className="author-line__name">{author.label}</bdi>
      {author.country ? <span className="author-line__country">{author.country}</span> : null}
      <TimeAgo when={when} />
    </p>
  );
}
