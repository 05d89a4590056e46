/**
 * Withdrawal. Says what is deleted, what is kept, for how long and under which
 * law; takes an optional reason and a confirmation: the message box with
 * JavaScript, a confirm step without it. Needs a sign-in within the last 5 minutes.
 * Then the member's data go (members/account.server.ts), every session ends and a
 * goodbye page is shown.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSubmit } from "@remix-run/react";
import { useRef, type FormEvent } from "react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { featureStyles, openMessageBox, RouteErrorBoundary } from "~/pageKit";
import { FieldError, firstErrorOf, FormAlert, getFormProps, getInputProps, useForm } from "~/formKit";
import {
  json,
  redirect,
  endSession,
  invalid,
  parseForm,
  refuse,
  requireRecentMember,
  secedeSchema,
  withdraw,
  WITHDRAWAL_REASON_MAX,
  type SecedeFields,
} from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.forms, featureStyles.mypage],
  i18n: ["mypage"],
  layout: "default",
  title: "titles.secede",
  tab: "mypage",
  back: "/mypage",
  personal: true,
};

const GOODBYE = "/mypage/secede?bye=1";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The goodbye page is for someone no longer signed in.
  if (new URL(request.url).searchParams.has("bye")) return json({ bye: true });
  // A member who does not agree to a new required version of the terms may leave instead.
  await requireRecentMember(request, context.services, Date.now(), { beforeTermsAgreed: true });
  return json({ bye: false });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const member = await requireRecentMember(request, services, Date.now(), { beforeTermsAgreed: true });
  const parsed = await parseForm({ request, context }, secedeSchema);
  if (parsed.refused) return parsed.refused;
  const { submission } = parsed;
  if (submission.status !== "success") return invalid(submission);
  if (submission.value.intent === "review") {
    // Without JavaScript: the confirm step, with the reason kept.
    return json({ ...submission.reply(), confirmStep: true, reason: submission.value.reason ?? "" });
  }
  const done = await withdraw(services, member.uid, submission.value.reason);
  if (!done.ok) return refuse(submission, done.problem);
  return redirect(GOODBYE, { headers: { "Set-Cookie": await endSession(request, services) } });
}

export default function SecedeRoute() {
  const { t } = useTranslation("mypage");
  const { t: common } = useTranslation();
  const { bye } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [form, fields] = useForm<SecedeFields>({ id: "secede", lastResult: result, shouldValidate: "onSubmit" });
  const submit = useSubmit();
  const confirmed = useRef(false);
  if (bye) {
    return (
      <div className="done-view" role="status">
        <h2>{t("secede.goodbyeTitle")}</h2>
        <p className="done-view__text">{t("secede.goodbye")}</p>
        <Link className="button button--primary button--block" to="/">
          {t("secede.home")}
        </Link>
      </div>
    );
  }
  const confirmStep = Boolean(result && "confirmStep" in result);
  const keptReason = result && "reason" in result ? String(result.reason ?? "") : "";

  // With JavaScript the first press asks in the message box and, confirmed, withdraws at once.
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (confirmed.current || confirmStep) return;
    const formElement = event.currentTarget;
    const data = new FormData(formElement);
    if (!data.get("understood")) return; // the server explains what is missing
    event.preventDefault();
    try {
      await openMessageBox(
        {
          kind: "confirm",
          title: t("secede.confirmTitle"),
          message: t("secede.confirmMessage"),
          confirmButtonText: t("secede.confirmButton"),
          cancelButtonText: t("secede.cancel"),
        },
        {
          confirm: common("dialog.confirm"),
          cancel: common("dialog.cancel"),
          close: common("dialog.close"),
          error: common("dialog.error"),
        },
      );
    } catch {
      return;
    }
    confirmed.current = true;
    data.set("intent", "confirm");
    submit(data, { method: "post" });
  }

  return (
    <div className="settings">
      <p>{t("secede.intro")}</p>
      <div className="secede-list">
        <section>
          <h2>{t("secede.deletedTitle")}</h2>
          <p>{t("secede.deleted")}</p>
        </section>
        <section>
          <h2>{t("secede.communityTitle")}</h2>
          <p>{t("secede.community")}</p>
        </section>
        <section>
          <h2>{t("secede.keptTitle")}</h2>
          <p>{t("secede.keptRecord")}</p>
          <p>{t("secede.keptLogs")}</p>
        </section>
        <p>{t("secede.rejoin")}</p>
      </div>
      <Form method="post" className="form settings-form" {...getFormProps(form)} onSubmit={onSubmit}>
        <FormAlert id={form.errorId} errors={form.errors} />
        {confirmStep ? (
          <>
            <input type="hidden" name="reason" value={keptReason} />
            <input type="hidden" name="understood" value="on" />
            <p className="notice notice--warning" role="alert">
              {t("secede.confirmStep")}
            </p>
            <button type="submit" name="intent" value="confirm" className="button button--primary button--block">
              {t("secede.confirmButton")}
            </button>
            <Link className="button button--secondary button--block" to="/mypage">
              {t("secede.cancel")}
            </Link>
          </>
        ) : (
          <>
            <div className="field">
              <label htmlFor={fields.reason.id}>{t("secede.reason")}</label>
              <textarea
                id={fields.reason.id}
                name={fields.reason.name}
                defaultValue={String(fields.reason.initialValue ?? "")}
                key={fields.reason.key}
                rows={3}
                maxLength={WITHDRAWAL_REASON_MAX}
                autoFocus={firstErrorOf(form) === "reason"}
                aria-describedby={`${fields.reason.id}-hint ${fields.reason.errorId}`}
              />
              <p className="field__hint" id={`${fields.reason.id}-hint`}>
                {t("secede.reasonHint")}
              </p>
              <FieldError id={fields.reason.errorId} errors={fields.reason.errors} />
            </div>
            <div className="field">
              <label className="choice">
                <input
                  {...getInputProps(fields.understood, { type: "checkbox" })}
                  key={fields.understood.key}
                  autoFocus={firstErrorOf(form) === "understood"}
                />
                <span>{t("secede.confirm")}</span>
              </label>
              <FieldError id={fields.understood.errorId} errors={fields.understood.errors} />
            </div>
            <button type="submit" name="intent" value="review" className="button button--primary button--block">
              {t("secede.submit")}
            </button>
          </>
        )}
      </Form>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
