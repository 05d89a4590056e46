/**
 * A new benefit (no `itemCd`) or an edit of one (`?itemCd=`, the shipped ones too):
 * its facts and its text per language (Korean required), checked by the schema the
 * content import uses and written as the import writes it (admin/contentForms.server.ts),
 * each change in the audit log. A plain form: it works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import {
  AdminCheckbox,
  AdminEditForm,
  AdminField,
  AdminInput,
  AdminSave,
  CategoryField,
  ItemCodeField,
  LanguageTexts,
  useAdminForm,
} from "~/kits/editing";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { editPageHandle, RouteErrorBoundary } from "~/pageKit";
import { REGIONS } from "~/stores/benefits";
import {
  BENEFIT_CATEGORIES,
  BENEFIT_FACTS,
  benefitFormSchema,
  benefitsKind,
  contentEditRoute,
  schemaForm,
} from "~/routeKit.server";

export const handle: PageHandle = {
  i18n: ["admin", "benefit"],
  // The body: 19 languages' texts, percent-encoded (Korean: 9 bytes a character), with room to spare.
  ...editPageHandle("/admin/benefits", "titles.adminEditBenefit", "titles.adminNewBenefit", 2 * 1024 * 1024),
};

/** Made when a request comes (the browser's build has no server code to make it with). */
const edit = () =>
  contentEditRoute(benefitsKind, {
    read: schemaForm(benefitFormSchema),
    find: (stores, itemCd) => stores.benefits.byId(itemCd),
    // The stored benefit as the form's fields (the same names the form sends).
    fieldsOf: (benefit) => ({
      itemCd: benefit.itemCd,
      category: benefit.category,
      order: String(benefit.order),
      visas: benefit.visas.join(" "),
      regions: (benefit.regions ?? []).join(" "),
      link: benefit.link ?? "",
      phones: benefit.phones.join(" "),
      hours: benefit.hours ?? {},
      languages: benefit.languages
        ? {
            count: benefit.languages.count === null ? "" : String(benefit.languages.count),
            about: benefit.languages.about ? "on" : undefined,
            codes: benefit.languages.codes.join(" "),
          }
        : {},
      source: {
        name: benefit.source.name ?? "",
        url: benefit.source.url ?? "",
        checkedOn: benefit.source.checkedOn,
      },
      unverified: benefit.unverified,
      translations: benefit.translations,
    }),
    extra: { categories: BENEFIT_CATEGORIES, facts: BENEFIT_FACTS },
    taken: "codeTaken",
    problemField: "translations.ko.name",
    list: "/admin/benefits",
  });

export const loader = (args: LoaderFunctionArgs) => edit().loader(args);
export const action = (args: ActionFunctionArgs) => edit().action(args);

/** The labels of the facts that can be marked unverified, from the benefit page's own. */
const FACT_LABELS = {
  gives: "benefit.gives",
  eligible: "benefit.eligible",
  apply: "benefit.apply",
  phones: "benefit.phone",
  hours: "benefit.hours",
  languages: "benefit.languages",
  link: "benefit.officialSite",
} as const;

export default function AdminBenefitEditRoute() {
  const { t } = useTranslation(["admin", "benefit"]);
  const { fields, languages, categories, facts } = useLoaderData<typeof loader>();
  const { errorOf, formError, field, textAt, valueAt, textsIn } = useAdminForm(t, fields);
  const unverified = new Set([valueAt("unverified") ?? []].flat());
  const input = (name: string, label: string, hint?: string) => (
    <AdminInput {...field(name)} label={label} hint={hint} dir="ltr" />
  );
  return (
    <AdminEditForm error={formError}>
      <ItemCodeField {...field("itemCd")} hint={t("admin.content.itemCdHint")} stored={fields?.itemCd} />
      <CategoryField {...field("category")} choices={categories} nameOf={(c) => t(`benefit.categories.${c}`)} />
      {input("order", t("admin.content.order"), t("admin.content.orderHint"))}
      {input("visas", t("admin.content.visas"), t("admin.content.visasHint"))}
      {input("regions", t("admin.content.regions"), t("admin.content.regionsHint", { regions: REGIONS.join(" ") }))}
      {input("link", t("admin.content.link"))}
      {input("phones", t("benefit.phone"), t("admin.content.phonesHint"))}
      <AdminField label={t("benefit.hours")} error={errorOf("hours")} id="hours.days">
        <select id="hours.days" name="hours.days" className="input" defaultValue={textAt("hours.days")}>
          <option value="">{t("admin.content.hoursNone")}</option>
          <option value="always">{t("benefit.hoursAlways")}</option>
          <option value="weekdays">{t("admin.content.weekdays")}</option>
          <option value="everyDay">{t("admin.content.everyDay")}</option>
        </select>
      </AdminField>
      {input("hours.opens", t("admin.content.opens"))}
      {input("hours.closes", t("admin.content.closes"))}
      {input("languages.count", t("admin.content.languagesCount"))}
      <AdminCheckbox
        name="languages.about"
        label={t("admin.content.languagesAbout")}
        checked={textAt("languages.about") === "on"}
      />
      {input("languages.codes", t("admin.content.languageCodes"), t("admin.content.languageCodesHint"))}
      {input("source.name", t("admin.content.sourceName"), t("admin.content.sourceNameHint"))}
      {input("source.url", t("admin.content.sourceUrl"))}
      <AdminInput {...field("source.checkedOn")} label={t("admin.content.checkedOn")} type="date" dir="ltr" />
      <fieldset className="field">
        <legend className="field__label">{t("admin.content.unverified")}</legend>
        {facts.map((fact) => (
          <AdminCheckbox
            key={fact}
            name="unverified"
            value={fact}
            label={t(FACT_LABELS[fact])}
            checked={unverified.has(fact)}
          />
        ))}
        {errorOf("unverified") ? <p className="field__error">{errorOf("unverified")}</p> : null}
      </fieldset>
      <LanguageTexts
        languages={languages}
        fields={[
          { field: "name", label: t("admin.content.name"), rows: 0 },
          { field: "gives", label: t("benefit.gives"), rows: 4 },
          { field: "eligible", label: t("benefit.eligible"), rows: 4 },
          { field: "apply", label: t("benefit.apply"), rows: 4 },
          { field: "hoursNote", label: t("admin.content.hoursNote"), rows: 0 },
        ]}
        text={textsIn}
        errorOf={errorOf}
      />
      <AdminSave label={t("admin.edit.save")} />
    </AdminEditForm>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
