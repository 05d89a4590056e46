/**
 * My reminders (issue 42): for each kind (the period of stay, the passport, appointments) the channels it reaches
 * the member on besides the inbox, which is always on: push and text messages, off until chosen; each change is
 * kept with its time (consent evidence). A plain form: it works without JavaScript. Push needs JavaScript to
 * subscribe a browser (the Push API): this page's own chunk does it, so no other page carries its code; the
 * browsers subscribed are listed, each with a button that removes it (a plain form too). Texts need a number.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { Confirmation, featureStyles, RouteErrorBoundary } from "~/pageKit";
import { FormAlert, getFormProps, SubmitButton, useForm } from "~/formKit";
import {
  invalid,
  json,
  parseForm,
  refuse,
  reminderFormSchema,
  reminderSettingsView,
  requireMember,
  saved,
  saveReminderChoices,
  subscribePush,
  unsubscribePush,
  type ReminderFormFields,
} from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.forms, featureStyles.mypage],
  i18n: ["mypage"],
  layout: "default",
  title: "titles.reminders",
  tab: "mypage",
  back: "/mypage",
  personal: true,
  // A subscription is at most 2 KiB of JSON (infra/push/webPush.server.ts).
  maxBody: 4096,
};

const KINDS = ["visa", "passport", "appointment"] as const;
const CHANNELS = ["push", "sms"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await requireMember(request, context.services);
  return json(await reminderSettingsView(context.services, member.uid));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const member = await requireMember(request, context.services);
  const parsed = await parseForm({ request, context }, reminderFormSchema, { defaultIntent: "save" });
  if (parsed.refused) return parsed.refused;
  const { submission } = parsed;
  if (submission.status !== "success") return invalid(submission);
  const value = submission.value;
  if (value.intent === "save") {
    const changed = await saveReminderChoices(context.services, member.uid, value);
    if (!changed.ok) return refuse(submission, changed.problem);
    return saved(submission);
  }
  if (value.intent === "subscribePush") {
    const added = await subscribePush(context.services, member.uid, value.subscription);
    if (!added.ok) return refuse(submission, added.problem);
    return saved(submission);
  }
  await unsubscribePush(context.services, member.uid, value.endpoint);
  return saved(submission);
}

type Answer = { status?: string; initialValue?: Record<string, unknown> | null; saved?: unknown } | undefined;

/** What the form shows ticked: what was sent when it was refused (kept), otherwise what is stored. */
function ticked(answer: Answer, stored: Record<string, Record<string, boolean>>, kind: string, channel: string) {
  const sent = answer?.initialValue;
  if (answer?.status === "error" && sent && sent.intent === "save") {
    return (sent[kind] as Record<string, unknown> | undefined)?.[channel] === "on";
  }
  return Boolean(stored[kind]?.[channel]);
}

const base64urlBytes = (text: string) => {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
};

/** Subscribes this browser (Push API) and posts the subscription; drawn only once JavaScript runs. */
function PushThisDevice() {
  const { t } = useTranslation("mypage");
  const fetcher = useFetcher<typeof action>();
  const [state, setState] = useState<"none" | "ready" | "unsupported" | "denied" | "working" | "failed">("none");
  useEffect(() => {
    const supported = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
    setState(!supported ? "unsupported" : Notification.permission === "denied" ? "denied" : "ready");
  }, []);
  if (state === "none") return null;
  if (state === "unsupported") return <p className="field__hint">{t("reminders.push.unsupported")}</p>;
  if (state === "denied") return <p className="field__hint">{t("reminders.push.denied")}</p>;
  const subscribe = async () => {
    setState("working");
    try {
      if ((await Notification.requestPermission()) !== "granted") return setState("denied");
      const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
      await navigator.serviceWorker.ready;
      const key = await fetch("/push/vapidPublicKey").then((r) => (r.ok ? r.text() : Promise.reject(r.status)));
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: base64urlBytes(key),
      });
      fetcher.submit(
        { intent: "subscribePush", subscription: JSON.stringify(subscription) },
        { method: "post", action: "/mypage/reminders" },
      );
      setState("ready");
    } catch {
      setState("failed");
    }
  };
  const answer = fetcher.data as { status?: string; error?: Record<string, string[] | null> } | undefined;
  const refused = answer?.error?.[""]?.[0];
  return (
    <div className="settings-notify">
      {refused ? <FormAlert id="push-error" errors={[refused]} /> : null}
      {state === "failed" ? <p className="form-error">{t("reminders.push.failed")}</p> : null}
      {answer && !refused ? <p className="notice notice--success">{t("reminders.push.subscribed")}</p> : null}
      <button
        type="button"
        className="button button--secondary button--block"
        disabled={state === "working" || fetcher.state !== "idle"}
        onClick={() => void subscribe()}
      >
        {t("reminders.push.subscribe")}
      </button>
    </div>
  );
}

export default function MyRemindersRoute() {
  const { t } = useTranslation("mypage");
  const { choices, hasPhone, pushOn, devices } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form] = useForm<ReminderFormFields>({ id: "reminders", lastResult, shouldValidate: "onSubmit" });
  const answer = lastResult as Answer;
  const isSaved = Boolean(lastResult && "saved" in lastResult);
  return (
    <div className="settings">
      <Form method="post" className="settings-notify" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="save" />
        <p className="field__hint">{t("reminders.intro")}</p>
        <p className="field__hint">{t("reminders.quietHours")}</p>
        <FormAlert id={form.errorId} errors={form.errors} />
        {/* The card is a box around each group: the group itself has no frame (the forms' rule for fieldsets). */}
        {KINDS.map((kind) => (
          <div key={kind} className="settings-card">
            <fieldset>
              <legend className="settings-section">{t(`reminders.kinds.${kind}`)}</legend>
              <label className="choice">
                <input type="checkbox" checked disabled />
                <span>{t("reminders.channels.inbox")}</span>
              </label>
              {CHANNELS.map((channel) => (
                <label key={channel} className="choice">
                  <input
                    type="checkbox"
                    name={`${kind}.${channel}`}
                    defaultChecked={ticked(answer, choices, kind, channel)}
                    key={`${kind}.${channel}.${form.key ?? ""}`}
                  />
                  <span>{t(`reminders.channels.${channel}`)}</span>
                </label>
              ))}
            </fieldset>
          </div>
        ))}
        <p className="field__hint">{t("reminders.push.needsJs")}</p>
        {hasPhone ? null : (
          <p className="field__hint">
            {t("reminders.noPhone")} <Link to="/mypage/phone">{t("entries.phone")}</Link>
          </p>
        )}
        {isSaved ? (
          <Confirmation answer={lastResult}>
            <p>{t("reminders.saved")}</p>
          </Confirmation>
        ) : null}
        <SubmitButton sticky={false}>{t("reminders.save")}</SubmitButton>
      </Form>

      <section aria-labelledby="devices-title">
        <h2 id="devices-title" className="settings-section">
          {t("reminders.push.devices")}
        </h2>
        {pushOn ? <PushThisDevice /> : <p className="field__hint">{t("reminders.push.off")}</p>}
        {devices.length === 0 ? <p className="muted">{t("reminders.push.noDevices")}</p> : null}
        <ul className="settings-list">
          {devices.map((device) => (
            <li key={device.endpoint} className="settings-row settings-row--static">
              <span className="settings-row__label">
                <bdi dir="ltr">{device.service}</bdi>
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="unsubscribePush" />
                <input type="hidden" name="endpoint" value={device.endpoint} />
                <button type="submit" className="button button--secondary">
                  {t("reminders.push.remove")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
