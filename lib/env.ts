// All configuration, parsed once with zod. Nothing else in the code base reads process.env.
// With no configuration at all the app runs embedded: PGlite database and files under DATA_DIR.
import "server-only";
import path from "node:path";
import { z } from "zod";

const bool = z.union([z.boolean(), z.string()]).transform((v, ctx) => {
  if (typeof v === "boolean") return v;
  const s = v.trim().toLowerCase();
  if (["1", "true", "yes", "on"].includes(s)) return true;
  if (["0", "false", "no", "off", ""].includes(s)) return false;
  ctx.addIssue({ code: "custom", message: `expected true/false, got "${v}"` });
  return z.NEVER;
});

const int = (def: number, min = 0) => z.coerce.number().int().min(min).default(def);
/** A non-negative decimal amount as text (at most 6 decimals), kept as a string for exact money maths. */
const price = (def: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,9}(\.\d{1,6})?$/, "expected a non-negative decimal such as 0.01")
    .default(def);

export const ZEnv = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: int(3000, 1),
  /** Public origin of the app, used for absolute links (pagination, doc_url). Defaults to the request origin. */
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  /** Postgres server with pgvector. Unset: embedded PGlite in DATA_DIR/pg. `memory://` for an in-memory PGlite. */
  DATABASE_URL: z.string().min(1).optional(),
  /** Embedded PGlite (DATA_DIR/pg) runs in its own thread, reached over a Unix socket, so that database work never blocks the web thread. `false`: in the web thread. */
  DB_EMBEDDED_THREAD: bool.default(true),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),

  // Request limits
  MAX_JSON_BODY_BYTES: int(1_048_576, 1024),
  RATE_LIMIT_ENABLED: bool.default(true),
  /** Requests allowed per API key (or per IP when unauthenticated) per window. */
  RATE_LIMIT_MAX: int(600, 1),
  RATE_LIMIT_WINDOW_SECONDS: int(60, 1),
  /** Requests with invalid credentials allowed per client address per window (then 429, even on exempt endpoints). */
  AUTH_FAILURE_RATE_LIMIT_MAX: int(30, 1),
  /** `memory` (one process) or `postgres` (shared by all app instances). Default: memory when embedded, postgres with DATABASE_URL. */
  RATE_LIMIT_STORE: z.enum(["memory", "postgres"]).optional(),

  // Background jobs
  /** `local` (database-backed runner inside the app) or `inngest`. Default: inngest when INNGEST_EVENT_KEY is set. */
  JOBS_RUNNER: z.enum(["local", "inngest"]).optional(),
  JOBS_CONCURRENCY: int(2, 1),
  JOBS_POLL_INTERVAL_MS: int(500, 10),
  JOBS_LEASE_SECONDS: int(60, 1),
  /**
   * Jobs one company may have running at once, across all runners (unset: no cap; the local runner still
   * claims fairly, company with fewest running jobs first). On Inngest the per-company concurrency key's limit.
   */
  JOBS_COMPANY_CONCURRENCY: z.coerce.number().int().min(1).optional(),
  /** Start the local runner inside the web server process. */
  JOBS_WORKER_ENABLED: bool.default(true),
  INNGEST_EVENT_KEY: z.string().optional(),
  INNGEST_SIGNING_KEY: z.string().optional(),
  INNGEST_BASE_URL: z.url().optional(),
  INNGEST_DEV: bool.optional(),

  // Parse (document engine limits)
  PARSE_SYNC_MAX_BYTES: int(20 * 1024 * 1024, 1),
  PARSE_ASYNC_MAX_BYTES: int(100 * 1024 * 1024, 1),
  PARSE_SYNC_MAX_PAGES: int(100, 1),
  PARSE_ASYNC_MAX_PAGES: int(1000, 1),
  /** Wall-clock budget of one synchronous parse; longer documents should use async. */
  PARSE_SYNC_TIMEOUT_MS: int(120_000, 1000),
  /** Wall-clock budget of one document in a background job. */
  DOCUMENT_TIMEOUT_MS: int(900_000, 1000),
  /** Parse jobs and their uploaded bytes are purged after this many hours. */
  PARSE_RETENTION_HOURS: int(168, 1),
  /** Document URLs: hosts or CIDR ranges allowed even when private (on-premise sources), comma-separated. */
  DOCUMENT_URL_ALLOWLIST: z.string().default(""),
  DOCUMENT_FETCH_TIMEOUT_MS: int(30_000, 100),

  // Extract API limits (lib/extract); the extraction model itself is configured by EXTRACTION_*
  EXTRACT_SYNC_MAX_BYTES: int(20 * 1024 * 1024, 1),
  EXTRACT_ASYNC_MAX_BYTES: int(100 * 1024 * 1024, 1),
  EXTRACT_SYNC_MAX_PAGES: int(15, 1),
  EXTRACT_ASYNC_MAX_PAGES: int(1000, 1),
  /** Wall-clock budget of one synchronous extraction (conversion plus extraction). */
  EXTRACT_SYNC_TIMEOUT_MS: int(120_000, 1000),
  /** Extract jobs, their results and uploaded bytes are purged after this many hours. */
  EXTRACT_RETENTION_HOURS: int(168, 1),

  // Ingestion (lib/ingestion): chunk sizes in approximate tokens (see lib/documents/chunk.ts), one file's time budget
  CHUNK_TARGET_TOKENS: int(350, 50),
  CHUNK_OVERLAP_TOKENS: int(50, 0),
  INGEST_TIMEOUT_MS: int(900_000, 1000),
  /** Pages per ingested file (the spec's asynchronous page limit): a longer file is parsing_failed, nothing ingested. */
  INGEST_MAX_PAGES: int(1000, 1),

  // Files
  FILE_UPLOAD_MAX_BYTES: int(100 * 1024 * 1024, 1),
  UPLOAD_SESSION_TTL_HOURS: int(24, 1),
  /** Storage allowance per company in bytes, by tier (hard cap on the free tier only). */
  STORAGE_ALLOWANCE_FREE_BYTES: int(5 * 1024 ** 3, 0),
  STORAGE_ALLOWANCE_PAYG_BYTES: int(5 * 1024 ** 3, 0),
  STORAGE_ALLOWANCE_BUSINESS_BYTES: int(100 * 1024 ** 3, 0),

  // Object storage (lib/storage): `local` = DATA_DIR/objects, `s3` = any S3-compatible service (S3_BUCKET required)
  STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  /** Endpoint of an S3-compatible service (MinIO, Ceph, R2, Garage…); unset for AWS. */
  S3_ENDPOINT: z.url().optional(),
  /** Static credentials; unset: the AWS SDK's default chain (AWS_* variables, profile, instance role). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Path-style URLs (endpoint/bucket/key). Default: true when S3_ENDPOINT is set. */
  S3_FORCE_PATH_STYLE: bool.optional(),
  /** Prepended to every object key, to share a bucket. */
  S3_PREFIX: z.string().optional(),

  // Billing (lib/billing): list prices in EUR per unit as decimal strings (exact arithmetic, never floats)
  PRICE_PARSING_PER_PAGE: price("0.01"),
  PRICE_EXTRACTION_PER_PAGE: price("0.02"),
  PRICE_INGESTION_PER_PAGE: price("0.005"),
  PRICE_SEARCH_PER_QUERY: price("0.002"),
  PRICE_RAG_PER_ANSWER: price("0.02"),
  PRICE_STORAGE_PER_GIB_MONTH: price("0.10"),
  /** Credits of a free-tier company (cumulative, not per month); used up → metered calls answer 403 credits_exhausted. */
  FREE_TIER_CREDITS_EUR: price("5.00"),
  /** Budget alert e-mails: SMTP server URL (smtp://user:pass@host:587, smtps://…); unset = alerts are only shown in the console. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("DocIntel <no-reply@localhost>"),

  // Authentication
  /** Signs session cookies (JWT). Unset: derived from SECRET_KEY or from a random secret kept in DATA_DIR/secret-key. */
  NEXTAUTH_SECRET: z.string().min(16).optional(),
  /** Encrypts secrets at rest (LDAP bind passwords). Unset: NEXTAUTH_SECRET, else the DATA_DIR/secret-key file. */
  SECRET_KEY: z.string().min(16).optional(),
  /** Application domain used in login URLs (custom domains CNAME to it). */
  DOMAIN: z.string().optional(),
  /** Directory (LDAP) login for the whole instance; restart after changing it. */
  IS_LDAP_ON: bool.default(false),
  SESSION_MAX_AGE_HOURS: int(12, 1),
  /** Failed sign-ins allowed per e-mail/login name and per client IP within the window, then 429-like refusal. */
  LOGIN_MAX_FAILURES: int(10, 1),
  LOGIN_FAILURE_WINDOW_SECONDS: int(900, 1),
  /** Verification links (sent through SMTP_URL/MAIL_FROM above; without SMTP they are written to the log). */
  EMAIL_VERIFICATION_TTL_HOURS: int(48, 1),
  /** Invitation links to join a company (same delivery as verification links). */
  INVITATION_TTL_HOURS: int(72, 1),
  /** "Forgot password" links: short-lived, single use. */
  PASSWORD_RESET_TTL_MINUTES: int(60, 5),

  // Office documents (lib/documents): LibreOffice for .doc/.ppt, zip-bomb limits for OOXML/ODF containers
  LIBREOFFICE_PATH: z.string().min(1).default("soffice"),
  LIBREOFFICE_TIMEOUT_MS: int(120_000, 1000),
  /**
   * Network isolation of renderers (LibreOffice, poppler) in a network namespace of their own (`unshare -n`,
   * or `unshare -rn` without root): "auto" uses it when the machine allows it, "required" refuses to render
   * without it, "off" never uses it. External references are stripped from documents before rendering either way.
   */
  RENDER_NETWORK_ISOLATION: z.enum(["auto", "required", "off"]).default("auto"),
  ZIP_MAX_ENTRIES: int(10_000, 1),
  ZIP_MAX_UNCOMPRESSED_BYTES: int(500 * 1024 * 1024, 1024),
  /** Largest uncompressed/compressed size ratio of one entry (checked on entries over 1 MiB). */
  ZIP_MAX_RATIO: int(200, 1),

  // Document workers (lib/documents/worker/): converters run in worker threads with a heap limit
  /** Worker threads converting documents (one document each at a time). Default: CPU count, 1–4. 0 = in the web process. */
  DOC_WORKERS: z.coerce.number().int().min(0).max(64).optional(),
  /** V8 heap limit of one document worker; a document that needs more fails with file_rendering_failed. */
  DOC_WORKER_MAX_MB: int(1536, 64),
  /** Scheduling niceness of a document worker thread (Linux: per thread), so the web thread is served first. */
  DOC_WORKER_NICE: z.coerce.number().int().min(0).max(19).default(10),

  // OCR (lib/documents/ocr/): tesseract.js worker pool with a bounded queue (full → 429 ocr_concurrent_limit)
  /** Tesseract workers (one page each at a time, 175–325 MB each). Default: min(2, CPU count). */
  OCR_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** Page jobs allowed to wait beyond the running ones. */
  OCR_QUEUE_MAX: int(8, 0),
  OCR_PAGE_TIMEOUT_MS: int(60_000, 1000),
  /** `auto`: Debian's native `tesseract` binary when installed (≈1.5× less CPU per page), else tesseract.js; `wasm`: always tesseract.js. */
  OCR_ENGINE: z.enum(["auto", "wasm"]).default("auto"),
  /** Languages used when a request names none, e.g. "eng" or "eng+deu" (supported: eng, deu, fra). */
  OCR_DEFAULT_LANGUAGES: z
    .string()
    .regex(/^[a-z_]+([+,][a-z_]+)*$/, "tesseract codes joined by + or ,")
    .default("eng"),

  // Embeddings (lib/ai/embeddings): `local` = offline word vectors + hashed sub-words (no download),
  // `onnx` = a local model directory via @huggingface/transformers, `openai` = any OpenAI-compatible /v1/embeddings.
  EMBEDDINGS_PROVIDER: z.enum(["local", "onnx", "openai"]).default("local"),
  /** Model name: the directory under EMBEDDINGS_MODEL_DIR for onnx, the `model` field for openai. */
  EMBEDDINGS_MODEL: z.string().min(1).optional(),
  EMBEDDINGS_MODEL_DIR: z.string().min(1).optional(),
  /** e.g. https://api.openai.com/v1 or http://localhost:11434/v1 (the provider appends /embeddings). */
  EMBEDDINGS_BASE_URL: z.url().optional(),
  EMBEDDINGS_API_KEY: z.string().optional(),
  /** openai: `dimensions` request field (text-embedding-3-*); local: total dimensions (100 + hashed part). */
  EMBEDDINGS_DIMENSIONS: z.coerce.number().int().min(16).max(4096).optional(),
  EMBEDDINGS_BATCH_SIZE: int(64, 1),
  EMBEDDINGS_TIMEOUT_MS: int(30_000, 100),

  // Hybrid search (lib/search/hybrid-search.ts): score = (wl · bm25 / best bm25 + ws · (sim − floor) / (1 − floor)) / (wl + ws)
  SEARCH_WEIGHT_LEXICAL: z.coerce.number().min(0).default(1),
  SEARCH_WEIGHT_SEMANTIC: z.coerce.number().min(0).default(1),
  /** Cosine similarity below which a passage is not semantically close (dropped). Default: the embedding model's calibrated floor. */
  SEARCH_SEMANTIC_FLOOR: z.coerce.number().min(-1).max(0.99).optional(),
  /** Lexical BM25 (lib/search/bm25.ts): term-frequency saturation and length normalisation (Lucene's BEIR settings). */
  SEARCH_BM25_K1: z.coerce.number().min(0).max(10).default(0.9),
  SEARCH_BM25_B: z.coerce.number().min(0).max(1).default(0.4),
  /** Pseudo-relevance feedback (lib/search/bm25-feedback.ts): expand lexical queries with words of their best chunks. */
  SEARCH_FEEDBACK: bool.default(false),
  /** /search and /ask with rerank: fused candidates handed to the reranker (the top_k best are returned). */
  SEARCH_RERANK_CANDIDATES: int(50, 1),
  /** /ask: passages retrieved when neither the request nor the agent sets top_k. */
  ASK_DEFAULT_TOP_K: int(6, 1),

  // Reranking (lib/ai/rerank): `local` = offline lexical proximity/coverage scoring, `onnx` = a cross-encoder
  // in a local model directory, `http` = a Cohere/Jina/TEI-style `POST {base}/rerank` API.
  RERANK_PROVIDER: z.enum(["local", "onnx", "http"]).default("local"),
  /** onnx: the directory under RERANK_MODEL_DIR (e.g. Xenova/ms-marco-MiniLM-L-6-v2); http: the `model` field. */
  RERANK_MODEL: z.string().min(1).optional(),
  RERANK_MODEL_DIR: z.string().min(1).optional(),
  /** e.g. https://api.cohere.com/v2, https://api.jina.ai/v1 or http://localhost:8080 (TEI); `/rerank` is appended. */
  RERANK_BASE_URL: z.url().optional(),
  RERANK_API_KEY: z.string().optional(),
  RERANK_TIMEOUT_MS: int(15_000, 100),

  // Answers for /ask (lib/ai/answer): `extractive` = offline sentence selection with citations,
  // `openai` = any OpenAI-compatible /v1/chat/completions endpoint (streamed).
  ANSWER_PROVIDER: z.enum(["extractive", "openai"]).default("extractive"),
  /** Default chat model (agents may name another); required for openai. */
  ANSWER_MODEL: z.string().min(1).optional(),
  /** e.g. https://api.openai.com/v1 or http://localhost:11434/v1 (`/chat/completions` is appended). */
  ANSWER_BASE_URL: z.url().optional(),
  ANSWER_API_KEY: z.string().optional(),
  ANSWER_TIMEOUT_MS: int(60_000, 100),
  /** Budget of the prompt's sources in approximate tokens; the lowest-ranked sources are dropped beyond it. */
  ANSWER_MAX_CONTEXT_TOKENS: int(6_000, 256),

  // Extraction for /extract (lib/ai/extraction): `local` = offline schema-guided extractor (labels,
  // tables, type patterns; no model), `openai` = any OpenAI-compatible chat endpoint with JSON-schema output.
  EXTRACTION_PROVIDER: z.enum(["local", "openai"]).default("local"),
  /** Chat model for openai (required there). */
  EXTRACTION_MODEL: z.string().min(1).optional(),
  /** e.g. https://api.openai.com/v1 or http://localhost:11434/v1 (`/chat/completions` is appended). */
  EXTRACTION_BASE_URL: z.url().optional(),
  EXTRACTION_API_KEY: z.string().optional(),
  /** Budget of one model call (one batch of pages). */
  EXTRACTION_TIMEOUT_MS: int(120_000, 100),
  /** openai: pages sent to the model per call; long documents are extracted batch by batch and merged. */
  EXTRACTION_PAGES_PER_BATCH: int(8, 1),
});

