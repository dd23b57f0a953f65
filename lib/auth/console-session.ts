// The signed-in principal for server components and pages (console layout, login redirects): the same
// session cookie check as the API (lib/auth/session.ts), read through next/headers.
import { cookies } from "next/headers";
import type { Principal } from "./principal";
import { principalFromSessionToken, sessionTokenFromCookies } from "./session";

export async function getConsoleSession(): Promise<Principal | null> {
  const jar = await cookies();
  const token = sessionTokenFromCookies(new Map(jar.getAll().map((c) => [c.name, c.value])));
  return token ? principalFromSessionToken(token) : null;
}
