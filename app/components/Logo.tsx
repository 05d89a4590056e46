import { useTranslation } from "~/i18n/useTranslation";

/**
 * The app's mark and name, drawn in the page (no request: it is there with the
 * first paint). The name is the brand as written in Latin letters in every language.
 */
export function Logo({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={className ? `logo ${className}` : "logo"} role="img" aria-label={t("app.name")}>
      <svg viewBox="0 0 30 30" aria-hidden="true" focusable="false">
        <rect width="30" height="30" rx="8" fill="#1f5fd6" />
        <path
          d="M9 7v16M9 15l8-8M11 13l7 10"
          stroke="#fff"
          strokeWidth="3"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="logo__name" aria-hidden="true">
        K-Life
      </span>
    </span>
  );
}
