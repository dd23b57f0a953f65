// Inside a document worker (a worker thread started by pool.ts through worker-entry.mjs): runs converters on
// documents named by path and posts their Markdown pages back, one document at a time. It never touches the
// database or storage (the embedded database has one process and one connection: the web process's). OCR pages
// go to the web process's tesseract pool (ocr-bridge.ts); the configuration is the web process's (envSource).
import fs from "node:fs";
import os from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { adoptEnvSource } from "@/lib/env";
import { reportChildProcesses } from "../child-processes";
import { converterFor } from "../converters";
import { checkPageLimitsBefore } from "../page-limits";
import type { ConvertTask, DocumentWorkerData, FromWorker, ToWorker } from "./messages";
import { serializeError } from "./messages";
import { OCR_POOL_KEY, RemoteOcrPool } from "./ocr-bridge";

const port = parentPort!;
const data = workerData as DocumentWorkerData;
try {
  os.setPriority(data.nice); // this thread only on Linux (pid 0 = the calling thread)
} catch {
  // not permitted or not supported: run at the normal priority
}
const post = (msg: FromWorker) => port.postMessage(msg);
const remoteOcr = new RemoteOcrPool(post, data.ocrMaxWorkers, data.ocrCapacity);
(globalThis as Record<symbol, unknown>)[OCR_POOL_KEY] = remoteOcr;
reportChildProcesses((event) => post({ type: "child", ...event }));

const running = new Map<number, AbortController>();

async function convert(id: number, task: ConvertTask, envSource: Record<string, string>): Promise<void> {
  const controller = new AbortController();
  running.set(id, controller);
  try {
    adoptEnvSource(envSource);
    await checkPageLimitsBefore(task.path, task.type, task.limits);
    const bytes = new Uint8Array(await fs.promises.readFile(task.path));
    const converter = await converterFor(task.type.kind);
    const output = await converter({
      bytes,
      path: task.path,
      filename: task.filename,
      type: task.type,
      options: {
        pages: task.pages,
        ocr: task.ocr,
        ocrLanguages: task.ocrLanguages,
        links: task.links,
        signal: controller.signal,
        onProgress: (done, total) => post({ type: "progress", id, done, total }),
      },
    });
    post({ type: "done", id, output });
  } catch (err) {
    post({ type: "done", id, error: serializeError(err) });
  } finally {
    running.delete(id);
  }
}

port.on("message", (msg: ToWorker) => {
  if (msg.type === "convert") void convert(msg.id, msg.task, msg.env);
  else if (msg.type === "abort") running.get(msg.id)?.abort(new DOMException("The conversion was stopped.", "AbortError"));
  else if (msg.type === "ocr-result") remoteOcr.settle(msg);
  else if (msg.type === "warm") void Promise.all(msg.kinds.map((kind) => converterFor(kind))).catch(() => undefined);
});
post({ type: "ready" });
