/**
 * The terms list as Korean services show it: "agree to all", then each required
 * and optional item with a link to its full text. Without JavaScript "agree to
 * all" is applied by the server; with it, the boxes follow each other at once.
 */
import { lazy, Suspense, useState, type MouseEvent } from "react";
import { useTranslation } from "~/i18n/useTranslation";
import { FieldError } from "~/components/form";

/** The sheet's code is fetched the first time a document is opened: most people never open one. */
const TermsSheet = lazy(() => import("~/components/TermsSheet").then((module) => ({ default: module.TermsSheet })));
import type { TermsChecklistItem, TermsChoices, TermsDocumentId } from "~/terms/documents";

export function TermsChecklist({
  formId,
  documents,
  defaults,
  submitted,
  errors,
}: {
  formId: string;
  documents: readonly TermsChecklistItem[];
  defaults: Partial<TermsChoices>;
  /** The form as the server's answer sends it back (conform's `initialValue`): its boxes stay as they were sent. */
  submitted?: Record<string, unknown> | null;
  errors: Partial<Record<TermsDocumentId, string[] | undefined>>;
}) {
  const { t } = useTranslation("signup");
  const [checked, setChecked] = useState<Partial<TermsChoices>>(() =>
    submitted
      ? Object.fromEntries(documents.map((d) => [d.id, submitted.agreeAll === "on" || submitted[d.id] === "on"]))
      : defaults,
  );
  const all = documents.every((d) => checked[d.id]);
  // One message for every required item left unchecked, after the list; each such box points to it.
  const missing = documents.find((d) => errors[d.id]?.length);
  const errorId = `${formId}-terms-error`;
  const setAll = (on: boolean) => setChecked(Object.fromEntries(documents.map((d) => [d.id, on])));
  // The document open in the sheet (JavaScript only; without it the link opens the terms page).
  const [reading, setReading] = useState<string | null>(null);
  const [sheetWanted, setSheetWanted] = useState(false);
  const read = (id: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (typeof HTMLDialogElement === "undefined") return;
    event.preventDefault();
    setSheetWanted(true);
    setReading(id);
  };

  return (
    <fieldset className="terms-list">
      <legend className="visually-hidden">{t("signup.agree.heading")}</legend>
      <div className="terms-item terms-item--all">
        <input
          type="checkbox"
          id={`${formId}-agreeAll`}
          name="agreeAll"
          checked={all}
          onChange={(e) => setAll(e.currentTarget.checked)}
          aria-describedby={`${formId}-agreeAll-hint`}
        />
        <label htmlFor={`${formId}-agreeAll`}>{t("signup.agree.all")}</label>
      </div>
      <p className="field__hint" id={`${formId}-agreeAll-hint`}>
        {t("signup.agree.allHint")}
      </p>
      {documents.map((doc) => {
        const id = `${formId}-${doc.id}`;
        const invalid = Boolean(errors[doc.id]?.length);
        return (
          <div key={doc.id} className="terms-item">
            <input
              type="checkbox"
              id={id}
              name={doc.id}
              checked={checked[doc.id] === true}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                setChecked((c) => ({ ...c, [doc.id]: on }));
              }}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? errorId : undefined}
            />
            <label htmlFor={id}>
              {t(doc.required ? "signup.agree.required" : "signup.agree.optional")} {doc.title}
            </label>
            {doc.hasText ? (
              <a href={`/member/terms#${doc.id}`} target="_blank" rel="noopener" onClick={read(doc.id)}>
                {t("signup.agree.view")}
                <span className="visually-hidden"> {doc.title}</span>
              </a>
            ) : null}
          </div>
        );
      })}
      <FieldError id={errorId} errors={missing ? errors[missing.id] : undefined} />
      {sheetWanted ? (
        <Suspense fallback={null}>
          <TermsSheet
            documentId={reading}
            onClose={() => setReading(null)}
            onAgree={(id) => {
              setChecked((c) => ({ ...c, [id]: true }));
              setReading(null);
            }}
          />
        </Suspense>
      ) : null}
    </fieldset>
  );
}
