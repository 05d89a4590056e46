/**
 * A form of my page that saves in place (/mypage/userInfo, /mypage/addInfo): the form's message, "saved" once
 * it is, the nationality, facts changed elsewhere (the visa last), each with the way to the page that changes
 * it, the route's own fields around them, and the button (members/settings.server.ts is the server side). The
 * routes keep their address, title, heading, words and fields (docs/decisions/0050).
 */
import { getFormProps, type DefaultValue, type Fieldset, type SubmissionResult } from "~/lib/formState";
import { Form, Link, useActionData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/useTranslation";
import { Confirmation } from "./Confirmation";
import { firstErrorOf, FormAlert, SubmitButton, useForm } from "./form";
import { NationalityField } from "./NationalityField";

export function SettingsForm<Fields extends Record<string, unknown> & { nationality?: string }>({
  id,
  data,
  defaultValue,
  heading,
  saved,
  submit,
  before,
  facts,
  after,
}: {
  /** The form's id (its fields' ids follow it). */
  id: string;
  /** The countries to choose from, the nationality and the visa stored now (named in the page's language). */
  data: { countries: readonly { code: string; name: string }[]; nationality: string; visa: string | null };
  /** What is stored now. */
  defaultValue: DefaultValue<Fields>;
  heading?: string;
  /** What the page says once saved, and what its button says. */
  saved: string;
  submit: string;
  /** The route's fields before the nationality and after the facts, given the form's fields and the field the last submit found wrong first (it opens focused). */
  before?: (fields: Fieldset<Fields>, focus: string | null) => ReactNode;
  after?: (fields: Fieldset<Fields>, focus: string | null) => ReactNode;
  /** Facts shown before the visa (`SettingsFact`s). */
  facts?: ReactNode;
}) {
  const { t } = useTranslation("mypage");
  // The route's action answers (members/settings.server.ts `settingsFormAction`): `saved` once the change is made.
  const lastResult = useActionData<SubmissionResult<string[]> & { saved?: true }>();
  const [form, fields] = useForm<Fields>({ id, lastResult, defaultValue, shouldValidate: "onSubmit" });
  const focus = firstErrorOf(form);
  // Every settings form has the nationality field (the generic form's names are not known here).
  const nationality = (fields as unknown as Fieldset<{ nationality?: string }>).nationality;
  return (
    <Form method="post" className="form settings-form" {...getFormProps(form)}>
      {heading ? <h2>{heading}</h2> : null}
      <FormAlert id={form.errorId} errors={form.errors} />
      {lastResult?.saved ? (
        <Confirmation answer={lastResult}>
          <p>{saved}</p>
        </Confirmation>
      ) : null}
      {before?.(fields, focus)}
      <NationalityField
        key={nationality.key}
        id={nationality.id}
        name={nationality.name}
        defaultValue={String(nationality.initialValue ?? data.nationality)}
        countries={data.countries}
        errorId={nationality.errorId}
        errors={nationality.errors}
        autoFocus={focus === "nationality"}
        label={t("summary.nationality")}
        hint={t("userInfo.nationalityHint")}
      />
      <dl className="readonly-facts">
        {facts}
        {/* The visa is chosen on /mypage/visa. */}
        <SettingsFact label={t("userInfo.visa")} change={{ to: "/mypage/visa", label: t("userInfo.changeVisa") }}>
          {data.visa ?? t("summary.noVisa")}
        </SettingsFact>
      </dl>
      {after?.(fields, focus)}
      <SubmitButton>{submit}</SubmitButton>
    </Form>
  );
}

/** A fact the form shows but does not change, with the way to the page that does (in a `readonly-facts` list). */
export function SettingsFact({
  label,
  children,
  change,
}: {
  label: string;
  children: ReactNode;
  change?: { to: string; label: string };
}) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        {children}
        {change ? <Link to={change.to}>{change.label}</Link> : null}
      </dd>
    </div>
  );
}
