/**
 * The notice of terms versions a signed-in member has yet to answer, above every page's content but the
 * re-consent page's: a link to review them there and, when only optional versions wait, a button that closes it
 * (declining them: an optional consent is never presumed). Its words come translated in the root loader's data
 * (terms/view.server.ts termsNoticeFor): the shell loads `common` only.
 */
import { Form, Link } from "@remix-run/react";
import type { TermsNotice as Notice } from "~/terms/view.server";

export function TermsNotice({ notice }: { notice: Notice | null | undefined }) {
  if (!notice) return null;
  return (
    <div className="notice notice--warning terms-notice">
      <p>{notice.text}</p>
      <div className="terms-notice__actions">
        <Link to={notice.reviewHref}>{notice.review}</Link>
        {notice.close ? (
          <Form method="post" action="/member/termsUpdate">
            <input type="hidden" name="intent" value="decline" />
            <input type="hidden" name="redirectTo" value={notice.close.redirectTo} />
            {notice.close.versions.map((v) => (
              <input key={v.document} type="hidden" name={`version.${v.document}`} value={v.version} />
            ))}
            <button type="submit" className="link-button">
              {notice.close.label}
            </button>
          </Form>
        ) : null}
      </div>
    </div>
  );
}
