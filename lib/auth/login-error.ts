// Why a sign-in failed. The codes travel to the login page as next-auth's `error` parameter, so they are
// deliberately coarse: a wrong password, an unknown account and a disabled account all read
// `invalid_credentials` (no account enumeration).
export const LOGIN_ERROR_CODES = [
  "invalid_credentials",
  "too_many_attempts",
  "directory_unavailable",
  "directory_disabled",
  "directory_not_configured",
  "account_conflict",
] as const;
export type LoginErrorCode = (typeof LOGIN_ERROR_CODES)[number];

/** What the login page shows for each code. */
export const LOGIN_ERROR_MESSAGES: Record<LoginErrorCode, string> = {
  invalid_credentials: "The sign-in details are not correct.",
  too_many_attempts: "Too many failed attempts. Wait a few minutes before trying again.",
  directory_unavailable: "The company directory (LDAP) did not answer. Try again later or contact your administrator.",
  directory_disabled: "Directory sign-in is not enabled on this server.",
  directory_not_configured: "Directory sign-in is not set up for this organisation.",
  account_conflict: "This directory account cannot be linked to a user here. Contact your administrator.",
};

export class LoginError extends Error {
  constructor(
    readonly code: LoginErrorCode,
    /** For logs only, never shown to the user. */
    readonly reason?: string,
  ) {
    super(code);
    this.name = "LoginError";
  }
}

export function loginErrorMessage(code: string | null | undefined): string | null {
  if (!code) return null;
  if (code === "network_error") return "The server could not be reached. Check your connection and try again.";
  return (LOGIN_ERROR_MESSAGES as Record<string, string>)[code] ?? LOGIN_ERROR_MESSAGES.invalid_credentials;
}
