/**
 * The phone join's name step, folded into the last step (decision 0044): the
 * name is asked there with the nationality and the visa. The address stays, and
 * sends the member to where the join stands.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "~/routeKit.server";

export const loader = (_: LoaderFunctionArgs) => redirect("/sign/choiceNation");

// A form posted from a page loaded before the fold: 303 so the browser follows with a GET.
export const action = (_: ActionFunctionArgs) => redirect("/sign/choiceNation", 303);
