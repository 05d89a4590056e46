/**
 * The additional information joining asked for, changed: nationality and the visa's
 * expiry date (the reminders follow the new date; an empty date removes it). The
 * visa itself is chosen on /mypage/visa.
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
  addInfoSchema,
  changeProfile,
  countriesIn,
  invalid,
  languageOf,
  parseForm,
  refuse,
  requireMember,
  settingsView,
  type AddInfoChangeFields,
} from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.forms, featureStyles.mypage],
  i18n: ["mypage"],
  layout: "default",
  title: "titles.editAddInfo",
  tab: "mypage",
  back: "/mypage",
  personal: true,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await requireMember(request, context.services);
  const lng = await languageOf(request);
  const today = formatDate(new Date());
  const view = await settingsView(context.services, member, lng, today);
  if (!view) throw redirect("/member/start");
  return json({
    nationality: view.nationality?.name ?? "",
    visaExpiry: view.stay?.expiresOn ?? "",
    visa: view.visa?.label ?? null,
    countries: countriesIn(lng),
    today,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const member = await requireMember(request, services);
  const schema = addInfoSchema(await languageOf(request), formatDate(new Date()));
  const parsed = await parseForm({ request, context }, schema);
  if (parsed.refused) return parsed.refused;
  const { submission } = parsed;
  if (submission.status !== "success") return invalid(submission);
  const { nationality, visaExpiry } = submission.value;
  const changed = await changeProfile(services, member.uid, { nationality, visaExpiresOn: visaExpiry });
  if (!changed.ok) return refuse(submission, changed.problem);
  return saved(submission);
}

export default function AddInfoRoute() {
  const { t } = useTranslation("mypage");
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<AddInfoChangeFields>({
    id: "add-info",
    lastResult,
    defaultValue: { nationality: data.nationality, visaExpiry: data.visaExpiry },
    shouldValidate: "onSubmit",
  });
  const focus = firstErrorOf(form);
  return (
    <Form method="post" className="form settings-form" {...getFormProps(form)}>
      <h2>{t("addInfo.heading")}</h2>
      <FormAlert id={form.errorId} errors={form.errors} />
      {lastResult && "saved" in lastResult ? (
        <Confirmation answer={lastResult}>
          <p>{t("addInfo.saved")}</p>
        </Confirmation>
      ) : null}
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
        <div>
          <dt>{t("userInfo.visa")}</dt>
          <dd>
            {data.visa ?? t("summary.noVisa")}
            <Link to="/mypage/visa">{t("userInfo.changeVisa")}</Link>
          </dd>
        </div>
      </dl>
      <div className="field">
        <label htmlFor={fields.visaExpiry.id}>{t("addInfo.visaExpiry")}</label>
        <input
          {...getInputProps(fields.visaExpiry, { type: "date" })}
          key={fields.visaExpiry.key}
          min={data.today}
          max="2099-12-31"
          autoFocus={focus === "visaExpiry"}
          aria-describedby={`${fields.visaExpiry.id}-hint ${fields.visaExpiry.errorId}`}
        />
        <p className="field__hint" id={`${fields.visaExpiry.id}-hint`}>
          {t("addInfo.visaExpiryHint")} {t("addInfo.clearExpiry")}
        </p>
        <FieldError id={fields.visaExpiry.errorId} errors={fields.visaExpiry.errors} />
      </div>
      <SubmitButton>{t("addInfo.save")}</SubmitButton>
    </Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
