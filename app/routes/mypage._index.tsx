/**
 * My page (settings): the member's summary (name, ID or number, nationality, visa
 * with its Korean name and the days until it expires), the notification choices,
 * and the entries to every setting, the app version, sign-out and withdrawal.
 * Read from the database only: no call to Firebase on this path.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { Confirmation, featureStyles, Icon, particleRo, RouteErrorBoundary, SentenceWithValues } from "~/pageKit";
import { FormAlert, getFormProps, getInputProps, SubmitButton, useForm } from "~/formKit";
import {
  json,
  saved,
  changeNotifications,
  invalid,
  notificationsSchema,
  parseForm,
  refuse,
  requireMember,
  requireSettings,
  type NotificationsFields,
} from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.forms, featureStyles.mypage],
  i18n: ["mypage"],
  layout: "default",
  title: "tabs.mypage",
  tab: "mypage",
  back: null,
  ownSignOut: true,
  personal: true,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { view, member } = await requireSettings(request, context.services);
  // The partner services the member let in (single sign-on): their number on the entry, part of the member's screen
  // (read once with the session's and the profile's).
  const { partners } = await context.services.stores.memberScreen(member.uid, Date.now());
  return json({ view, version: context.buildVersion, partners });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const member = await requireMember(request, context.services);
  const parsed = await parseForm({ request, context }, notificationsSchema);
  if (parsed.refused) return parsed.refused;
  const { submission } = parsed;
  if (submission.status !== "success") return invalid(submission);
  const { visa, community, notices } = submission.value;
  const changed = await changeNotifications(context.services, member.uid, { visa, community, notices });
  if (!changed.ok) return refuse(submission, changed.problem);
  return saved(submission);
}

function Row({ to, label, value, icon }: { to: string; label: string; value?: string | null; icon?: "chevron" }) {
  return (
    <li>
      <Link to={to} className="settings-row">
        {/* The label and its value share the row's text; a long value wraps inside it, the chevron stays beside. */}
        <span className="settings-row__text">
          <span className="settings-row__label">{label}</span>
          {value ? <span className="settings-row__value">{value}</span> : null}
        </span>
        {icon ? <Icon name="chevron" className="settings-row__chevron" /> : null}
      </Link>
    </li>
  );
}

