// Company roles as people read them.
export type TCompanyRole = "company_admin" | "company_dpo" | "member";

export const COMPANY_ROLES: TCompanyRole[] = ["member", "company_dpo", "company_admin"];

export const COMPANY_ROLE_LABELS: Record<TCompanyRole, string> = {
  member: "Member",
  company_dpo: "Data protection officer",
  company_admin: "Company admin",
};
