/**
 * A new partner offer (no `itemCd`) or an edit of one (`?itemCd=`): its partner,
 * link, price or price range in won, the day it was checked, and its text per
 * language (Korean required), checked by the schema the content import uses and
 * written as the import writes it (admin/contentForms.server.ts), each change in
 * the audit log. A plain form: it works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import {
  AdminEditForm,
  AdminField,
  AdminInput,
  AdminSave,
  ItemCodeField,
  LanguageTexts,
  useAdminForm,
} from "~/kits/editing";
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

export default function AdminOfferEditRoute() {
  const { t } = useTranslation(["admin", "benefit"]);
  const { fields, languages } = useLoaderData<typeof loader>();
  const { errorOf, formError, field, textAt, textsIn } = useAdminForm(t, fields);
  return (
    <AdminEditForm error={formError}>
      <ItemCodeField {...field("itemCd")} hint={t("admin.content.itemCdHint")} stored={fields?.itemCd} />
      <AdminInput {...field("partner")} label={t("admin.content.partner")} />
      <AdminInput {...field("link")} label={t("admin.content.offerLink")} dir="ltr" />
      <AdminInput
        {...field("priceKrw.min")}
        label={t("admin.content.priceMin")}
        hint={t("admin.content.priceHint")}
        dir="ltr"
      />
      {/* The content schemas' own rule (benefitContent.*: their messages are why this page loads that namespace). */}
      <AdminInput
        {...field("priceKrw.max")}
        label={t("admin.content.priceMax")}
        hint={t("benefitContent.price")}
        dir="ltr"
      />
      <AdminField label={t("admin.content.pricePer")} error={errorOf("priceKrw.per")} id="priceKrw.per">
        <select id="priceKrw.per" name="priceKrw.per" className="input" defaultValue={textAt("priceKrw.per")}>
          <option value="">{t("admin.content.pricePerNone")}</option>
          {PRICE_PERIODS.map((period) => (
            <option key={period} value={period}>
              {t(`admin.content.pricePers.${period}`)}
            </option>
          ))}
        </select>
      </AdminField>
      <AdminField label={t("admin.content.commission")} error={errorOf("commission")} id="commission">
        <select id="commission" name="commission" className="input" defaultValue={textAt("commission")}>
          <option value="">{t("admin.content.commissionUnknown")}</option>
          <option value="yes">{t("admin.content.commissionYes")}</option>
          <option value="no">{t("admin.content.commissionNo")}</option>
        </select>
      </AdminField>
      <AdminInput {...field("checkedOn")} label={t("admin.content.checkedOn")} type="date" dir="ltr" />
      <AdminInput {...field("order")} label={t("admin.content.order")} hint={t("admin.content.orderHint")} dir="ltr" />
      <LanguageTexts
        languages={languages}
        fields={[
          { field: "title", label: t("admin.edit.title"), rows: 0 },
          { field: "description", label: t("admin.content.description"), rows: 4 },
          { field: "priceNote", label: t("admin.content.priceNote"), rows: 0 },
        ]}
        text={textsIn}
        errorOf={errorOf}
      />
      <AdminSave label={t("admin.edit.save")} />
    </AdminEditForm>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
