/**
 * The last step of both joins: (the phone join: the name,) nationality, visa (chosen in the visa finder, which
 * sends the member back with `?visa=`) and its expiry date. Submitting makes the
 * account; "find my visa" keeps what was typed in the draft and goes to the finder.
 */
import { redirect, type AppLoadContext } from "@remix-run/node";
import { invalid, parseForm, refuse } from "~/forms/form.server";
import { withCookies } from "~/infra/http.server";
import { cleanName } from "~/members/names";
import { countriesIn, countryName, resolveCountry } from "~/countries/countries.server";
import { isKnownVisa } from "~/visa/catalogue";
import { visaLabel } from "~/visa/catalogue.server";
import { finishSignup } from "./complete.server";
import { signupDrafts, type OpenDraft } from "./draft.server";
import { residenceSchema } from "./schemas.server";
import { stepPosition } from "./steps";

/** What the step's page shows: the countries, and the answers so far (the finder's choice first). */
export async function residenceStepData(request: Request, open: OpenDraft, step: string, lng: string) {
  const { draft } = open;
  const chosen = new URL(request.url).searchParams.get("visa");
  const visa = isKnownVisa(chosen) ? chosen : (draft.visa ?? "");
  return {
    step: stepPosition(draft.kind, step, draft),
    countries: countriesIn(lng),
    nationality: draft.nationality ? countryName(draft.nationality, lng) : "",
    visa,
    visaLabel: visa ? await visaLabel(visa, lng) : null,
    visaExpiry: draft.visaExpiry ?? "",
    name: draft.name ?? "",
  };
}

/** The step's action; `completePath` is the flow's completion page; `askName`: the name is on this step too. */
export async function residenceStepAction(
  args: { request: Request; context: AppLoadContext },
  open: OpenDraft,
  step: string,
  lng: string,
  completePath: string,
  askName = false,
) {
  const { request, context } = args;
  const { services } = context;
  const parsed = await parseForm(args, residenceSchema(lng, askName), { defaultIntent: "join" });
  if (parsed.refused) return parsed.refused;
  const { submission } = parsed;
  if (submission.status !== "success") return invalid(submission);

  if (submission.value.intent === "findVisa") {
    const nationality = resolveCountry(submission.value.nationality ?? "", lng);
    const expiry = submission.value.visaExpiry ?? "";
    const visa = submission.value.visa ?? "";
    const name = askName ? cleanName(submission.value.name ?? "") : "";
    const setCookie = await signupDrafts(services).save({
      id: open.id,
      draft: {
        ...open.draft,
        name: name || open.draft.name,
        nationality: nationality ?? open.draft.nationality,
        visa: isKnownVisa(visa) ? visa : open.draft.visa,
        visaExpiry: /^\d{4}-\d{2}-\d{2}$/.test(expiry) ? expiry : open.draft.visaExpiry,
      },
    });
    return redirect(`/member/findVisa?returnTo=${encodeURIComponent(step)}`, { headers: { "Set-Cookie": setCookie } });
  }

  const { name, nationality, visa, visaExpiry } = submission.value;
  const ready = { id: open.id, draft: { ...open.draft, name: name ?? open.draft.name, nationality, visa, visaExpiry } };
  await signupDrafts(services).save(ready);
  const finished = await finishSignup(request, services, ready, lng, completePath);
  const headers = withCookies(new Headers(), finished.cookies);
  // Refusals at the last step concern the whole join, not a field of this page.
  if (!finished.ok) return refuse(submission, finished.problem, { field: "", headers });
  return redirect(finished.redirectTo, { headers });
}
