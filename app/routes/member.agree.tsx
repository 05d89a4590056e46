/**
 * Sign-up with an ID (or joining with Google), step 1: the terms. What was agreed,
 * and each document's version, is recorded at the end.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import type { SignupKind } from "~/signup/steps";
import { Branded, featureStyles, RouteErrorBoundary } from "~/pageKit";
import { FormAlert, getFormProps, Honeypot, PartnerDoor, SignupStep, SubmitButton, useForm } from "~/formKit";
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
  agreeSchema,
  requiredOf,
  termsChecklistIn,
  consentsInForce,
  versionsShown,
  type AgreeFields,
  stepAfter,
  stepPosition,
} from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.forms, featureStyles.join],
  i18n: ["signup", "auth"],
  layout: "simple",
  title: "titles.signUp",
  back: "/member/start",
  rateLimit: "auth-form",
  personal: true,
};

const STEP = "/member/agree";
const KINDS = ["id", "google"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const open = await openStep(request, context.services, KINDS, STEP);
  const kind: SignupKind = open?.draft.kind ?? "id";
  const returnTo = ssoReturn(new URL(request.url).searchParams.get("redirectTo")) ?? open?.draft.returnTo;
  return json({
    // Joining on the way to a partner's request (single sign-on): named, and gone back to at the end.
    partner: await partnerOfReturn(context.services, returnTo),
    documents: await termsChecklistIn(context.services, await languageOf(request)),
    defaults: open?.draft.terms?.choices ?? {},
    step: stepPosition(kind, STEP, open?.draft),
    googleEmail: open?.draft.google?.email ?? null,
  });
}

/** The partner's request a join started from its sign-in doors goes back to (the address's `redirectTo`). */
function returnToOf(request: Request) {
  const returnTo = ssoReturn(new URL(request.url).searchParams.get("redirectTo"));
  return returnTo ? { returnTo } : {};
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const open = await openStep(request, services, KINDS, STEP);
  const kind: SignupKind = open?.draft.kind ?? "id";
  const drafts = signupDrafts(services);
  const inForce = await consentsInForce(services);
  const parsed = await parseForm({ request, context }, agreeSchema(requiredOf(inForce)), { defaultIntent: "agree" });
  if (parsed.refused) return parsed.refused;
  const { submission, bot } = parsed;
  if (submission.status !== "success") return invalid(submission);
  if (submission.value.intent === "discard") {
    // Joining with Google, but the member would rather join another way.
    return redirect("/member/start", open ? { headers: { "Set-Cookie": await drafts.discard(open.id) } } : {});
  }
  if (bot) return refuse(submission, "signUpFailed");

  const terms = { choices: submission.value.choices!, at: Date.now(), versions: versionsShown(inForce) };
  const cookies = open
    ? [await drafts.save({ id: open.id, draft: { ...open.draft, terms } })]
    : (await drafts.start(request, { kind, terms, ...returnToOf(request) })).cookies;
  return redirect(stepAfter(kind, STEP)!, { headers: withCookies(new Headers(), cookies) });
}

export default function AgreeRoute() {
  const { t } = useTranslation("signup");
  const { documents, defaults, step, googleEmail, partner } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<AgreeFields>({ id: "agree", lastResult, shouldValidate: "onSubmit" });
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <SignupStep {...step} />
      <h2>
        <Branded>{t("signup.agree.heading")}</Branded>
      </h2>
      <PartnerDoor partner={partner} join />
      {googleEmail ? <p className="signup-google">{t("signup.google.joining", { email: googleEmail })}</p> : null}
      <FormAlert id={form.errorId} errors={form.errors} />
      <TermsChecklist
        formId={form.id}
        documents={documents}
        defaults={defaults}
        submitted={lastResult?.initialValue}
        errors={{
          service: fields.service?.errors,
          privacy: fields.privacy?.errors,
          age14: fields.age14?.errors,
        }}
      />
      <Honeypot />
      <SubmitButton name="intent" value="agree">
        {t("signup.agree.submit")}
      </SubmitButton>
      {googleEmail ? (
        <button type="submit" name="intent" value="discard" className="link-button" formNoValidate>
          {t("signup.google.other")}
        </button>
      ) : null}
    </Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
