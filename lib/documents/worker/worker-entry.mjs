// Bootstrap of a document worker (pool.ts), in plain JavaScript so that Node loads it as it is under
// `next start`, tsx scripts and vitest alike: it registers tsx's loader in this thread (TypeScript, the `@/`
// paths of tsconfig.json) and imports worker-main.ts from the app's sources.
import { pathToFileURL } from "node:url";
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(pathToFileURL(workerData.main).href);
