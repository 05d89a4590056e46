/**
 * Change the mobile number, step 1: the new number. A code is texted to it (the
 * verification step, purpose "phoneChange"); whether another member uses it is
 * only said once the code has proven the phone (step 2). Needs a recent sign-in.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { Confirmation, featureStyles, RouteErrorBoundary, SentenceWithLtr } from "~/pageKit";
import { firstErrorOf, FormAlert, getFormProps, PhoneField, SubmitButton, useForm } from "~/formKit";
import {
  json,
  redirect,
  invalid,
  languageOf,
  maskPhone,
  newPhoneSchema,
  parseForm,
  phoneChangeFlow,
  phoneCountriesIn,
  refuse,
  requireRecentMember,
  sendCode,
  withCookies,
  type NewPhoneFields,
} from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.forms, featureStyles.mypage],
  i18n: ["mypage", "auth"],
  layout: "default",
  title: "titles.phoneChange",
  tab: "mypage",
  back: "/mypage",
  rateLimit: "auth-form",
  personal: true,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const done = new URL(request.url).searchParams.has("done");
  const member = await requireRecentMember(request, context.services);
  const profile = await context.services.stores.members.profile(member.uid);
  if (!profile) throw redirect("/member/start");
  return json({
    current: profile.phoneNumber ? maskPhone(profile.phoneNumber) : null,
    countries: phoneCountriesIn(await languageOf(request)),
    done,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const member = await requireRecentMember(request, services);
  const parsed = await parseForm({ request, context }, newPhoneSchema);
  if (parsed.refused) return parsed.refused;
  const { submission, bot } = parsed;
  if (submission.status !== "success") return invalid(submission);
  if (bot) return refuse(submission, "smsFailed");
  const { phone } = submission.value;
  const profile = await services.stores.members.profile(member.uid);
  if (profile?.phoneNumber === phone) return refuse(submission, "sameNumber");
  const sent = await sendCode(request, services, context.clientAddress, phone, "phoneChange");
  const headers = withCookies(new Headers(), sent.cookies);
  if (!sent.ok) return refuse(submission, sent.problem, { headers });
  const started = await phoneChangeFlow(services).start(request, {
    uid: member.uid,
    phone,
    codeId: sent.pending.codeId,
  });
  return redirect("/mypage/phone/authNo", { headers: withCookies(headers, started.cookies) });
}

export default function PhoneChangeRoute() {
  const { t } = useTranslation("mypage");
  const { current, countries, done } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<NewPhoneFields>({ id: "phone-change", lastResult, shouldValidate: "onSubmit" });
  return (
    <Form method="post" className="form settings-form" {...getFormProps(form)}>
      {done ? (
        <Confirmation answer={done}>
          <p>{t("phone.done")}</p>
        </Confirmation>
      ) : null}
      {current ? (
        <p>
          <SentenceWithLtr sentence={(slot) => t("phone.current", { phone: slot })} value={current} />
        </p>
      ) : null}
      <p className="field__hint">{t("phone.intro")}</p>
      <FormAlert id={form.errorId} errors={form.errors} />
      <PhoneField
        field={fields.phone}
        country={fields.country}
        countries={countries}
        autoFocus={firstErrorOf(form) === "phone"}
      />
      <SubmitButton>{t("phone.send")}</SubmitButton>
    </Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
