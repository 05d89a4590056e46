/**
 * The terms documents, each in its version in force with its effective date and the list of its versions
 * (earlier ones and announced ones are links); or one version alone, with what changed. On the joins' terms page
 * and on my page (`base`: the page's own path, which the version links stay on).
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { TermsPageData, TermsText } from "~/terms/view.server";
import { Branded } from "./Branded";
import { SentenceWithValues } from "./SentenceWithLtr";
import { languageMarks, UntranslatedNote } from "./Untranslated";

function VersionList({ doc, base }: { doc: TermsText; base: string }) {
  const { t } = useTranslation("terms");
  const listId = `${doc.id}-versions`;
  return (
    <nav className="terms-versions" aria-labelledby={listId}>
      <h3 id={listId}>
        <SentenceWithValues sentence={(w) => t("termsVersions.versionsOf", w)} words={{ title: doc.title }} />
      </h3>
      <ul>
        {doc.versions.map((v) => {
          const current = v.version === doc.version;
          return (
            <li key={v.version}>
              <Link
                to={`${base}?document=${encodeURIComponent(doc.id)}&version=${encodeURIComponent(v.version)}`}
                aria-current={current ? "page" : undefined}
              >
                <SentenceWithValues
                  sentence={(s) => t("termsVersions.version", s)}
                  values={{ version: v.version, date: v.effectiveOn }}
                />
              </Link>{" "}
              <span className={`terms-status terms-status--${v.status}`}>{t(`termsVersions.status.${v.status}`)}</span>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function TermsDocuments({ page, base }: { page: TermsPageData; base: string }) {
  const { t, language } = useTranslation(["signup", "terms"]);
  return (
    <div className="terms-doc">
      {page.single ? (
        <p>
          <Link to={base}>{t("termsVersions.allInForce")}</Link>
        </p>
      ) : (
        <p>
          <Branded>{t("termsPage.intro")}</Branded>
        </p>
      )}
      {page.documents.map((doc) => {
        // The Korean original on another language's page: its blocks marked with its language and direction, the
        // page's own words inside them with the page's.
        const original = doc.language !== language;
        const marks = languageMarks(original ? doc.language : null);
        const pageMarks = languageMarks(original ? language : null);
        return (
          <section key={doc.id} id={doc.id} aria-labelledby={`${doc.id}-title`}>
            <h2 id={`${doc.id}-title`} {...marks}>
              {doc.kind === "consent" ? (
                <span {...pageMarks}>{`${t(doc.required ? "signup.agree.required" : "signup.agree.optional")} `}</span>
              ) : null}
              {doc.title}
            </h2>
            <p className="muted">
              <SentenceWithValues
                sentence={(s) => t("termsVersions.effective", s)}
                values={{ version: doc.version, date: doc.effectiveOn }}
              />
              {doc.status === "inForce" ? null : (
                <>
                  {" "}
                  <span className={`terms-status terms-status--${doc.status}`}>
                    {t(`termsVersions.status.${doc.status}`)}
                  </span>
                </>
              )}
            </p>
            {doc.languageName ? <UntranslatedNote language={doc.languageName} /> : null}
            <div {...marks}>
              {page.single && doc.summary ? (
                <div className="terms-summary">
                  <h3 {...pageMarks}>{t("termsVersions.summary")}</h3>
                  <p>
                    <Branded>{doc.summary}</Branded>
                  </p>
                </div>
              ) : null}
              {doc.sections.map((section) => (
                <div key={section.heading}>
                  <h3>{section.heading}</h3>
                  <p>
                    <Branded>{section.body}</Branded>
                  </p>
                </div>
              ))}
            </div>
            {page.single || doc.versions.length > 1 ? <VersionList doc={doc} base={base} /> : null}
          </section>
        );
      })}
    </div>
  );
}
