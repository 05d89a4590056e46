/**
 * Members' text, made safe to store and show. Stored as typed, less what no one
 * means to type: control characters (except line breaks and tabs), zero-width
 * characters and bidirectional overrides (which can disguise a link or reverse a
 * line). Shown as text, never as HTML: the page gets segments, and only http(s)
 * addresses become links.
 */
import { find } from "linkifyjs";
import { unwantedCharacters } from "~/lib/text";

// The unwanted characters of every text (lib/text.ts) and, in members' and notices' text, the zero-width space,
// non-joiner and joiner too (they hide inside links and names there).
const UNWANTED = unwantedCharacters("\\u200B-\\u200D");

/** The text as stored: NFC, Unix line breaks, no unwanted characters, no runs of more than two blank lines, trimmed. */
export function cleanText(raw: string): string {
  return raw
    .normalize("NFC")
    .replace(/\r\n?/g, "\n")
    .replace(UNWANTED, "")
    .replace(/\n{4,}/g, "\n\n\n")
    .trim();
}

export type TextSegment = { text: string } | { text: string; href: string };

/** The text cut into plain parts and http(s) links (a bare `www.` address links to http). */
export function linkSegments(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let at = 0;
  for (const link of find(text, "url")) {
    let href: URL;
    try {
      href = new URL(link.href);
    } catch {
      continue;
    }
    if (href.protocol !== "http:" && href.protocol !== "https:") continue;
    if (link.start > at) segments.push({ text: text.slice(at, link.start) });
    segments.push({ text: link.value, href: href.href });
    at = link.end;
  }
  if (at < text.length) segments.push({ text: text.slice(at) });
  return segments;
}

/** A short one-line preview: the first `max` characters (whole code points), with "…" when cut. */
export function excerpt(text: string, max: number): string {
  // Only the start can be shown: `max` code points take at most 2·max code units, and collapsing
  // spaces only shortens it (a cut that leaves fewer than `max` still ends in "…").
  // (A pair of surrogates cut in two loses its first half.)
  const head = text.length > 2 * max + 2 ? text.slice(0, 2 * max + 2).replace(/[\uD800-\uDBFF]$/, "") : text;
  const flat = head.replace(/\s+/g, " ").trim();
  const chars = Array.from(flat);
  if (chars.length <= max && head.length === text.length) return flat;
  return `${chars.slice(0, max).join("").trimEnd()}…`;
}

/**
 * How a member's name is shown to everyone in the community: the first word and
 * the initials of the rest ("Nguyen Van An" → "Nguyen V. A."); a one-word name
 * keeps its first two letters ("김민수" → "김민*"). The full name stays private.
 */
export function publicLabel(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const [first, ...rest] = words;
  if (!first) return "?";
  if (rest.length > 0) return [first, ...rest.map((w) => `${Array.from(w)[0]}.`)].join(" ");
  const chars = Array.from(first);
  return chars.length <= 2
    ? `${chars[0]}*`
    : `${chars.slice(0, 2).join("")}${"*".repeat(Math.min(chars.length - 2, 3))}`;
}
