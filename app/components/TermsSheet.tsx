/**
 * A terms document in a sheet that rises from the bottom (the native <dialog>,
 * modal: focus stays inside, Escape and the close button close it). Its text comes
 * from the terms page's loader, fetched when the sheet opens; "agree" ticks the
 * document's box and closes the sheet. Without JavaScript the checklist's links
 * open that page instead.
 */
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/useTranslation";
import type { TermsText } from "~/terms/view.server";
// Through the page kit, not ./Branded: this module is loaded on its own (a dynamic import), and reaching the kit
// as every page does keeps the kit in React's chunk rather than a chunk of its own (chunks.test.ts).
import { Branded, featureStyles, loadStylesheet } from "~/pageKit";

export function TermsSheet({
  documentId,
  onClose,
  onAgree,
}: {
  /** The document shown, or null when the sheet is closed. */
  documentId: string | null;
  onClose: () => void;
  onAgree: (id: string) => void;
}) {
  const { t, language } = useTranslation("signup");
  // Its style comes with it, the first time it opens: until it is in, the sheet waits (Suspense in the checklist).
  const style = loadStylesheet(featureStyles.terms);
  if (style) throw style;
  const dialog = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<{ documents: TermsText[] }>();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (documentId && !element.open) {
      element.showModal();
      // In the page's language, which `?lng=` may have set for this page alone (the cookie may say another).
      if (fetcher.state === "idle" && !fetcher.data) fetcher.load(`/member/terms?lng=${encodeURIComponent(language)}`);
    } else if (!documentId && element.open) element.close();
  }, [documentId, fetcher, language]);

  const doc = fetcher.data?.documents.find((d) => d.id === documentId);
  const titleId = "terms-sheet-title";
  return (
    <dialog ref={dialog} className="sheet" aria-labelledby={titleId} onClose={onClose}>
      <div className="sheet__header">
        <h2 id={titleId} className="sheet__title">
          {doc?.title ?? t("signup.agree.view")}
        </h2>
        <button type="button" className="sheet__close" onClick={onClose} aria-label={t("dialog.close")}>
          ×
        </button>
      </div>
      {/* Focusable, so the document scrolls from the keyboard too; a region named as the sheet. */}
      <div className="sheet__body terms-doc" tabIndex={0} role="region" aria-labelledby={titleId}>
        {doc ? (
          <>
            <p className="muted">{doc.effective}</p>
            {doc.sections.map((section) => (
              <section key={section.heading}>
                <h3>{section.heading}</h3>
                <p>
                  <Branded>{section.body}</Branded>
                </p>
              </section>
            ))}
          </>
        ) : fetcher.state === "idle" && fetcher.data ? (
          <p>
            <a href={`/member/terms#${documentId}`}>{t("signup.agree.openPage")}</a>
          </p>
        ) : (
          <p className="muted" role="status">
            {t("signup.agree.loading")}
          </p>
        )}
      </div>
      {doc ? (
        <div className="sheet__actions">
          <button type="button" className="button button--primary button--block" onClick={() => onAgree(doc.id)}>
            {t("signup.agree.agreeThis")}
          </button>
        </div>
      ) : null}
    </dialog>
  );
}
