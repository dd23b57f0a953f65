// ANY /api/v3/<unknown> — anyone: the v3 404 envelope instead of an HTML page.
import { AppError } from "@/lib/http/errors";
import { errorResponse } from "@/lib/http/respond";

function unknownPath(req: Request): Response {
  const { pathname } = new URL(req.url);
  return errorResponse(req, new AppError("not_found", `No API endpoint at ${req.method} ${pathname}.`));
}

export const GET = unknownPath;
export const POST = unknownPath;
export const PUT = unknownPath;
export const PATCH = unknownPath;
export const DELETE = unknownPath;
