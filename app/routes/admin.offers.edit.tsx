/**
 * A new partner offer (no `itemCd`) or an edit of one (`?itemCd=`): its partner,
 * link, price or price range in won, the day it was checked, and its text per
 * language (Korean required), checked by the schema the content import uses and
 * written as the import writes it (admin/contentForms.server.ts), each change in
 * the audit log. A plain form: it works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import {
  AdminField,
  AdminFormError,
  AdminInput,
  AdminSave,
  adminErrors,
  ItemCodeField,
  LanguageTexts,
  type AdminReply,
} from "~/formKit";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { editPageHandle, RouteErrorBoundary } from "~/pageKit";
import { PRICE_PERIODS } from "~/stores/offers";
import { contentEditRoute, offerFormSchema, offersKind, schemaForm } from "~/routeKit.server";

export const handle: PageHandle = {
  // The benefit namespace holds the content schemas' messages (benefitContent.*).
  i18n: ["admin", "benefit"],
  // The body: 19 languages' texts, percent-encoded (Korean: 9 bytes a character), with room to spare.
  ...editPageHandle("/admin/offers", "titles.adminEditOffer", "titles.adminNewOffer", 1024 * 1024),
};

/** Made when a request comes (the browser's build has no server code to make it with). */
const edit = () =>
  contentEditRoute(offersKind, {
    read: schemaForm(offerFormSchema),
    find: (stores, itemCd) => stores.offers.byId(itemCd),
    fieldsOf: (offer) => ({
      itemCd: offer.itemCd,
      partner: offer.partner,
      link: offer.link,
      priceKrw: offer.priceKrw
        ? {
            min: String(offer.priceKrw.min),
            max: offer.priceKrw.max === null ? "" : String(offer.priceKrw.max),
            per: offer.priceKrw.per ?? "",
          }
        : {},
      commission: offer.commission === true ? "yes" : offer.commission === false ? "no" : "",
      checkedOn: offer.checkedOn,
      order: String(offer.order),
      translations: offer.translations,
    }),
    taken: "codeTaken",
    problemField: "translations.ko.title",
    list: "/admin/offers",
  });

export const loader = (args: LoaderFunctionArgs) => edit().loader(args);
export const action = (args: ActionFunctionArgs) => edit().action(args);

type Fields = {
  itemCd?: string;
  partner?: string;
  link?: string;
  priceKrw?: { min?: string; max?: string; per?: string };
  commission?: string;
  checkedOn?: string;
  order?: string;
  translations?: Record<string, Record<string, string | null | undefined> | undefined>;
};

export default function AdminOfferEditRoute() {
  const { t } = useTranslation(["admin", "benefit"]);
  const { fields, languages } = useLoaderData<typeof loader>();
  const reply = useActionData<AdminReply>();
  const errorOf = adminErrors(t, reply);
  // What was typed when the form came back, else what is stored.
  const value = ((reply?.initialValue as Fields | undefined) ?? fields ?? {}) as Fields;
  const text = (language: string) => value.translations?.[language] ?? {};
  const formError = errorOf("", true) ?? errorOf("translations", true);
  const input = (
    name: string,
    label: string,
    current: string | undefined,
    extra: { hint?: string; type?: string; dir?: "ltr" } = { dir: "ltr" },
  ) => (
    <AdminInput
      name={name}
      label={label}
      value={current}
      error={errorOf(name)}
      hint={extra.hint}
      type={extra.type}
      dir={extra.dir}
    />
  );
  return (
    <Form method="post" className="form" noValidate>
      <AdminFormError message={formError} />
      <ItemCodeField
        label={t("admin.edit.itemCd")}
        hint={t("admin.content.itemCdHint")}
        error={errorOf("itemCd")}
        value={fields?.itemCd ?? value.itemCd ?? ""}
        stored={Boolean(fields)}
      />
      {input("partner", t("admin.content.partner"), value.partner, {})}
      {input("link", t("admin.content.offerLink"), value.link)}
      {input("priceKrw.min", t("admin.content.priceMin"), value.priceKrw?.min, {
        hint: t("admin.content.priceHint"),
        dir: "ltr",
      })}
      {input("priceKrw.max", t("admin.content.priceMax"), value.priceKrw?.max, {
        // The content schemas' own rule (benefitContent.*: their messages are why this page loads that namespace).
        hint: t("benefitContent.price"),
        dir: "ltr",
      })}
      <AdminField label={t("admin.content.pricePer")} error={errorOf("priceKrw.per")} id="priceKrw.per">
        <select id="priceKrw.per" name="priceKrw.per" className="input" defaultValue={value.priceKrw?.per ?? ""}>
          <option value="">{t("admin.content.pricePerNone")}</option>
          {PRICE_PERIODS.map((period) => (
            <option key={period} value={period}>
              {t(`admin.content.pricePers.${period}`)}
            </option>
          ))}
        </select>
      </AdminField>
      <AdminField label={t("admin.content.commission")} error={errorOf("commission")} id="commission">
        <select id="commission" name="commission" className="input" defaultValue={value.commission ?? ""}>
          <option value="">{t("admin.content.commissionUnknown")}</option>
          <option value="yes">{t("admin.content.commissionYes")}</option>
          <option value="no">{t("admin.content.commissionNo")}</option>
        </select>
      </AdminField>
      {input("checkedOn", t("admin.content.checkedOn"), value.checkedOn, { type: "date", dir: "ltr" })}
      {input("order", t("admin.content.order"), value.order, { hint: t("admin.content.orderHint"), dir: "ltr" })}
      <LanguageTexts
        languages={languages}
        originalLabel={t("admin.edit.original")}
        fields={[
          { field: "title", label: t("admin.edit.title"), rows: 0 },
          { field: "description", label: t("admin.content.description"), rows: 4 },
          { field: "priceNote", label: t("admin.content.priceNote"), rows: 0 },
        ]}
        text={text}
        errorOf={errorOf}
      />
      <AdminSave label={t("admin.edit.save")} />
    </Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
