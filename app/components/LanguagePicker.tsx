/**
 * The list of the 19 languages, each in its own script. A plain POST form, so it
 * works without JavaScript; with JavaScript it also records the choice in the
 * site config (langCd, isLangSelect).
 */
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { directionOf, languageNames, supportedLanguages } from "~/i18n/config";
import { selectLanguage, updateSiteConfig } from "~/lib/siteConfig";

export function LanguagePicker({
  current,
  redirectTo,
  error,
}: {
  current: string;
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
          {t(error)}
        </p>
      ) : null}
      <Form method="post" replace aria-describedby="language-intro">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <ul className="language-picker__list">
          {supportedLanguages.map((code) => (
            <li key={code}>
              <button
                type="submit"
                name="lng"
                value={code}
                lang={code}
                dir={directionOf(code)}
                className="language-picker__option"
                aria-current={code === current ? "true" : undefined}
                aria-busy={pending === code ? "true" : undefined}
                onClick={() => updateSiteConfig(window.localStorage, (c) => selectLanguage(c, code))}
              >
                <span className="language-picker__name">{languageNames[code]}</span>
                {code === current ? (
                  <span className="language-picker__check" aria-hidden="true">
                    ✓
                  </span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      </Form>
    </div>
  );
}
