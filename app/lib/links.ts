/**
 * The one rule for a link an operator gives (a benefit's or an offer's site, a loan product's source, a rate's and a
 * corridor's source), in the forms, in the content import and again where a stored one is shown: an https address
 * with no user name or password. A userinfo part lets an address read as one host and go to another
 * (`https://www.hanabank.com@evil.example/fees` goes to evil.example), so it is never taken, nor shown as a link.
 */
export const OPERATOR_LINK_MAX = 600;

export function isOperatorLink(value: string): boolean {
  if (value.length > OPERATOR_LINK_MAX || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && !url.username && !url.password && url.href.length <= OPERATOR_LINK_MAX;
  } catch {
    return false;
  }
}

/** The link to show for a stored address: itself when it keeps the rule, else none (shown as text, if at all). */
export const operatorLinkOrNull = (value: string | null | undefined): string | null =>
  value && isOperatorLink(value) ? value : null;
