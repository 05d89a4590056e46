/**
 * A new corridor (no `country`) or an edit of one (`?country=VN`): whose figures, their source and day, the
 * currencies paid out with their margin in basis points, a flat fee or fee tiers (bounds in won or US dollars),
 * and which of the figures are assumptions. Checked by the schema the content import uses
 * (finance/corridors.server.ts) and by the quote's own check; every problem next to its field, what was typed
 * kept. Plain fields and rows: it works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { editPageHandle, describedBy, LabelledField, RouteErrorBoundary, translateFormMessage } from "~/pageKit";
import {
  contentEditRoute,
  CORRIDOR_FACTS,
  CORRIDOR_FORM_ROWS,
  corridorsKind,
  FEE_TIER_CURRENCIES,
  plainForm,
  readCorridorForm,
  type CorridorFormValues,
} from "~/routeKit.server";

export const handle: PageHandle = {
  i18n: ["remittance"],
  ...editPageHandle("/admin/corridors", "titles.adminEditCorridor", "titles.adminNewCorridor", undefined, "country"),
};

/** Made when a request comes (the browser's build has no server code to make it with). */
const edit = () =>
  contentEditRoute(corridorsKind, {
    param: "country",
    find: (stores, country) => stores.corridors.get(country),
    wellFormed: (country) => /^[A-Z]{2}$/.test(country),
    // The country of an edited corridor is the one in its address, whatever the form says.
    read: plainForm(readCorridorForm),
    // The stored corridor as the form's fields (the same names the form sends).
    fieldsOf: (corridor): CorridorFormValues => {
      const values: CorridorFormValues = {
        country: corridor.country,
        provider: corridor.provider,
        source: corridor.source,
        asOf: corridor.asOf,
        feeKind: corridor.fee.kind,
        unverified: corridor.unverified,
      };
      corridor.offers.forEach((o, i) => {
        values[`offers.${i}.currency`] = o.currency;
        values[`offers.${i}.margin`] = String(o.marginBasisPoints);
      });
      if (corridor.fee.kind === "flat") values.flatKrw = String(corridor.fee.krw);
      else {
        values.tierCurrency = corridor.fee.tierCurrency;
        corridor.fee.tiers.forEach((t, i) => {
          values[`tiers.${i}.upTo`] = t.upTo === null ? "" : String(t.upTo);
          values[`tiers.${i}.krw`] = String(t.krw);
        });
      }
      return values;
    },
    extra: { rows: CORRIDOR_FORM_ROWS },
    list: "/admin/corridors",
  });

export const loader = (args: LoaderFunctionArgs) => edit().loader(args);
export const action = (args: ActionFunctionArgs) => edit().action(args);

/** A refused form: what was typed, and each message by its field ("" for the form's own). */
type Reply = { values: CorridorFormValues; errors: Record<string, string> };

export default function AdminCorridorEditRoute() {
  const { t } = useTranslation("remittance");
  const { fields: stored, rows } = useLoaderData<typeof loader>();
  const reply = useActionData<Reply>();
  const values = reply?.values ?? stored ?? {};
  const value = (name: string) => {
    const v = values[name];
    return typeof v === "string" ? v : "";
  };
  const unverified = Array.isArray(values.unverified) ? values.unverified : [];
  const errorOf = (name: string) => translateFormMessage(t, reply?.errors[name]) ?? null;
  const input = (name: string, label: string, options: { hint?: string; readOnly?: boolean; dir?: "ltr" } = {}) => (
    <LabelledField key={name} id={name} label={label} hint={options.hint} error={errorOf(name)}>
      <input
        id={name}
        name={name}
        className="input"
        defaultValue={value(name)}
        readOnly={options.readOnly}
        dir={options.dir}
        autoComplete="off"
        aria-invalid={errorOf(name) ? true : undefined}
        aria-describedby={describedBy(name, { hint: options.hint, error: errorOf(name) })}
      />
    </LabelledField>
  );
  /** A list's message, then its rows (`offers.0.currency`, …): each column a field and its label's key (n: from 1). */
  const rowsOf = (list: string, count: number, ...columns: [field: string, label: string][]) => (
    <>
      {errorOf(list) ? <p className="field__error">{errorOf(list)}</p> : null}
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="admin-row">
          {columns.map(([field, label]) =>
            input(`${list}.${i}.${field}`, t(`corridorAdmin.${label}`, { n: i + 1 }), { dir: "ltr" }),
          )}
        </div>
      ))}
    </>
  );
  const formError = errorOf("");
  return (
    <Form method="post" className="form" noValidate>
      {formError ? (
        <p className="form-error" role="alert">
          {formError}
        </p>
      ) : null}
      {input("country", t("corridorAdmin.country"), {
        hint: t("corridorAdmin.countryHint"),
        readOnly: Boolean(stored),
        dir: "ltr",
      })}
      {input("provider", t("corridorAdmin.provider"), { hint: t("corridorAdmin.providerHint") })}
      {input("source", t("corridorAdmin.source"), { hint: t("corridorAdmin.sourceHint"), dir: "ltr" })}
      {input("asOf", t("corridorAdmin.asOf"), { hint: "2026-11-26", dir: "ltr" })}
      <fieldset className="admin-language">
        <legend>{t("corridorAdmin.offers")}</legend>
        {rowsOf("offers", rows.offers, ["currency", "offerCurrency"], ["margin", "offerMargin"])}
      </fieldset>
      <fieldset className="admin-language">
        <legend>{t("corridorAdmin.fee")}</legend>
        {errorOf("feeKind") ? <p className="field__error">{errorOf("feeKind")}</p> : null}
        <label className="choice">
          <input type="radio" name="feeKind" value="flat" defaultChecked={value("feeKind") === "flat"} />{" "}
          {t("corridorAdmin.feeFlat")}
        </label>
        {input("flatKrw", t("corridorAdmin.flatKrw"), { dir: "ltr" })}
        <label className="choice">
          <input type="radio" name="feeKind" value="tiered" defaultChecked={value("feeKind") === "tiered"} />{" "}
          {t("corridorAdmin.feeTiered")}
        </label>
        <LabelledField id="tierCurrency" label={t("corridorAdmin.tierCurrency")} error={errorOf("tierCurrency")}>
          <select id="tierCurrency" name="tierCurrency" className="input" defaultValue={value("tierCurrency")}>
            {FEE_TIER_CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </LabelledField>
        {rowsOf("tiers", rows.tiers, ["upTo", "tierUpTo"], ["krw", "tierKrw"])}
      </fieldset>
      <fieldset className="admin-language">
        <legend>{t("corridorAdmin.unverified")}</legend>
        {CORRIDOR_FACTS.map((fact) => (
          <label key={fact} className="choice">
            <input type="checkbox" name="unverified" value={fact} defaultChecked={unverified.includes(fact)} />{" "}
            {t(`corridorAdmin.facts.${fact}`)}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button button--primary">
        {t("corridorAdmin.save")}
      </button>
    </Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
