/**
 * Sign-up with an ID (or joining with Google): name and mobile number, verified with a code.
 * The page has three states (enter the number, enter the code, verified), all
 * kept in the draft so the back button and a reload show the right one.
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
  NameField,
  PhoneField,
  SignupStep,
  SubmitButton,
  useForm,
} from "~/formKit";
import { CodeStep } from "~/kits/codeStep";
import {
  json,
  redirect,
  maskPhone,
  invalid,
  parseForm,
  refuse,
  withCookies,
  signupDrafts,
  requireStep,
  checkJoinCode,
  resendJoinCode,
  sendJoinCode,
  userInfoSchema,
  type OpenDraft,
  type UserInfoFields,
  stepAfter,
  stepPosition,
  codeTimesOf,
  languageOf,
  phoneCountriesIn,
} from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.forms, featureStyles.join],
  i18n: ["signup", "auth"],
  layout: "simple",
  title: "titles.signUp",
  back: "/member/accountInfo",
  rateLimit: "auth-form",
  personal: true,
};

const KINDS = ["id", "google"] as const;
const STEP = "/member/userInfo";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { draft } = await requireStep(request, context.services, KINDS, STEP);
  return json({
    step: stepPosition(draft.kind, STEP, draft),
    countries: phoneCountriesIn(await languageOf(request)),
    name: draft.name ?? "",
    pendingPhone: draft.pending ? maskPhone(draft.pending.phone) : null,
    codeTimes: draft.pending ? await codeTimesOf(context.services, draft.pending.codeId) : null,
    verifiedPhone: draft.phone ? maskPhone(draft.phone) : null,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const open = await requireStep(request, services, KINDS, STEP);
  const next = stepAfter(open.draft.kind, STEP)!;
  const drafts = signupDrafts(services);
  const parsed = await parseForm({ request, context }, userInfoSchema, { defaultIntent: "next" });
  if (parsed.refused) return parsed.refused;
  const { submission } = parsed;
  if (submission.status !== "success") return invalid(submission);
  const saveAndGo = async (next: OpenDraft, to: string, cookies: string[] = []) =>
    redirect(to, { headers: withCookies(new Headers(), [await drafts.save(next), ...cookies]) });
  const { value } = submission;

  if (value.intent === "change") {
    const { pending: _p, phone: _v, ...rest } = open.draft;
    return saveAndGo({ id: open.id, draft: { ...rest, name: value.name?.trim() || open.draft.name } }, STEP);
  }
  if (value.intent === "resend") {
    if (!open.draft.pending) return redirect(STEP);
    const sent = await resendJoinCode(request, services, context.clientAddress, open);
    if (!sent.ok) return refuse(submission, sent.problem, { headers: withCookies(new Headers(), sent.cookies) });
    return saveAndGo(sent.draft, STEP, sent.cookies);
  }

  const named: OpenDraft = { id: open.id, draft: { ...open.draft, name: value.name } };
  if (value.intent === "send") {
    const sent = await sendJoinCode(request, services, context.clientAddress, named, value.phone);
    if (!sent.ok) return refuse(submission, sent.problem, { headers: withCookies(new Headers(), sent.cookies) });
    return saveAndGo(sent.draft, STEP, sent.cookies);
  }
  if (value.intent === "verify") {
    const checked = await checkJoinCode(request, services, named, value.code);
    if (!checked.ok) return refuse(submission, checked.problem);
    return saveAndGo(checked.draft, next);
  }
  if (!open.draft.phone) return refuse(submission, "codeFirst");
  return saveAndGo(named, next);
}

export default function UserInfoRoute() {
  const { t } = useTranslation(["signup", "auth"]);
  const { step, name, pendingPhone, codeTimes, verifiedPhone, countries } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<UserInfoFields>({
    id: "user-info",
    lastResult,
    defaultValue: { name },
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <SignupStep {...step} />
      <h2>{t("signup.user.heading")}</h2>
      <FormAlert id={form.errorId} errors={form.errors} />
      <NameField
        field={fields.name}
        label={t("signup.user.name")}
        hint={t("signup.user.nameHint")}
        autoFocus={firstErrorOf(form) === "name"}
      />

      {verifiedPhone ? (
        <>
          <p className="notice notice--success" role="status">
            <SentenceWithLtr sentence={(slot) => t("signup.user.verified", { phone: slot })} value={verifiedPhone} />
          </p>
          <SubmitButton name="intent" value="next">
            {t("signup.next")}
          </SubmitButton>
          <p className="form__links">
            <button type="submit" name="intent" value="change" className="link-button" formNoValidate>
              {t("login.changeNumber")}
            </button>
          </p>
        </>
      ) : pendingPhone ? (
        <CodeStep
          sentTo={<SentenceWithLtr sentence={(slot) => t("login.codeSent", { phone: slot })} value={pendingPhone} />}
          code={fields.code}
          verifyLabel={t("login.verifyCode")}
          times={codeTimes}
          other={
            <button type="submit" name="intent" value="change" className="link-button" formNoValidate>
              {t("login.changeNumber")}
            </button>
          }
        />
      ) : (
        <>
          <PhoneField
            field={fields.phone}
            country={fields.country}
            countries={countries}
            autoFocus={firstErrorOf(form) === "phone"}
          />
          <SubmitButton name="intent" value="send">
            {t("login.sendCode")}
          </SubmitButton>
        </>
      )}
      {form.errors?.[0] === "errors.form.phoneTaken" ? (
        <p className="form__links">
          <Link to="/login/login">{t("signup.phone.signIn")}</Link>
        </p>
      ) : null}
    </Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
