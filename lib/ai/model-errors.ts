// Errors of the model providers: model_unavailable, and reading why a remote model service failed
// (shared by the HTTP clients for chat, embeddings and rerank): the message inside an error body in any
// of the shapes OpenAI, Cohere/Jina, TEI and vLLM answer with, and the cause of a fetch that never
// reached the server.
import { AppError } from "@/lib/errors";

/**
 * model_unavailable: the model is not configured, missing or unreachable; with `upstream`, the model service
 * answered with an error (the transport reports 503 and 502 respectively).
 */
export const modelUnavailable = (detail: string, upstream = false) => new AppError("model_unavailable", detail, { upstream });

export interface UpstreamError {
  /** The service's own message (at most 500 characters), if the body is JSON that names one. */
  message?: string;
  /** `error.code`, else `error.type`, else "". */
  code: string;
}

/** Reads `{error: {message, code, type}}`, `{error: "…"}`, `{message}` or `{detail}` from an error body. */
export function readUpstreamError(text: string): UpstreamError {
  let j: unknown;
  try {
    j = JSON.parse(text);
  } catch {
    return { code: "" }; // not JSON
  }
  if (!j || typeof j !== "object") return { code: "" };
  const body = j as { error?: { message?: unknown; code?: unknown; type?: unknown } | string; message?: unknown; detail?: unknown };
  const err = typeof body.error === "string" ? { message: body.error } : body.error;
  const m = err?.message ?? body.message ?? body.detail;
  const message = m === undefined || m === null || m === "" ? undefined : (typeof m === "string" ? m : JSON.stringify(m)).slice(0, 500);
  return { message, code: String(err?.code ?? err?.type ?? "") };
}

/** The service's message, else the raw body (both cut to 500 characters), else "no details". */
export function upstreamMessage(text: string): string {
  return readUpstreamError(text).message ?? (text.slice(0, 500) || "no details");
}

/** Why fetch could not reach the server: the socket error code (ECONNREFUSED, ENOTFOUND…) when there is one. */
export function networkCause(err: unknown): string {
  const e = err as { cause?: { code?: string; message?: string }; message?: string } | undefined;
  return e?.cause?.code ?? e?.cause?.message ?? e?.message ?? "network error";
}
