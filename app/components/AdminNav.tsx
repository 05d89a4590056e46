import { Link, useLocation } from "@remix-run/react";
import { ADMIN_SECTIONS } from "~/admin/sections";
import { useTranslation } from "~/i18n/useTranslation";

/** The admin area's sections (admin/sections.ts), the current one marked. */
export function AdminNav() {
  const { t } = useTranslation("admin");
  const { pathname } = useLocation();
  return (
    <nav aria-label={t("admin.nav")}>
      <ul className="admin-nav">
        {ADMIN_SECTIONS.map((section) => (
          <li key={section.id}>
            <Link
              to={section.path}
              aria-current={pathname === section.path || pathname.startsWith(`${section.path}/`) ? "page" : undefined}
            >
              {t(section.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
