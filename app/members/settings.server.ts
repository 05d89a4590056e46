/**
 * My page's settings on the server: the signed-in member's settings as its screens show them, and the one
 * loop of the forms that change them in place (member information, additional information; the page is
 * components/SettingsForm.tsx).
 */
import { redirect, type AppLoadContext } from "@remix-run/node";
import type { z } from "zod";
import { requireMember } from "~/auth/session.server";
import { invalid, parseForm, refuse, saved } from "~/forms/form.server";
import { languageOf } from "~/i18n/i18next.server";
import { formatDate } from "~/lib/format";
import { settingsView, type AccountChange } from "./account.server";

/**
 * The signed-in member and their settings, in the page's language and as of today (Korea's date); a visitor is
 * sent to sign in and back, a member withdrawn meanwhile (in another tab) to start again.
 */
export async function requireSettings(request: Request, services: AppLoadContext["services"]) {
  const member = await requireMember(request, services);
  const lng = await languageOf(request);
  const today = formatDate(new Date());
  const view = await settingsView(services, member, lng, today);
  if (!view) throw redirect("/member/start");
  return { member, lng, today, view };
}

/**
 * A settings form's action: the signed-in member, the form judged by its schema (in the page's language, as of
 * today), the change made, and the page again saying "saved"; or the change's refusal from the table.
 */
export async function settingsFormAction<Schema extends z.ZodTypeAny>(
  args: { request: Request; context: AppLoadContext },
  schemaFor: (lng: string, today: string) => Schema,
  change: (uid: string, value: z.output<Schema>) => Promise<AccountChange>,
) {
  const { request, context } = args;
  const member = await requireMember(request, context.services);
  const parsed = await parseForm(args, schemaFor(await languageOf(request), formatDate(new Date())));
  if (parsed.refused) return parsed.refused;
  const { submission } = parsed;
  if (submission.status !== "success") return invalid(submission);
  const changed = await change(member.uid, submission.value);
  if (!changed.ok) return refuse(submission, changed.problem);
  return saved(submission);
}
