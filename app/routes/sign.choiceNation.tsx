/**
 * Sign-up with a phone, the last step: the name, then nationality, visa and its
 * expiry date, as in the ID join (the page is `ResidenceStep`;
 * signup/residenceStep.server.ts). Submitting makes the account. The name had a
 * screen of its own (/sign/inputName, now a redirect here: decision 0044).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { PageHandle } from "~/lib/page";
import { featureStyles, RouteErrorBoundary } from "~/pageKit";
import { ResidenceStep } from "~/kits/account";
import { json, languageOf, requireStep, residenceStepAction, residenceStepData } from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.forms, featureStyles.join],
  i18n: ["signup"],
  layout: "join",
  title: "titles.signUp",
  back: "/sign",
  rateLimit: "auth-form",
  personal: true,
};

const STEP = "/sign/choiceNation";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const open = await requireStep(request, context.services, "phone", STEP);
  return json(await residenceStepData(request, open, STEP, await languageOf(request)));
}

export async function action(args: ActionFunctionArgs) {
  const open = await requireStep(args.request, args.context.services, "phone", STEP);
  return residenceStepAction(args, open, STEP, await languageOf(args.request), "/sign/signUpComplete", true);
}

export default function ChoiceNationRoute() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return <ResidenceStep id="choice-nation" data={data} lastResult={lastResult} askName />;
}

export const ErrorBoundary = RouteErrorBoundary;