export default function MyPageRoute() {
  const { t } = useTranslation("mypage");
  const { view, version, partners } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<NotificationsFields>({
    id: "notifications",
    lastResult,
    defaultValue: {
      visa: view.notify.visa ? "on" : undefined,
      community: view.notify.community ? "on" : undefined,
      notices: view.notify.notices ? "on" : undefined,
    },
    shouldValidate: "onSubmit",
  });
  const isSaved = Boolean(lastResult && "saved" in lastResult);
  const { stay, visa } = view;
  // A code from an older residence card: its status's page, with the current equivalent chosen when there is one.
  const equivalent = visa?.legacy?.currentEquivalent;
  const legacyHref = `/mypage/visa/${visa?.status ?? ""}${
    equivalent && equivalent !== visa?.status ? `?choose=${encodeURIComponent(equivalent)}` : ""
  }`;
  return (
    <div className="settings">
      <section className="settings-card" aria-labelledby="summary-title">
        <h2 id="summary-title" className="settings-card__name">
          {view.name}
        </h2>
        <dl className="settings-facts">
          {view.signInId ? (
            <div>
              <dt>{t("summary.signInId")}</dt>
              <dd>
                <bdi dir="ltr">{view.signInId}</bdi>
              </dd>
            </div>
          ) : null}
          <div>
            <dt>{t("summary.phone")}</dt>
            <dd>{view.phone ? <bdi dir="ltr">{view.phone}</bdi> : t("summary.notSet")}</dd>
          </div>
          <div>
            <dt>{t("summary.nationality")}</dt>
            <dd>{view.nationality?.name ?? t("summary.notSet")}</dd>
          </div>
          <div>
            <dt>{t("summary.visa")}</dt>
            <dd>
              {visa ? (
                <>
                  <span>{visa.label}</span>
                  {visa.koreanLabel !== visa.label ? (
                    <span className="settings-facts__sub">
                      {/* The Korean name with its code ("E-9 비전문취업") isolated whole, so it reads as written in any direction. */}
                      <SentenceWithValues
                        sentence={(v) => t("summary.visaKorean", v)}
                        words={{ label: visa.koreanLabel }}
                      />
                    </span>
                  ) : null}
                </>
              ) : (
                t("summary.noVisa")
              )}
            </dd>
          </div>
        </dl>
        {stay ? (
          <div className={`settings-stay settings-stay--${stay.state}`} role="status">
            <p className="settings-stay__date">
              <span>
                <SentenceWithValues sentence={(v) => t("summary.expiresOn", v)} values={{ date: stay.expiresOn }} />
              </span>
              {stay.daysLeft >= 0 ? (
                <strong className="settings-stay__days">
                  <SentenceWithValues sentence={(v) => t("summary.daysLeft", v)} count={stay.daysLeft} />
                </strong>
              ) : null}
            </p>
            {stay.state === "extensionOpen" ? <p>{t("summary.extensionOpen")}</p> : null}
            {stay.state === "expired" ? <p>{t("summary.expired")}</p> : null}
            {view.nextReminder ? (
              <p className="settings-stay__next">
                <SentenceWithValues
                  sentence={(v) => t("summary.nextReminder", v)}
                  values={{ date: view.nextReminder.on }}
                />
              </p>
            ) : null}
          </div>
        ) : null}
      </section>

      {visa?.legacy ? (
        <div className="notice notice--warning">
          <p>
            <SentenceWithValues sentence={(v) => t("summary.legacyVisa", v)} values={{ code: visa.code }} />
          </p>
          <Link to={legacyHref}>
            {visa.legacy.currentEquivalent ? (
              <SentenceWithValues
                sentence={(v) => t("summary.legacyReplace", { ...v, ro: particleRo(visa.legacy!.currentEquivalent!) })}
                values={{ code: visa.legacy.currentEquivalent }}
              />
            ) : (
              t("entries.visa")
            )}
          </Link>
        </div>
      ) : null}

      <section aria-labelledby="account-title">
        <h2 id="account-title" className="settings-section">
          {t("sections.account")}
        </h2>
        <ul className="settings-list">
          <Row to="/mypage/userInfo" label={t("entries.userInfo")} icon="chevron" />
          <Row to="/mypage/addInfo" label={t("entries.addInfo")} icon="chevron" />
          <Row to="/mypage/visa" label={t("entries.visa")} value={visa?.code ?? null} icon="chevron" />
          <Row to="/mypage/phone" label={t("entries.phone")} icon="chevron" />
          <Row
            to="/mypage/changePw"
            label={view.hasPassword ? t("entries.password") : t("entries.setPassword")}
            icon="chevron"
          />
          <Row to="/nLanguage?redirectTo=%2Fmypage" label={t("entries.language")} icon="chevron" />
        </ul>
      </section>

      <section aria-labelledby="notifications-title">
        <h2 id="notifications-title" className="settings-section">
          {t("notifications.heading")}
        </h2>
        <Form method="post" className="settings-notify" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="notifications" />
          <p className="field__hint">{t("notifications.hint")}</p>
          <FormAlert id={form.errorId} errors={form.errors} />
          {(["visa", "community", "notices"] as const).map((kind) => (
            <label key={kind} className="choice">
              <input {...getInputProps(fields[kind], { type: "checkbox" })} key={fields[kind].key} />
              <span>{t(`notifications.${kind}`)}</span>
            </label>
          ))}
          {isSaved ? (
            <Confirmation answer={lastResult}>
              <p>{t("notifications.saved")}</p>
            </Confirmation>
          ) : null}
          <SubmitButton sticky={false}>{t("notifications.save")}</SubmitButton>
        </Form>
        <ul className="settings-list">
          <Row to="/mypage/reminders" label={t("entries.reminders")} icon="chevron" />
        </ul>
      </section>

      <section aria-labelledby="app-title">
        <h2 id="app-title" className="settings-section">
          {t("sections.support")}
        </h2>
        <ul className="settings-list">
          <Row to="/mypage/community" label={t("entries.community")} icon="chevron" />
          <Row to="/mypage/notice" label={t("entries.notices")} icon="chevron" />
          <Row to="/mypage/terms" label={t("entries.terms")} icon="chevron" />
          <Row
            to="/mypage/partners"
            label={t("entries.partners")}
            value={partners ? String(partners) : t("entries.partnersNone")}
            icon="chevron"
          />
          <li className="settings-row settings-row--static">
            <span className="settings-row__label">{t("entries.version")}</span>
            <span className="settings-row__value">
              <bdi dir="ltr">{version}</bdi>
            </span>
          </li>
        </ul>
      </section>

      <Form method="post" action="/member/signOut" className="settings-signout">
        <button type="submit" className="button button--secondary button--block">
          {t("entries.signOut")}
        </button>
      </Form>
      <p className="settings-secede">
        <Link to="/mypage/secede">{t("entries.secede")}</Link>
      </p>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
