/**
 * Sign-up with an ID (or Google), the last step: nationality, visa and its
 * expiry date (the page is `ResidenceStep`; signup/residenceStep.server.ts).
 * Submitting makes the account.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { featureStyles, RouteErrorBoundary } from "~/pageKit";
import { ResidenceStep } from "~/kits/account";
import { json, languageOf, requireStep, residenceStepAction, residenceStepData } from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.forms, featureStyles.join],
  i18n: ["signup", "auth"],
  layout: "simple",
  title: "titles.signUp",
  back: "/member/userInfo",
  rateLimit: "auth-form",
  personal: true,
};

const KINDS = ["id", "google"] as const;
const STEP = "/member/addInfo";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const open = await requireStep(request, context.services, KINDS, STEP);
  return json(await residenceStepData(request, open, STEP, await languageOf(request)));
}

export async function action(args: ActionFunctionArgs) {
  const open = await requireStep(args.request, args.context.services, KINDS, STEP);
  return residenceStepAction(args, open, STEP, await languageOf(args.request), "/member/complete");
}

export default function AddInfoRoute() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <ResidenceStep
      id="add-info"
      data={data}
      lastResult={lastResult}
      after={(formError) => (formError === "errors.form.googleExpired" ? <GoogleAgain /> : null)}
    />
  );
}

/** Google again, when its sign-in went stale at the last step; the answers wait in the draft, and the member comes back here. */
function GoogleAgain() {
  const { t } = useTranslation("auth");
  return (
    <Form method="post" action="/member/google" className="form">
      <button type="submit" className="button button--secondary button--block">
        {t("member.start.withGoogle")}
      </button>
    </Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