export type TEnv = z.infer<typeof ZEnv> & {
  dataDir: string;
  jobsRunner: "local" | "inngest";
  rateLimitStore: "memory" | "postgres";
};

export class ConfigError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): TEnv {
  // Empty strings are treated as unset so that `FOO=` in a shell does not become an invalid value.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = ZEnv.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join(".") || "(root)"}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  return {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    jobsRunner: env.JOBS_RUNNER ?? (env.INNGEST_EVENT_KEY ? "inngest" : "local"),
    rateLimitStore: env.RATE_LIMIT_STORE ?? (env.DATABASE_URL && !env.DATABASE_URL.startsWith("memory:") ? "postgres" : "memory"),
  };
}

let cached: TEnv | undefined;
let cachedSource: Record<string, string | undefined> = process.env;

export function env(): TEnv {
  if (!cached) {
    cachedSource = process.env;
    cached = parseEnv(process.env);
  }
  return cached;
}

/** Tests override configuration for the current process. */
export function setEnvForTests(overrides: Record<string, string | undefined>): TEnv {
  cachedSource = { ...process.env, ...overrides };
  cached = parseEnv(cachedSource);
  return cached;
}

/** The variables the current configuration was parsed from: document workers are handed the same. */
export function envSource(): Record<string, string> {
  env();
  return Object.fromEntries(Object.entries(cachedSource).filter((e): e is [string, string] => typeof e[1] === "string"));
}

/** A document worker adopts the web process's configuration (re-parsed only when it changed). */
export function adoptEnvSource(source: Record<string, string>): void {
  if (cached && cachedSource !== process.env && sameSource(cachedSource, source)) return;
  cachedSource = source;
  cached = parseEnv(source);
}

function sameSource(a: Record<string, string | undefined>, b: Record<string, string>): boolean {
  const keys = Object.keys(b);
  return keys.length === Object.keys(a).length && keys.every((k) => a[k] === b[k]);
}
