/**
 * Reporting a feed (`?itemCd=`) or one of its comments (`&comment=`): a reason,
 * and words when the reason is "other". One report per member per item; enough
 * members' reports hide the item until a moderator looks (COMMUNITY_REPORT_THRESHOLD).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { Confirmation, featureStyles, RouteErrorBoundary, SentenceWithValues } from "~/pageKit";
import { FieldError, firstErrorOf, FormAlert, getFormProps, SubmitButton, useForm } from "~/formKit";
import {
  excerpt,
  invalid,
  isId,
  json,
  notFound,
  parseForm,
  refuse,
  report,
  REPORT_REASONS,
  REPORT_TEXT_MAX,
  reportSchema,
  requireMember,
  type ReportFields,
} from "~/routeKit.server";
import type { Services } from "~/context";
import type { ReportTarget } from "~/stores/stores";

export const handle: PageHandle = {
  styles: [featureStyles.forms, featureStyles.community],
  i18n: ["community"],
  layout: "default",
  title: "titles.report",
  tab: "community",
  back: "/community",
  personal: true,
};

/** What is reported, from the URL: a 404 for anything malformed, unknown or already hidden. */
async function reported(request: Request, services: Services) {
  const url = new URL(request.url);
  const feedId = url.searchParams.get("itemCd");
  const commentId = url.searchParams.get("comment");
  if (!isId(feedId) || (commentId !== null && !isId(commentId))) notFound(request);
  const feed = await services.stores.feeds.get(feedId);
  if (!feed || feed.status !== "visible") notFound(request);
  if (commentId === null) {
    return {
      target: { kind: "feed", id: feed.id } as ReportTarget,
      feedId: feed.id,
      text: feed.text,
      authorUid: feed.author.uid,
    };
  }
  const comment = await services.stores.comments.get(commentId);
  if (!comment || comment.feedId !== feed.id || comment.status !== "visible") notFound(request);
  return {
    target: { kind: "comment", id: comment.id } as ReportTarget,
    feedId: feed.id,
    text: comment.text,
    authorUid: comment.author.uid,
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await requireMember(request, context.services);
  const item = await reported(request, context.services);
  return json({
    kind: item.target.kind,
    feedId: item.feedId,
    excerpt: excerpt(item.text, 120),
    textMax: REPORT_TEXT_MAX,
    own: item.authorUid === member.uid,
    reasons: REPORT_REASONS,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const member = await requireMember(request, services);
  const item = await reported(request, services);
  const parsed = await parseForm({ request, context }, reportSchema);
  if (parsed.refused) return parsed.refused;
  const { submission } = parsed;
  if (submission.status !== "success") return invalid(submission);
  if (parsed.bot) return json({ ...submission.reply({ resetForm: true }), reported: true as const });
  const done = await report(services, member.uid, {
    target: item.target,
    reason: submission.value.reason,
    text: submission.value.text || null,
  });
  if (!done.ok) return refuse(submission, done.problem);
  return json({ ...submission.reply({ resetForm: true }), reported: true as const });
}

export default function ReportRoute() {
  const { t } = useTranslation("community");
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [form, fields] = useForm<ReportFields>({ id: "report", lastResult: result, shouldValidate: "onSubmit" });
  const focus = firstErrorOf(form);
  if (result && "reported" in result) {
    return (
      <div className="done-view">
        <Confirmation answer={result} className="report-sent">
          <h2>{t("report.thanksTitle")}</h2>
          <p className="done-view__text">{t("report.thanks")}</p>
        </Confirmation>
        <Link className="button button--primary button--block" to={`/community/${data.feedId}`}>
          {t("report.back")}
        </Link>
      </div>
    );
  }
  if (data.own) {
    return (
      <div className="community">
        <p className="notice notice--warning">{t("report.own")}</p>
        <Link className="button button--secondary button--block" to={`/community/${data.feedId}`}>
          {t("report.back")}
        </Link>
      </div>
    );
  }
  const chosen = String(fields.reason.initialValue ?? "");
  return (
    <Form method="post" className="form report-form" {...getFormProps(form)}>
      <FormAlert id={form.errorId} errors={form.errors} />
      <blockquote className="report-form__item">
        <p className="muted">{t(data.kind === "feed" ? "report.feed" : "report.comment")}</p>
        <p>{data.excerpt}</p>
      </blockquote>
      <fieldset className="field">
        <legend>{t("report.reason")}</legend>
        {data.reasons.map((r, i) => (
          <label key={r} className="radio-line">
            <input
              type="radio"
              name={fields.reason.name}
              value={r}
              defaultChecked={chosen === r}
              key={`${fields.reason.key}-${r}`}
              aria-describedby={fields.reason.errorId}
              autoFocus={focus === "reason" && i === 0}
            />
            <span>{t(`report.reasons.${r}`)}</span>
          </label>
        ))}
        <FieldError id={fields.reason.errorId} errors={fields.reason.errors} />
      </fieldset>
      <div className="field">
        <label htmlFor={fields.text.id}>{t("report.details")}</label>
        <textarea
          id={fields.text.id}
          name={fields.text.name}
          key={fields.text.key}
          defaultValue={String(fields.text.initialValue ?? "")}
          rows={4}
          maxLength={data.textMax}
          aria-describedby={`${fields.text.id}-hint ${fields.text.errorId}`}
          autoFocus={focus === "text"}
        />
        <p className="field__hint" id={`${fields.text.id}-hint`}>
          <SentenceWithValues sentence={(v) => t("report.detailsHint", v)} values={{ max: data.textMax }} />
        </p>
        <FieldError id={fields.text.errorId} errors={fields.text.errors} />
      </div>
      <SubmitButton>{t("report.send")}</SubmitButton>
    </Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
