/**
 * The additional information joining asked for, changed: nationality and the visa's
 * expiry date (the reminders follow the new date; an empty date removes it). The
 * visa itself is chosen on /mypage/visa.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { featureStyles, RouteErrorBoundary } from "~/pageKit";
import { FieldError, getInputProps } from "~/formKit";
import { SettingsForm } from "~/kits/account";
import {
  json,
  addInfoSchema,
  changeProfile,
  countriesIn,
  requireSettings,
  settingsFormAction,
  type AddInfoChangeFields,
} from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.forms, featureStyles.mypage],
  i18n: ["mypage"],
  layout: "default",
  title: "titles.editAddInfo",
  tab: "mypage",
  back: "/mypage",
  personal: true,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { lng, today, view } = await requireSettings(request, context.services);
  return json({
    nationality: view.nationality?.name ?? "",
    visaExpiry: view.stay?.expiresOn ?? "",
    visa: view.visa?.label ?? null,
    countries: countriesIn(lng),
    today,
  });
}

export async function action(args: ActionFunctionArgs) {
  const { services } = args.context;
  return settingsFormAction(args, addInfoSchema, (uid, { nationality, visaExpiry }) =>
    changeProfile(services, uid, { nationality, visaExpiresOn: visaExpiry }),
  );
}

export default function AddInfoRoute() {
  const { t } = useTranslation("mypage");
  const data = useLoaderData<typeof loader>();
  return (
    <SettingsForm<AddInfoChangeFields>
      id="add-info"
      data={data}
      defaultValue={{ nationality: data.nationality, visaExpiry: data.visaExpiry }}
      heading={t("addInfo.heading")}
      saved={t("addInfo.saved")}
      submit={t("addInfo.save")}
      after={(fields, focus) => (
        <div className="field">
          <label htmlFor={fields.visaExpiry.id}>{t("addInfo.visaExpiry")}</label>
          <input
            {...getInputProps(fields.visaExpiry, { type: "date" })}
            key={fields.visaExpiry.key}
            min={data.today}
            max="2099-12-31"
            autoFocus={focus === "visaExpiry"}
            aria-describedby={`${fields.visaExpiry.id}-hint ${fields.visaExpiry.errorId}`}
          />
          <p className="field__hint" id={`${fields.visaExpiry.id}-hint`}>
            {t("addInfo.visaExpiryHint")} {t("addInfo.clearExpiry")}
          </p>
          <FieldError id={fields.visaExpiry.errorId} errors={fields.visaExpiry.errors} />
        </div>
      )}
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
