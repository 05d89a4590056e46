import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * One fact on an item's line: a code, a day or a list of codes (left to right whatever the page's direction), a tag
 * (a category), a name (in its own direction) or plain words.
 */
export type ItemFact = { ltr: string } | { tag: string } | { name: string } | { text: string };

/** A line of an item's facts (the list's `notice-meta` line). */
export function ItemFacts({ facts }: { facts: readonly ItemFact[] }) {
  return (
    <span className="notice-meta">
      {facts.map((fact, i) =>
        "ltr" in fact ? (
          <span key={i} dir="ltr">
            {fact.ltr}
          </span>
        ) : "tag" in fact ? (
          <span key={i} className="notice-tag">
            {fact.tag}
          </span>
        ) : "name" in fact ? (
          <bdi key={i}>{fact.name}</bdi>
        ) : (
          <span key={i}>{fact.text}</span>
        ),
      )}
    </span>
  );
}

/** One item of an admin section's list: its title (with its own lang or dir), its facts and where it is edited. */
export interface AdminListItem {
  key: string;
  title: ReactNode;
  /** One or more `notice-meta` lines. */
  meta: ReactNode;
}

/**
 * An admin section's list of content (benefits, offers, loan products, corridors): a link to add one, a line when
 * there is none, and each item with its facts and a link to its form. Plain links: it works without JavaScript.
 */
export function AdminItemList({
  newTo,
  newLabel,
  emptyText,
  editLabel,
  items,
  by = "itemCd",
}: {
  /** The form: empty for a new item, `?<by>=<key>` for a stored one. */
  newTo: string;
  /** Left out: no link to add one (the extension kits: one per status of the catalogue, never added by hand). */
  newLabel?: string;
  emptyText: string;
  editLabel: string;
  items: AdminListItem[];
  /** The form's parameter naming the item: its code, or a corridor's country. */
  by?: string;
}) {
  return (
    <>
      {newLabel ? (
        <Link className="button button--primary" to={newTo}>
          {newLabel}
        </Link>
      ) : null}
      {items.length === 0 ? <p className="notice-empty">{emptyText}</p> : null}
      <ul className="admin-table">
        {items.map((item) => (
          <li key={item.key} className="admin-row">
            {item.title}
            {item.meta}
            <div className="admin-row__actions">
              <Link className="button button--secondary" to={`${newTo}?${by}=${encodeURIComponent(item.key)}`}>
                {editLabel}
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
