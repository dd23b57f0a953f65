// ANY /api/v3/<unknown> — anyone: the v3 404 envelope instead of an HTML page.
import { unknownEndpoint } from "@/lib/http/with-api";

export const GET = unknownEndpoint;
export const POST = unknownEndpoint;
export const PUT = unknownEndpoint;
export const PATCH = unknownEndpoint;
export const DELETE = unknownEndpoint;
