/**
 * A new loan product (no `itemCd`) or an edit of one (`?itemCd=`): the lender, the visas it names, its amount,
 * rate and term ranges, its site, the source and date checked, and its name and conditions per language (Korean
 * required; a language left blank is not there). Judged by the content import's schema (the fields are named by
 * the item's paths), written through the same store call, recorded in the audit log. A plain form: it works
 * without JavaScript, and a refused one keeps everything typed.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { editPageHandle, RouteErrorBoundary } from "~/pageKit";
import { AdminFormError, AdminInput, LanguageTexts, useAdminForm } from "~/kits/editing";
import {
  contentEditRoute,
  schemaForm,
  isLoanProductCode,
  loanProductFormSchema,
  loanProductsKind,
} from "~/routeKit.server";

export const handle: PageHandle = {
  // benefit: the messages of the content schema's shared rules (benefitContent.*), which this form's schema uses.
  i18n: ["admin", "loan", "benefit"],
  // The body: 19 languages' conditions (1,000 characters each), percent-encoded: far below this.
  ...editPageHandle("/admin/loanProducts", "titles.adminEditLoanProduct", "titles.adminNewLoanProduct", 1024 * 1024),
};

/** A stored value as a form's text: empty for none. */
const text = (value: number | string | null | undefined) =>
  value === null || value === undefined ? "" : String(value);

/** Made when a request comes (the browser's build has no server code to make it with). */
const edit = () =>
  contentEditRoute(loanProductsKind, {
    read: schemaForm(loanProductFormSchema),
    find: (stores, itemCd) => stores.loanProducts.byId(itemCd),
    wellFormed: isLoanProductCode,
    // The stored product as the form's fields.
    fieldsOf: (product) => ({
      itemCd: product.itemCd,
      order: text(product.order),
      lender: product.lender,
      visas: product.visas.join(", "),
      amountKrw: { min: text(product.amountKrw?.min), max: text(product.amountKrw?.max) },
      ratePercent: { min: text(product.ratePercent?.min), max: text(product.ratePercent?.max) },
      termMonths: { min: text(product.termMonths?.min), max: text(product.termMonths?.max) },
      link: text(product.link),
      source: { name: text(product.source.name), url: text(product.source.url), checkedOn: product.source.checkedOn },
      translations: product.translations,
    }),
    taken: "loanProductTaken",
    list: "/admin/loanProducts",
  });

export const loader = (args: LoaderFunctionArgs) => edit().loader(args);
export const action = (args: ActionFunctionArgs) => edit().action(args);

export default function AdminLoanProductEditRoute() {
  const { t } = useTranslation(["admin", "loan", "benefit"]);
  const { fields: product, languages } = useLoaderData<typeof loader>();
  const form = useAdminForm(t, product);
  const { formError, textAt: value } = form;
  // Each message at its own field only (a range's message under its two ends, not again at an end).
  const errorOf = (name: string) => form.errorOf(name, true);
  const input = (name: string, label: string, options: { hint?: string; dir?: "ltr"; readOnly?: boolean } = {}) => (
    <AdminInput name={name} label={label} value={value(name)} error={errorOf(name)} {...options} />
  );
  /** Two ends of a range, and the range's own message (an end above the other) under them. */
  const range = (name: string, label: string) => (
    <fieldset className="admin-range">
      <legend>{label}</legend>
      {input(`${name}.min`, t("loanAdmin.min"), { dir: "ltr" })}
      {input(`${name}.max`, t("loanAdmin.max"), { dir: "ltr" })}
      {errorOf(name) ? <p className="field__error">{errorOf(name)}</p> : null}
    </fieldset>
  );
  return (
    <Form method="post" className="form" noValidate>
      <AdminFormError message={formError} />
      {input("itemCd", t("admin.edit.itemCd"), {
        hint: t("loanAdmin.itemCdHint"),
        dir: "ltr",
        readOnly: Boolean(product),
      })}
      {input("lender", t("loanAdmin.lender"))}
      {input("order", t("loanAdmin.order"), { dir: "ltr" })}
      {input("visas", t("loan.products.visas"), { hint: t("loanAdmin.visasHint"), dir: "ltr" })}
      {range("amountKrw", t("loan.products.amount"))}
      {range("ratePercent", t("loan.products.rate"))}
      {range("termMonths", t("loan.products.term"))}
      {input("link", t("loan.products.site"), { dir: "ltr" })}
      {input("source.name", t("loanAdmin.sourceName"))}
      {input("source.url", t("loanAdmin.sourceUrl"), { dir: "ltr" })}
      {input("source.checkedOn", t("loanAdmin.checkedOn"), { hint: t("loanAdmin.checkedOnHint"), dir: "ltr" })}
      <LanguageTexts
        languages={languages}
        fields={[
          { field: "name", label: t("loanAdmin.name"), hint: t("benefitContent.oneLine"), rows: 0 },
          { field: "conditions", label: t("loan.products.conditions"), rows: 4 },
        ]}
        text={(code) => ({
          name: value(`translations.${code}.name`),
          conditions: value(`translations.${code}.conditions`),
        })}
        errorOf={errorOf}
      />
      <button type="submit" className="button button--primary">
        {t("admin.edit.save")}
      </button>
    </Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
