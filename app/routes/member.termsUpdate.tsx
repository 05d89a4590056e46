/**
 * The re-consent page: the versions of the terms that took effect since the member last answered, each with what
 * changed and a link to its text. Member pages send a member here while a required version waits for their
 * agreement, with the page they wanted in `redirectTo`; agreeing brings them back to it. Optional versions are
 * choices and never hold anyone back. Declining a required one says what that means (member pages stay closed;
 * public pages stay open; they may withdraw instead) and lets no one on (docs/decisions/0057).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { featureStyles, RouteErrorBoundary, SentenceWithValues } from "~/pageKit";
import { DefaultSubmit, FieldError, FormAlert, getFormProps, SubmitButton, useForm } from "~/formKit";
import {
  answerTermsUpdate,
  invalid,
  json,
  languageOf,
  parseForm,
  redirect,
  requireMember,
  safeRedirect,
  termsChangesIn,
  termsToAnswer,
  type TermsUpdateFields,
  termsUpdateSchema,
} from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.forms, featureStyles.join, featureStyles.terms],
  i18n: ["signup", "terms"],
  layout: "simple",
  title: "titles.termsUpdate",
  back: null,
  personal: true,
};

/** Where the member goes once they have answered: the page they wanted, or my page. */
const onwardOf = (request: Request) => safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/mypage");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await requireMember(request, context.services, { beforeTermsAgreed: true });
  const changes = await termsChangesIn(context.services, member.uid, await languageOf(request));
  return json({ changes, redirectTo: onwardOf(request) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const member = await requireMember(request, services, { beforeTermsAgreed: true });
  const waiting = await termsToAnswer(services, member.uid);
  const schema = termsUpdateSchema(waiting.filter((v) => v.required));
  const parsed = await parseForm({ request, context }, schema, { defaultIntent: "agree" });
  if (parsed.refused) return parsed.refused;
  const { submission } = parsed;
  if (submission.status !== "success") return invalid(submission);
  const outcome = await answerTermsUpdate(services, member.uid, submission.value);
  if (outcome.kind === "continue") return redirect(outcome.to);
  return json({ ...submission.reply(), declined: true as const });
}

export default function TermsUpdateRoute() {
  const { t, language } = useTranslation(["terms", "signup"]);
  const { changes, redirectTo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [form, fields] = useForm<TermsUpdateFields>({
    id: "terms-update",
    lastResult: result,
    shouldValidate: "onSubmit",
  });
  const retry = `/member/termsUpdate?redirectTo=${encodeURIComponent(redirectTo)}`;

  if (result && "declined" in result) {
    return (
      <div className="terms-update" role="status">
        <h2>{t("termsUpdate.declined.heading")}</h2>
        <p>{t("termsUpdate.declined.consequence")}</p>
        <p>{t("termsUpdate.declined.withdraw")}</p>
        <Link className="button button--primary button--block" to={retry}>
          {t("termsUpdate.declined.review")}
        </Link>
        <Link className="button button--secondary button--block" to="/mypage/secede">
          {t("termsUpdate.declined.secede")}
        </Link>
        <Link className="button button--secondary button--block" to="/">
          {t("termsUpdate.declined.home")}
        </Link>
      </div>
    );
  }

  if (changes.length === 0) {
    return (
      <div className="terms-update" role="status">
        <h2>{t("termsUpdate.done.heading")}</h2>
        <p>{t("termsUpdate.done.text")}</p>
        <Link className="button button--primary button--block" to={redirectTo}>
          {t("termsUpdate.done.continue")}
        </Link>
      </div>
    );
  }

  const required = changes.some((c) => c.required);
  const missing = changes.find((c) => fields[c.document].errors?.length);
  const errorId = `${form.id}-terms-error`;
  return (
    <Form method="post" className="form terms-update" {...getFormProps(form)}>
      <DefaultSubmit name="intent" value="agree" />
      <h2>{t("termsUpdate.heading")}</h2>
      <p>{t(required ? "termsUpdate.introRequired" : "termsUpdate.introOptional")}</p>
      <FormAlert id={form.errorId} errors={form.errors} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {changes.map((change) => {
        const boxId = `${form.id}-${change.document}`;
        const invalidBox = Boolean(fields[change.document].errors?.length);
        const original = change.language !== language;
        return (
          <section key={change.document} className="terms-change" aria-labelledby={`${boxId}-title`}>
            <h3 id={`${boxId}-title`}>
              {`${t(change.required ? "signup.agree.required" : "signup.agree.optional")} `}
              <span lang={original ? change.language : undefined}>{change.title}</span>
            </h3>
            <p className="muted">
              <SentenceWithValues
                sentence={(s) => t("termsVersions.effective", s)}
                values={{ version: change.version, date: change.effectiveOn }}
              />
            </p>
            {change.summary ? (
              <>
                <h4>{t("termsVersions.summary")}</h4>
                <p lang={original ? change.language : undefined}>{change.summary}</p>
              </>
            ) : null}
            {change.hasText ? (
              <p>
                <a
                  href={`/member/terms?document=${encodeURIComponent(change.document)}&version=${encodeURIComponent(change.version)}`}
                  target="_blank"
                  rel="noopener"
                >
                  {t("termsUpdate.read")}
                  <span className="visually-hidden"> {change.title}</span>
                </a>
              </p>
            ) : null}
            <input type="hidden" name={`version.${change.document}`} value={change.version} />
            <div className="terms-item">
              <input
                type="checkbox"
                id={boxId}
                name={change.document}
                defaultChecked={result?.initialValue?.[change.document] === "on"}
                aria-invalid={invalidBox || undefined}
                aria-describedby={invalidBox ? errorId : undefined}
              />
              <label htmlFor={boxId}>
                {/* One flex item: the sentence flows as text around the isolated title. */}
                <span>
                  <SentenceWithValues sentence={(w) => t("termsUpdate.agreeTo", w)} words={{ title: change.title }} />
                </span>
              </label>
            </div>
          </section>
        );
      })}
      <FieldError id={errorId} errors={missing ? fields[missing.document].errors : undefined} />
      <SubmitButton name="intent" value="agree">
        {t("termsUpdate.agree")}
      </SubmitButton>
      <button type="submit" name="intent" value="decline" className="link-button" formNoValidate>
        {t(required ? "termsUpdate.decline" : "termsUpdate.notNow")}
      </button>
    </Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
