/**
 * The 19 languages, each in its own script with its English name beside it, the
 * largest groups of residents first and the visitor's detected language on top
 * (the loader's `options`, i18n/languageChoice.server.ts: the names travel with
 * the page that lists them, not in every page's JavaScript).
 * A plain POST form, so it works without JavaScript; with JavaScript it also
 * records the choice in the site config (langCd, isLangSelect).
 */
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { LanguageOption } from "~/i18n/languageChoice.server";
import { rememberLanguage } from "~/lib/rememberLanguage";
import { Icon } from "./Icon";

export function LanguagePicker({
  current,
  options,
  redirectTo,
  error,
  formId = "language-form",
}: {
  current: string;
  options: readonly LanguageOption[];
  redirectTo: string;
  error?: string | null;
  /** The form's id: a "keep this language" button elsewhere on the page (the header's back) submits it. */
  formId?: string;
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
          {t(error)}
        </p>
      ) : null}
      <Form method="post" replace id={formId} aria-describedby="language-intro">
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
