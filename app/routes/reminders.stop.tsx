/**
 * The opt-out link of every pushed or texted reminder (issue 42): `/reminders/stop?t=…`, signed out, without
 * JavaScript. The link says what it turns off and asks for one tap; the tap turns that channel off (logged as the
 * link's change) and says so. In the member's language (their profile's): the link is opened again with `lng`.
 * A forged or expired link, or one already used, does nothing and says so.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { Confirmation, featureStyles, RouteErrorBoundary } from "~/pageKit";
import {
  applyStopLink,
  json,
  readForm,
  readStopLink,
  redirect,
  safeRedirectWith,
  type StopLink,
} from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.forms, featureStyles.mypage],
  i18n: ["mypage"],
  layout: "default",
  title: "titles.stopReminders",
  back: null,
  personal: true,
  maxBody: 2048,
};

type Shown = { state: StopLink["state"]; kind: string | null; channel: string | null; language: string | null };

const shown = (link: StopLink): Shown =>
  link.state === "invalid"
    ? { state: "invalid", kind: null, channel: null, language: null }
    : { state: link.state, kind: link.kind, channel: link.channel, language: link.language };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = (url.searchParams.get("t") ?? "").slice(0, 512);
  const link = await readStopLink(context.services, token);
  // The member's language, whatever this browser's is.
  if (link.state !== "invalid" && url.searchParams.get("lng") !== link.language) {
    throw redirect(safeRedirectWith("/reminders/stop", { t: token, lng: link.language }));
  }
  return json(
    { ...shown(link), token: link.state === "usable" ? token : null },
    { status: link.state === "invalid" ? 400 : 200 },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const link = await applyStopLink(context.services, String(form.get("t") ?? "").slice(0, 512));
  return json({ ...shown(link), at: Date.now() }, { status: link.state === "invalid" ? 400 : 200 });
}

export default function StopRemindersRoute() {
  const { t } = useTranslation("mypage");
  const data = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  const about = done ?? data;
  const what =
    about.kind && about.channel ? (
      <dl className="settings-facts">
        <div>
          <dt>{t("reminders.stop.kind")}</dt>
          <dd>{t(`reminders.kinds.${about.kind}`)}</dd>
        </div>
        <div>
          <dt>{t("reminders.stop.channel")}</dt>
          <dd>{t(`reminders.channels.${about.channel}`)}</dd>
        </div>
      </dl>
    ) : null;
  if (done) {
    // "usable" was what the link stood for before the tap: now it is off.
    const message =
      done.state === "usable"
        ? "reminders.stop.done"
        : done.state === "used"
          ? "reminders.stop.used"
          : "reminders.stop.invalid";
    return (
      <div className="settings">
        <Confirmation
          answer={done}
          className={done.state === "invalid" ? "notice notice--error" : "notice notice--success"}
        >
          <p>{t(message)}</p>
        </Confirmation>
        {what}
        <p>
          <Link to="/mypage/reminders">{t("reminders.stop.manage")}</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="settings">
      {data.state === "usable" ? (
        <Form method="post" action={`/reminders/stop?lng=${encodeURIComponent(data.language ?? "en")}`}>
          <p>{t("reminders.stop.intro")}</p>
          {what}
          <input type="hidden" name="t" value={data.token ?? ""} />
          <button type="submit" className="button button--primary button--block">
            {t("reminders.stop.confirm")}
          </button>
        </Form>
      ) : (
        <>
          <p className={data.state === "invalid" ? "notice notice--error" : "notice"}>
            {t(data.state === "used" ? "reminders.stop.used" : "reminders.stop.invalid")}
          </p>
          {what}
          <p>
            <Link to="/mypage/reminders">{t("reminders.stop.manage")}</Link>
          </p>
        </>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
