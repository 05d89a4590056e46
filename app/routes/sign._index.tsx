/**
 * Sign-up with a phone, step 1: the terms and the mobile number. A code is sent
 * only when the required terms are agreed; whether the number already has an
 * account is said after the code proves the phone. A draft that already holds a
 * proven number (phone sign-in found no account for it, or the visitor came back
 * here) asks for the terms only: no second text.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { featureStyles, RouteErrorBoundary, SentenceWithLtr } from "~/pageKit";
import {
  firstErrorOf,
  FormAlert,
  getFormProps,
  Honeypot,
  PartnerDoor,
  PhoneField,
  SignupStep,
  SubmitButton,
  useForm,
} from "~/formKit";
import { TermsChecklist } from "~/kits/agree";
import {
  json,
  redirect,
  invalid,
  parseForm,
  refuse,
  withCookies,
  languageOf,
  signupDrafts,
  partnerOfReturn,
  ssoReturn,
  openStep,
  sendJoinCode,
  joinByPhoneSchema,
  termsSchema,
  maskPhone,
  termsChecklistIn,
  consentsInForce,
  requiredOf,
  versionsShown,
  phoneCountriesIn,
  stepPosition,
  type JoinByPhoneFields,
} from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.forms, featureStyles.join],
  i18n: ["signup", "auth"],
  layout: "join",
  title: "titles.signUp",
  back: "/member/start",
  rateLimit: "auth-form",
  personal: true,
};

const STEP = "/sign";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const open = await openStep(request, context.services, "phone", STEP);
  const proven = open?.draft.phone && !open.draft.pending ? open.draft.phone : null;
  const lng = await languageOf(request);
  const returnTo = ssoReturn(new URL(request.url).searchParams.get("redirectTo")) ?? open?.draft.returnTo;
  return json({
    // Joining on the way to a partner's request (single sign-on): named, and gone back to at the end.
    partner: await partnerOfReturn(context.services, returnTo),
    step: stepPosition("phone", STEP, open?.draft),
    countries: phoneCountriesIn(lng),
    documents: await termsChecklistIn(context.services, lng),
    defaults: open?.draft.terms?.choices ?? {},
    provenPhone: proven ? maskPhone(proven) : null,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const open = await openStep(request, services, "phone", STEP);
  const inForce = await consentsInForce(services);
  const required = requiredOf(inForce);
  if (open?.draft.phone && !open.draft.pending) {
    // The number is proven already: only the terms are asked for, then the last step (the code step is not shown).
    const parsed = await parseForm({ request, context }, termsSchema(required));
    if (parsed.refused) return parsed.refused;
    const { submission, bot } = parsed;
    if (submission.status !== "success") return invalid(submission);
    if (bot) return refuse(submission, "signUpFailed");
    const terms = { choices: submission.value, at: Date.now(), versions: versionsShown(inForce) };
    const next = { ...open, draft: { ...open.draft, terms } };
    return redirect("/sign/choiceNation", {
      headers: withCookies(new Headers(), [await signupDrafts(services).save(next)]),
    });
  }
  const parsed = await parseForm({ request, context }, joinByPhoneSchema(required));
  if (parsed.refused) return parsed.refused;
  const { submission, bot } = parsed;
  if (submission.status !== "success") return invalid(submission);
  if (bot) return refuse(submission, "signUpFailed");

  const { phone, choices } = submission.value;
  const terms = { choices, at: Date.now(), versions: versionsShown(inForce) };
  const returnTo = ssoReturn(new URL(request.url).searchParams.get("redirectTo"));
  const base = open ?? { id: "", draft: { kind: "phone" as const, ...(returnTo ? { returnTo } : {}) } };
  const withTerms = { id: base.id, draft: { ...base.draft, terms } };
  const sent = await sendJoinCode(request, services, context.clientAddress, withTerms, phone);
  if (!sent.ok) return refuse(submission, sent.problem, { headers: withCookies(new Headers(), sent.cookies) });
  const drafts = signupDrafts(services);
  const headers = withCookies(new Headers(), [
    ...(open ? [await drafts.save(sent.draft)] : (await drafts.start(request, sent.draft.draft)).cookies),
    ...sent.cookies,
  ]);
  return redirect("/sign/authNo", { headers });
}

export default function SignRoute() {
  const { t } = useTranslation(["auth", "signup"]);
  const { step, countries, documents, defaults, provenPhone, partner } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<JoinByPhoneFields>({
    id: "sign",
    lastResult,
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <SignupStep {...step} />
      <h2>{t("member.start.joinWithPhone")}</h2>
      <PartnerDoor partner={partner} join />
      <FormAlert id={form.errorId} errors={form.errors} />
      {provenPhone ? (
        <p className="notice notice--success" role="status">
          <SentenceWithLtr sentence={(slot) => t("login.joiningWith", { phone: slot })} value={provenPhone} />
        </p>
      ) : (
        <PhoneField
          field={fields.phone}
          country={fields.country}
          countries={countries}
          autoFocus={firstErrorOf(form) === "phone"}
        />
      )}
      <TermsChecklist
        formId={form.id}
        documents={documents}
        defaults={defaults}
        submitted={lastResult?.initialValue}
        errors={{ service: fields.service.errors, privacy: fields.privacy.errors, age14: fields.age14.errors }}
      />
      <Honeypot />
      <SubmitButton>{provenPhone ? t("signup.next") : t("login.sendCode")}</SubmitButton>
      <p className="form__links">
        <Link to="/member/agree">{t("member.start.joinWithId")}</Link>
        <Link to="/member/start">{t("member.startId.submit")}</Link>
      </p>
    </Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
