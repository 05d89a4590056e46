/**
 * The admin area's sections, in the order its navigation lists them. A section is
 * a path under /admin and the key of its name in the `admin` namespace.
 */
export type AdminSectionId =
  | "notices"
  | "audit"
  | "benefits"
  | "offers"
  | "terms"
  | "rates"
  | "corridors"
  | "loanProducts"
  | "extensionKits"
  | "partners";

export interface AdminSection {
  id: AdminSectionId;
  /** Its first page. */
  path: `/admin/${string}`;
  /** A key of the admin namespace's `sections` group. */
  label: `admin.sections.${AdminSectionId}`;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { id: "notices", path: "/admin/notices", label: "admin.sections.notices" },
  { id: "audit", path: "/admin/audit", label: "admin.sections.audit" },
  { id: "benefits", path: "/admin/benefits", label: "admin.sections.benefits" },
  { id: "offers", path: "/admin/offers", label: "admin.sections.offers" },
  { id: "terms", path: "/admin/terms", label: "admin.sections.terms" },
  { id: "rates", path: "/admin/rates", label: "admin.sections.rates" },
  { id: "corridors", path: "/admin/corridors", label: "admin.sections.corridors" },
  { id: "loanProducts", path: "/admin/loanProducts", label: "admin.sections.loanProducts" },
  { id: "extensionKits", path: "/admin/extensionKits", label: "admin.sections.extensionKits" },
  { id: "partners", path: "/admin/partners", label: "admin.sections.partners" },
];
