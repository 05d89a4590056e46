/** The full text of every terms document, each with its version, linked from the sign-up checklists. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { Branded, featureStyles, RouteErrorBoundary } from "~/pageKit";
import { json, languageOf, termsTextsIn } from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.terms],
  i18n: ["signup"],
  layout: "default",
  title: "titles.terms",
  back: "/member/agree",
};

export async function loader({ request }: LoaderFunctionArgs) {
  return json({ documents: await termsTextsIn(await languageOf(request)) });
}

export default function TermsRoute() {
  const { t } = useTranslation("signup");
  const { documents } = useLoaderData<typeof loader>();
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

export const ErrorBoundary = RouteErrorBoundary;
