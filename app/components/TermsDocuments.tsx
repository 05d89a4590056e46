/** The full text of every terms document, each with its version: on the joins' terms page and on my page. */
import { useTranslation } from "~/i18n/useTranslation";
import type { TermsText } from "~/signup/termsView.server";
import { Branded } from "./Branded";

export function TermsDocuments({ documents }: { documents: readonly TermsText[] }) {
  const { t } = useTranslation("signup");
  return (
    <div className="terms-doc">
      <p>
        <Branded>{t("termsPage.intro")}</Branded>
      </p>
      {documents.map((doc) => (
        <section key={doc.id} id={doc.id} aria-labelledby={`${doc.id}-title`}>
          <h2 id={`${doc.id}-title`}>
            {doc.kind === "consent" ? `${t(doc.required ? "signup.agree.required" : "signup.agree.optional")} ` : null}
            {doc.title}
          </h2>
          <p className="muted">{doc.effective}</p>
          {doc.sections.map((section) => (
            <div key={section.heading}>
              <h3>{section.heading}</h3>
              <p>
                <Branded>{section.body}</Branded>
              </p>
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}
