/**
 * Member information: the name and nationality can be changed here; the ID, the
 * number and the visa are shown with a way to the page that changes each. The name
 * is held by Firebase Auth too: both change, or neither (members/account.server.ts).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { Confirmation, featureStyles, formatDate, RouteErrorBoundary } from "~/pageKit";
import {
  FieldError,
  firstErrorOf,
  FormAlert,
  getFormProps,
  getInputProps,
  NationalityField,
  SubmitButton,
  useForm,
} from "~/formKit";
import {
  json,
  redirect,
  saved,
  changeName,
  changeProfile,
  countriesIn,
  invalid,
  languageOf,
  memberInfoSchema,
  parseForm,
  refuse,
  requireMember,
  settingsView,
  type MemberInfoFields,
} from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.forms, featureStyles.mypage],
  i18n: ["mypage"],
  layout: "default",
  title: "titles.memberInfo",
  tab: "mypage",
  back: "/mypage",
  personal: true,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await requireMember(request, context.services);
  const lng = await languageOf(request);
  const view = await settingsView(context.services, member, lng, formatDate(new Date()));
  if (!view) throw redirect("/member/start");
  return json({
    name: view.name,
    nationality: view.nationality?.name ?? "",
    signInId: view.signInId,
    phone: view.phone,
    visa: view.visa?.label ?? null,
    countries: countriesIn(lng),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const member = await requireMember(request, services);
  const parsed = await parseForm({ request, context }, memberInfoSchema(await languageOf(request)));
  if (parsed.refused) return parsed.refused;
  const { submission } = parsed;
  if (submission.status !== "success") return invalid(submission);
  const { name, nationality } = submission.value;
  const profile = await services.stores.members.profile(member.uid);
  if (profile && profile.name !== name) {
    const renamed = await changeName(services, member.uid, name);
    if (!renamed.ok) return refuse(submission, renamed.problem);
  }
  const changed = await changeProfile(services, member.uid, { nationality });
  if (!changed.ok) return refuse(submission, changed.problem);
  return saved(submission);
}

export default function MemberInfoRoute() {
  const { t } = useTranslation("mypage");
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<MemberInfoFields>({
    id: "member-info",
    lastResult,
    defaultValue: { name: data.name, nationality: data.nationality },
    shouldValidate: "onSubmit",
  });
  const focus = firstErrorOf(form);
  return (
    <Form method="post" className="form settings-form" {...getFormProps(form)}>
      <FormAlert id={form.errorId} errors={form.errors} />
      {lastResult && "saved" in lastResult ? (
        <Confirmation answer={lastResult}>
          <p>{t("userInfo.saved")}</p>
        </Confirmation>
      ) : null}
      <div className="field">
        <label htmlFor={fields.name.id}>{t("userInfo.name")}</label>
        <input
          {...getInputProps(fields.name, { type: "text" })}
          key={fields.name.key}
          autoComplete="name"
          autoFocus={focus === "name"}
          maxLength={50}
          aria-describedby={`${fields.name.id}-hint ${fields.name.errorId}`}
        />
        <p className="field__hint" id={`${fields.name.id}-hint`}>
          {t("userInfo.nameHint")}
        </p>
        <FieldError id={fields.name.errorId} errors={fields.name.errors} />
      </div>
      <NationalityField
        key={fields.nationality.key}
        id={fields.nationality.id}
        name={fields.nationality.name}
        defaultValue={String(fields.nationality.initialValue ?? data.nationality)}
        countries={data.countries}
        errorId={fields.nationality.errorId}
        errors={fields.nationality.errors}
        autoFocus={focus === "nationality"}
        label={t("summary.nationality")}
        hint={t("userInfo.nationalityHint")}
      />
      <dl className="readonly-facts">
        {data.signInId ? (
          <div>
            <dt>{t("userInfo.id")}</dt>
            <dd>
              <bdi dir="ltr">{data.signInId}</bdi>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t("userInfo.phone")}</dt>
          <dd>
            {data.phone ? <bdi dir="ltr">{data.phone}</bdi> : t("summary.notSet")}
            <Link to="/mypage/phone">{t("userInfo.changePhone")}</Link>
          </dd>
        </div>
        <div>
          <dt>{t("userInfo.visa")}</dt>
          <dd>
            {data.visa ?? t("summary.noVisa")}
            <Link to="/mypage/visa">{t("userInfo.changeVisa")}</Link>
          </dd>
        </div>
      </dl>
      <SubmitButton>{t("userInfo.save")}</SubmitButton>
    </Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
