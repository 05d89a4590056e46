/**
 * The 19 languages, each in its own script with its English name beside it, the
 * largest groups of residents first and the visitor's detected language on top.
 * A plain POST form, so it works without JavaScript; with JavaScript it also
 * records the choice in the site config (langCd, isLangSelect).
 */
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { directionOf, englishNames, languageNames, pickerOrder } from "~/i18n/config";
import { selectLanguage, updateSiteConfig } from "~/lib/siteConfig";
import { Icon } from "./Icon";

export function LanguagePicker({
  current,
  redirectTo,
  error,
  formId = "language-form",
}: {
  current: string;
  redirectTo: string;
  error?: string | null;
  /** The form's id: a "keep this language" button elsewhere on the page (the header's back) submits it. */
  formId?: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" ? navigation.formData?.get("lng") : null;
  const order = [...pickerOrder].sort((a, b) => Number(b === current) - Number(a === current));
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
          {order.map((code) => (
            <li key={code}>
              <button
                type="submit"
                name="lng"
                value={code}
                className="language-picker__option"
                aria-current={code === current ? "true" : undefined}
                aria-busy={pending === code ? "true" : undefined}
                onClick={() => updateSiteConfig(window.localStorage, (c) => selectLanguage(c, code))}
              >
                <span className="language-picker__names">
                  <span className="language-picker__name" lang={code} dir={directionOf(code)}>
                    {languageNames[code]}
                  </span>
                  {code === "en" ? null : (
                    <span className="language-picker__english" lang="en" dir="ltr">
                      {englishNames[code]}
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
