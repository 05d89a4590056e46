/**
 * Member information: the name and nationality can be changed here; the ID, the
 * number and the visa are shown with a way to the page that changes each. The name
 * is held by Firebase Auth too: both change, or neither (members/account.server.ts).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { featureStyles, RouteErrorBoundary } from "~/pageKit";
import { NameField } from "~/formKit";
import { SettingsFact, SettingsForm } from "~/kits/account";
import {
  json,
  changeName,
  changeProfile,
  countriesIn,
  memberInfoSchema,
  requireSettings,
  settingsFormAction,
  type MemberInfoFields,
} from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.forms, featureStyles.mypage],
  i18n: ["mypage"],
  layout: "default",
  title: "titles.memberInfo",
  tab: "mypage",
  back: "/mypage",
  personal: true,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { lng, view } = await requireSettings(request, context.services);
  return json({
    name: view.name,
    nationality: view.nationality?.name ?? "",
    signInId: view.signInId,
    phone: view.phone,
    visa: view.visa?.label ?? null,
    countries: countriesIn(lng),
  });
}

export async function action(args: ActionFunctionArgs) {
  const { services } = args.context;
  return settingsFormAction(args, memberInfoSchema, async (uid, { name, nationality }) => {
    const profile = await services.stores.members.profile(uid);
    if (profile && profile.name !== name) {
      const renamed = await changeName(services, uid, name);
      if (!renamed.ok) return renamed;
    }
    return changeProfile(services, uid, { nationality });
  });
}

export default function MemberInfoRoute() {
  const { t } = useTranslation("mypage");
  const data = useLoaderData<typeof loader>();
  return (
    <SettingsForm<MemberInfoFields>
      id="member-info"
      data={data}
      defaultValue={{ name: data.name, nationality: data.nationality }}
      saved={t("userInfo.saved")}
      submit={t("userInfo.save")}
      before={(fields, focus) => (
        <NameField
          field={fields.name}
          label={t("userInfo.name")}
          hint={t("userInfo.nameHint")}
          autoFocus={focus === "name"}
        />
      )}
      facts={
        <>
          {data.signInId ? (
            <SettingsFact label={t("userInfo.id")}>
              <bdi dir="ltr">{data.signInId}</bdi>
            </SettingsFact>
          ) : null}
          <SettingsFact label={t("userInfo.phone")} change={{ to: "/mypage/phone", label: t("userInfo.changePhone") }}>
            {data.phone ? <bdi dir="ltr">{data.phone}</bdi> : t("summary.notSet")}
          </SettingsFact>
        </>
      }
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
