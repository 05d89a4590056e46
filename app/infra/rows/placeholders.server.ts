/**
 * A statement text both SQL implementations run (./statements.server.ts) is written once, with SQLite's `?`
 * placeholders; `numbered` gives it PostgreSQL's (`$1`, `$2`… in order), so `pg` binds the same values in the same
 * order. Made once per text when a store's module loads, never per call.
 */

/**
 * The text with each `?` placeholder numbered in order (`$1`, `$2`…). A `?` inside a quoted literal or identifier
 * ('…', "…") or a comment is left as it is. A text that already numbers its placeholders, or holds a `$`
 * (a dollar-quoted string), is refused: it is PostgreSQL's own, not a shared one.
 */
export function numbered(text: string): string {
  let out = "";
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"') {
      // A quoted part runs to its closing quote; a doubled quote inside it is one quote character.
      const end = closingQuote(text, i, c);
      out += text.slice(i, end + 1);
      i = end;
    } else if (c === "-" && text[i + 1] === "-") {
      const end = text.indexOf("\n", i);
      const stop = end === -1 ? text.length : end;
      out += text.slice(i, stop);
      i = stop - 1;
    } else if (c === "$") {
      throw new Error(`a shared statement text uses ? placeholders, not $: ${text}`);
    } else if (c === "?") {
      out += `$${++n}`;
    } else {
      out += c;
    }
  }
  return out;
}

function closingQuote(text: string, start: number, quote: string): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] !== quote) continue;
    if (text[i + 1] === quote) i++;
    else return i;
  }
  throw new Error(`an unclosed ${quote} in a statement text: ${text}`);
}

/** Every text of a group of statements, numbered for PostgreSQL (`numbered`). */
export function numberedAll<T extends Record<string, string>>(texts: T): { readonly [K in keyof T]: string } {
  return Object.fromEntries(Object.entries(texts).map(([name, text]) => [name, numbered(text)])) as {
    [K in keyof T]: string;
  };
}
