/**
 * The 19 languages, each in its own script with its English name beside it, the
 * largest groups of residents first and the visitor's detected language on top
 * (the loader's `options`, i18n/languageChoice.server.ts: the names travel with
 * the page that lists them, not in every page's JavaScript).
 * A plain POST form, so it works without JavaScript; with JavaScript it also
 * records the choice in the site config (langCd, isLangSelect).
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { LanguageOption } from "~/i18n/languageChoice.server";
import { translateFormMessage } from "~/lib/formMessage";
import { rememberLanguage } from "~/lib/rememberLanguage";
import { Icon } from "./Icon";

/** What the language pages' loader gives (i18n/languageChoice.server.ts `languagePageData`). */
interface LanguagePageData {
  current: string;
  options: readonly LanguageOption[];
  /** Whether a language was chosen before (the back button then simply goes back). */
  chosen: boolean;
  redirectTo: string;
}

const FORM_ID = "language-form";

/**
 * The language page, for both of its addresses: /language draws its own header (layout "none": the first
 * thing a new visitor sees), /nLanguage sits in the join layout's. The routes own their address, layout and
 * title; this owns the page. The header's back button keeps the language the visitor was given (a first visit
 * has no page to go back to without choosing); once a language was chosen it simply goes back.
 */
export function LanguagePage({
  data,
  result,
  ownHeader,
}: {
  data: LanguagePageData;
  /** The action's refusal (a language the app does not have), with the way back. */
  result: { error: string; redirectTo: string } | undefined;
  ownHeader: boolean;
}) {
  const { t } = useTranslation();
  const redirectTo = result?.redirectTo ?? data.redirectTo;
  return (
    <>
      {ownHeader ? (
        <header className="language-page__header">
          {data.chosen ? (
            <Link to={redirectTo} className="language-page__back" aria-label={t("nav.back")}>
              <Icon name="back" className="icon--back" />
            </Link>
          ) : (
            <button
              type="submit"
              form={FORM_ID}
              name="lng"
              value={data.current}
              className="language-page__back"
              aria-label={t("nav.back")}
              onClick={() => rememberLanguage(data.current)}
            >
              <Icon name="back" className="icon--back" />
            </button>
          )}
          <h1 className="language-page__title">{t("titles.language")}</h1>
        </header>
      ) : null}
      <LanguagePicker current={data.current} options={data.options} redirectTo={redirectTo} error={result?.error} />
    </>
  );
}

/** The list as a form; its id is FORM_ID, so a "keep this language" button elsewhere (the header's back) submits it. */
function LanguagePicker({
  current,
  options,
  redirectTo,
  error,
}: {
  current: string;
  options: readonly LanguageOption[];
  redirectTo: string;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" ? navigation.formData?.get("lng") : null;
  return (
    <div className="language-picker">
      <p className="language-picker__intro" id="language-intro">
        {t("language.intro")}
      </p>
      {error ? (
        <p className="form-error" role="alert">
          {translateFormMessage(t, error)}
        </p>
      ) : null}
      <Form method="post" replace id={FORM_ID} aria-describedby="language-intro">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <ul className="language-picker__list">
          {options.map(({ code, name, english, dir }) => (
            <li key={code}>
              <button
                type="submit"
                name="lng"
                value={code}
                className="language-picker__option"
                aria-current={code === current ? "true" : undefined}
                aria-busy={pending === code ? "true" : undefined}
                onClick={() => rememberLanguage(code)}
              >
                <span className="language-picker__names">
                  <span className="language-picker__name" lang={code} dir={dir}>
                    {name}
                  </span>
                  {code === "en" ? null : (
                    <span className="language-picker__english" lang="en" dir="ltr">
                      {english}
                    </span>
                  )}
                </span>
                {code === current ? <Icon name="check" className="language-picker__check" /> : null}
              </button>
            </li>
          ))}
        </ul>
      </Form>
    </div>
  );
}
