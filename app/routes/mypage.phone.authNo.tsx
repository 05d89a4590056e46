/**
 * Change the mobile number, step 2: the code texted to the new number. Once it
 * proves the phone, the number changes in Firebase Auth and on the profile together
 * (members/account.server.ts), or not at all; a number another member uses is
 * refused only now, on this page, saying so (docs/decisions/0037). Without the
 * flow of step 1 the member goes back to it.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { PageHandle } from "~/lib/page";
import { featureStyles, RouteErrorBoundary } from "~/pageKit";
import { useForm } from "~/formKit";
import { CodeStepPage } from "~/kits/codeStep";
import {
  json,
  redirect,
  accepted,
  changePhoneNumber,
  checkCode,
  codeStepSchema,
  codeTimesOf,
  invalid,
  maskPhone,
  parseForm,
  phoneChangeFlow,
  refuse,
  requireRecentMember,
  resendCode,
  withCookies,
  type CodeStepFields,
  type PendingCode,
} from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.forms, featureStyles.mypage],
  i18n: ["auth"],
  layout: "default",
  title: "titles.phoneCode",
  tab: "mypage",
  back: "/mypage/phone",
  rateLimit: "auth-form",
  personal: true,
};

async function flowOf(request: Request, services: LoaderFunctionArgs["context"]["services"]) {
  const member = await requireRecentMember(request, services);
  const open = await phoneChangeFlow(services).read(request);
  // A flow of another member (a shared browser) is no flow of this one.
  if (!open || open.data.uid !== member.uid) throw redirect("/mypage/phone");
  return { member, id: open.id, data: open.data };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { data } = await flowOf(request, context.services);
  return json({ phone: maskPhone(data.phone), times: await codeTimesOf(context.services, data.codeId) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  const flow = await flowOf(request, services);
  const pending: PendingCode = { purpose: "phoneChange", phone: flow.data.phone, codeId: flow.data.codeId };
  const parsed = await parseForm({ request, context }, codeStepSchema, { defaultIntent: "verify" });
  if (parsed.refused) return parsed.refused;
  const { submission } = parsed;
  if (submission.status !== "success") return invalid(submission);

  if (submission.value.intent === "resend") {
    const sent = await resendCode(request, services, context.clientAddress, pending);
    const headers = withCookies(new Headers(), sent.cookies);
    if (!sent.ok) return refuse(submission, sent.problem, { headers });
    withCookies(headers, [
      await phoneChangeFlow(services).save(flow.id, { ...flow.data, codeId: sent.pending.codeId }),
    ]);
    return accepted(submission, { headers });
  }

  const checked = await checkCode(request, services, pending, submission.value.code);
  if (!checked.ok) return refuse(submission, checked.problem);
  const changed = await changePhoneNumber(services, flow.member.uid, checked.phone);
  // Refused (the number is another member's, or the change could not be saved): the flow stays, so that
  // this page, loaded again with the answer, can say why instead of sending the member back to step 1.
  // Its code is spent; "change number" starts afresh, and the flow expires on its own.
  if (!changed.ok) return refuse(submission, changed.problem);
  const headers = withCookies(new Headers(), [await phoneChangeFlow(services).discard(flow.id)]);
  return redirect("/mypage/phone?done=1", { headers });
}

export default function PhoneCodeRoute() {
  const { phone, times } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<CodeStepFields>({ id: "phone-change-code", lastResult, shouldValidate: "onSubmit" });
  return <CodeStepPage form={form} code={fields.code} phone={phone} times={times} changeNumber="/mypage/phone" />;
}

export const ErrorBoundary = RouteErrorBoundary;
