/**
 * A new loan product (no `itemCd`) or an edit of one (`?itemCd=`): the lender, the visas it names, its amount,
 * rate and term ranges, its site, the source and date checked, and its name and conditions per language (Korean
 * required; a language left blank is not there). Judged by the content import's schema (the fields are named by
 * the item's paths), written through the same store call, recorded in the audit log. A plain form: it works
 * without JavaScript, and a refused one keeps everything typed.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { RouteErrorBoundary } from "~/pageKit";
import { translateFormMessage } from "~/formKit";
import {
  adminLanguages,
  editedItem,
  editFormAction,
  isLoanProductCode,
  json,
  loanProductFormSchema,
  requireAdmin,
  saveLoanProduct,
  type FormReply,
} from "~/routeKit.server";

/** 19 languages' conditions (1,000 characters each), percent-encoded: far below this. */
const EDIT_FORM_MAX_BODY = 1024 * 1024;

export const handle: PageHandle = {
  // benefit: the messages of the content schema's shared rules (benefitContent.*), which this form's schema uses.
  i18n: ["admin", "loan", "benefit"],
  title: (url) => (url.searchParams.has("itemCd") ? "titles.adminEditLoanProduct" : "titles.adminNewLoanProduct"),
  back: "/admin/loanProducts",
  secret: true,
  maxBody: EDIT_FORM_MAX_BODY,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context.services);
  const product = await editedItem(
    request,
    (itemCd) => context.services.stores.loanProducts.byId(itemCd),
    isLoanProductCode,
  );
  const text = (value: number | string | null | undefined) =>
    value === null || value === undefined ? "" : String(value);
  return json({
    // The stored product as the form's fields.
    product: product && {
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
    },
    languages: adminLanguages(),
  });
}

export const action = (args: ActionFunctionArgs) =>
  editFormAction(args, {
    schema: loanProductFormSchema,
    find: (stores, itemCd) => stores.loanProducts.byId(itemCd),
    wellFormed: isLoanProductCode,
    taken: "loanProductTaken",
    save: async (stores, item, actorUid, at) => {
      await saveLoanProduct(stores, item, actorUid, at);
      return { ok: true };
    },
    list: "/admin/loanProducts",
  });

type Fields = Record<string, unknown>;

/** A field's value: what was sent back with a refusal, else the stored product's, by the field's dotted name. */
function valueAt(fields: Fields | null | undefined, name: string): string {
  let value: unknown = fields;
  for (const part of name.split(".")) value = value && typeof value === "object" ? (value as Fields)[part] : undefined;
  return typeof value === "string" ? value : value === undefined || value === null ? "" : String(value);
}

export default function AdminLoanProductEditRoute() {
  const { t } = useTranslation(["admin", "loan", "benefit"]);
  const { product, languages } = useLoaderData<typeof loader>();
  const reply = useActionData<FormReply>();
  const submitted = (reply?.initialValue ?? null) as Fields | null;
  const value = (name: string) => valueAt(submitted ?? (product as Fields | null), name);
  const errorOf = (name: string) => translateFormMessage(t, reply?.error?.[name]?.[0]) ?? null;
  const formError = errorOf("") ?? errorOf("translations");
  const input = (name: string, label: string, options: { hint?: string; dir?: "ltr"; readOnly?: boolean } = {}) => (
    <Field label={label} hint={options.hint} error={errorOf(name)} id={name}>
      <input
        id={name}
        name={name}
        className="input"
        dir={options.dir}
        defaultValue={value(name)}
        readOnly={options.readOnly}
        autoComplete="off"
      />
    </Field>
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
      {formError ? (
        <p className="form-error" role="alert">
          {formError}
        </p>
      ) : null}
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
      {languages.map((language) => {
        const nameField = `translations.${language.code}.name`;
        const conditionsField = `translations.${language.code}.conditions`;
        const errors = [errorOf(nameField), errorOf(conditionsField), errorOf(`translations.${language.code}`)];
        const filled = Boolean(value(nameField) || value(conditionsField));
        return (
          <details
            key={language.code}
            className="admin-language"
            open={language.code === "ko" || filled || errors.some(Boolean)}
          >
            <summary>
              {language.name} <span dir="ltr">({language.code})</span>
              {language.code === "ko" ? ` ${t("admin.edit.original")}` : null}
            </summary>
            <Field
              label={t("loanAdmin.name")}
              hint={t("benefitContent.oneLine")}
              error={errors[0] ?? errors[2] ?? null}
              id={nameField}
            >
              <input
                id={nameField}
                name={nameField}
                className="input"
                lang={language.code}
                dir={language.dir}
                defaultValue={value(nameField)}
              />
            </Field>
            <Field label={t("loan.products.conditions")} error={errors[1] ?? null} id={conditionsField}>
              <textarea
                id={conditionsField}
                name={conditionsField}
                className="input"
                lang={language.code}
                dir={language.dir}
                defaultValue={value(conditionsField)}
                rows={4}
              />
            </Field>
          </details>
        );
      })}
      <button type="submit" className="button button--primary">
        {t("admin.edit.save")}
      </button>
    </Form>
  );
}

function Field(props: { label: string; hint?: string; error: string | null; id: string; children: ReactNode }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={props.id}>
        {props.label}
      </label>
      {props.hint ? <p className="field__hint">{props.hint}</p> : null}
      {props.children}
      {props.error ? <p className="field__error">{props.error}</p> : null}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
