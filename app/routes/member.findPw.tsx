/**
 * Find password: the ID, then the code texted to the mobile number of that
 * member's account. The page answers the same whether or not the ID belongs to a
 * member (no code goes out when it does not), so it cannot be used to learn who
 * is a member. A checked code opens /member/resetPw.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import type { Services } from "~/context";
import { featureStyles, RouteErrorBoundary } from "~/pageKit";
import {
  FieldError,
  firstErrorOf,
  FormAlert,
  getFormProps,
  getInputProps,
  Honeypot,
  SubmitButton,
  useForm,
} from "~/formKit";
import { CodeStepPage } from "~/kits/codeStep";
import {
  json,
  redirect,
  withCookies,
  checkWithoutCode,
  RECOVERY_TTL_MS,
  recoveryFlow,
  invalid,
  parseForm,
  refuse,
  isMember,
  findPasswordSchema,
  log,
  checkCode,
  checkProblem,
  sendCode,
  type RecoveryFlow,
  type FindPasswordFields,
  codeTimes,
} from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.forms],
  i18n: ["auth"],
  layout: "default",
  title: "titles.findPw",
  back: "/member/startId",
  rateLimit: "auth-form",
  personal: true,
};

const STEP = "/member/findPw";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const open = await recoveryFlow(context.services).read(request);
  if (open?.data.stage === "verified") throw redirect("/member/resetPw");
  const code = open?.data.stage === "code" ? open.data : null;
  // Timed from when the text went out, also for an ID without a member (no code): the two look alike.
  return json({ email: code?.email ?? null, times: code ? codeTimes(code.sentAt) : null });
}

/**
 * Texts a code to the member's number. Whatever the outcome (sent, a limit, a
 * failed text) the visitor hears the same, so the code id is simply null when
 * nothing went out.
 */
async function textCode(request: Request, context: ActionFunctionArgs["context"], phone: string) {
  const sent = await sendCode(request, context.services, context.clientAddress, phone, "recovery");
  return sent.ok ? sent.pending.codeId : null;
}

/** The member this ID belongs to and the number to text, or null (no member, no number). */
async function memberFor(services: Services, email: string): Promise<{ uid: string; phone: string } | null> {
  const found = await services.identity.findByEmail(email);
  if (!found.ok) throw new Error(`identity unavailable: ${found.reason}`);
  const user = found.account;
  if (!user?.phoneNumber || !(await isMember(services, user.uid))) return null;
  return { uid: user.uid, phone: user.phoneNumber };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const flows = recoveryFlow(services);
  const open = await flows.read(request);
  const pending = open?.data.stage === "code" ? { id: open.id, data: open.data } : null;
  const parsed = await parseForm({ request, context }, findPasswordSchema, {
    defaultIntent: pending ? "verify" : "send",
  });
  if (parsed.refused) return parsed.refused;
  const { submission, bot } = parsed;
  if (submission.status !== "success") return invalid(submission);
  const { value } = submission;

  if (value.intent === "restart") return redirect(STEP, { headers: { "Set-Cookie": await flows.discard(open?.id) } });
  if (value.intent === "resend" || value.intent === "verify") {
    // Nothing was sent yet (or the recovery expired): start from the ID.
    if (!pending) return redirect(STEP);
    const { uid, phone, codeId } = pending.data;
    if (value.intent === "resend") {
      const resent = uid && phone ? ((await textCode(request, context, phone)) ?? codeId) : null;
      const next: RecoveryFlow = { ...pending.data, codeId: resent, sentAt: Date.now(), attempts: 0 };
      return redirect(STEP, { headers: { "Set-Cookie": await flows.save(pending.id, next) } });
    }
    const now = Date.now();
    if (!uid || !phone || !codeId) {
      // No code went out: the answers are those of a real code that does not match.
      const { result, attempts } = checkWithoutCode(pending.data, value.code, now);
      await flows.save(pending.id, { ...pending.data, attempts });
      return refuse(submission, checkProblem(result));
    }
    const checked = await checkCode(request, services, { purpose: "recovery", phone, codeId }, value.code);
    if (!checked.ok) return refuse(submission, checked.problem);
    // The phone is proven: the flow becomes a grant, good for one password change within its lifetime.
    const grant: RecoveryFlow = { stage: "verified", uid, until: now + RECOVERY_TTL_MS };
    return redirect("/member/resetPw", { headers: { "Set-Cookie": await flows.save(pending.id, grant) } });
  }

  if (bot) return refuse(submission, "smsFailed");
  let member: { uid: string; phone: string } | null;
  try {
    member = await memberFor(services, value.email);
  } catch (error) {
    log.error("recovery.lookup", error);
    return refuse(submission, "unavailable");
  }
  const codeId = member ? await textCode(request, context, member.phone) : null;
  const started = await flows.start(request, {
    stage: "code",
    email: value.email,
    uid: member?.uid ?? null,
    phone: member?.phone ?? null,
    codeId,
    sentAt: Date.now(),
    attempts: 0,
  });
  // A recovery started again replaces the one before.
  if (open) await flows.discard(open.id);
  return redirect(STEP, { headers: withCookies(new Headers(), started.cookies) });
}

export default function FindPasswordRoute() {
  const { t } = useTranslation("auth");
  const { email, times } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<FindPasswordFields>({
    id: "find-password",
    lastResult,
    shouldValidate: "onSubmit",
  });
  if (email) {
    return (
      <CodeStepPage
        form={form}
        code={fields.code}
        sentTo={t("recovery.codeSent", { email })}
        times={times}
        other={
          <button type="submit" name="intent" value="restart" className="link-button" formNoValidate>
            {t("recovery.otherId")}
          </button>
        }
      />
    );
  }
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <h2>{t("recovery.findHeading")}</h2>
      <p className="form__intro">{t("recovery.intro")}</p>
      <FormAlert id={form.errorId} errors={form.errors} />
      <div className="field">
        <label htmlFor={fields.email.id}>{t("member.startId.email")}</label>
        <input
          {...getInputProps(fields.email, { type: "email" })}
          autoComplete="username"
          autoFocus={firstErrorOf(form) === "email"}
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
        />
        <FieldError id={fields.email.errorId} errors={fields.email.errors} />
      </div>
      <Honeypot />
      <SubmitButton name="intent" value="send">
        {t("login.sendCode")}
      </SubmitButton>
    </Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
