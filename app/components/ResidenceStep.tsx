/**
 * The last step of both joins as a page (/member/addInfo, /sign/choiceNation): where the join stands, the
 * heading, the form's message, (the phone join: the name,) nationality, visa and its expiry date, and the
 * button that makes the account (signup/residenceStep.server.ts is its server side). The routes keep what
 * differs: their address, layout, title, back link and namespaces, which joins may open them and the page
 * after (docs/decisions/0050).
 */
import { getFormProps, type SubmissionResult } from "~/lib/formState";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/useTranslation";
import type { AddInfoFields } from "~/signup/schemas.server";
import type { residenceStepData } from "~/signup/residenceStep.server";
import { DefaultSubmit, firstErrorOf, FormAlert, NameField, SubmitButton, useForm } from "./form";
import { ResidenceFields } from "./ResidenceFields";
import { SignupStep } from "./SignupStep";

export type ResidenceStepData = Awaited<ReturnType<typeof residenceStepData>>;

export function ResidenceStep({
  id,
  data,
  lastResult,
  askName = false,
  after,
}: {
  /** The form's id (its fields' ids follow it). */
  id: string;
  data: ResidenceStepData;
  lastResult: SubmissionResult<string[]> | undefined;
  /** The phone join asks the name on this step too (decision 0044). */
  askName?: boolean;
  /** What the route draws below the form, given the form's message as shown now (a way on that it explains). */
  after?: (formError: string | undefined) => ReactNode;
}) {
  const { t } = useTranslation("signup");
  const [form, fields] = useForm<AddInfoFields>({
    id,
    lastResult,
    defaultValue: { name: data.name, nationality: data.nationality, visa: data.visa, visaExpiry: data.visaExpiry },
    shouldValidate: "onSubmit",
  });
  const focus = firstErrorOf(form);
  return (
    <>
      <Form method="post" className="form" {...getFormProps(form)}>
        <SignupStep {...data.step} />
        <h2>{t(askName ? "signup.add.headingWithName" : "signup.add.heading")}</h2>
        <FormAlert id={form.errorId} errors={form.errors} />
        <DefaultSubmit name="intent" value="join" />
        {askName ? (
          <NameField
            field={fields.name}
            label={t("signup.user.name")}
            hint={t("signup.user.nameHint")}
            autoFocus={!lastResult || focus === "name"}
          />
        ) : null}
        <ResidenceFields
          fields={fields}
          countries={data.countries}
          nationality={data.nationality}
          visa={data.visa}
          visaLabel={data.visaLabel}
          focus={focus}
        />
        <SubmitButton name="intent" value="join">
          {t("signup.add.submit")}
        </SubmitButton>
      </Form>
      {after?.(form.errors?.[0])}
    </>
  );
}
