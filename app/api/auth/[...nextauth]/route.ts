// GET, POST /api/auth/* — next-auth (browser sign-in and sign-out; anyone): csrf, providers, session,
// callback/password, callback/ldap, signout. Not part of the v3 API.
import { handleNextAuth } from "@/lib/auth/next-auth";
import { baseUrl } from "@/lib/http/respond";

type Ctx = { params: Promise<{ nextauth?: string[] }> };

async function handler(req: Request, ctx: Ctx): Promise<Response> {
  const { nextauth = [] } = await ctx.params;
  return handleNextAuth(req, nextauth, baseUrl(req));
}

export { handler as GET, handler as POST };
