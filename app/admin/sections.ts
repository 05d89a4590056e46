/**
 * The admin area's sections, in the order its navigation lists them. A section is
 * a path under /admin and the key of its name in the `admin` namespace; benefits,
 * offers and terms are added here when their forms are built.
 */
export type AdminSectionId = "notices" | "audit" | "loanProducts";

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
  { id: "loanProducts", path: "/admin/loanProducts", label: "admin.sections.loanProducts" },
];
