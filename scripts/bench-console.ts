// Benchmark of console speed (issue 19: "console pages are interactive within 1 s on the embedded default"):
// the built app on a fresh embedded DATA_DIR (bench/built-app.ts) with a 20-file workspace, driven by Debian's
// Chromium through Playwright, signed in as the company admin.
//
//   npm run build && npm run bench:console -- [--rounds 5] [--pages /,/files,…] [--files 20]
//
// For each console page, `rounds` full loads (page.goto) and as many in-app navigations (a click on the page's
// link in the navigation, as people move around). A page counts as interactive when the document has loaded and
// the last API request it started has answered (no request in flight for 500 ms after the load and the last answer;
// that quiet window is not counted). Printed per page: the first (cold) load, the median and worst of the later loads, the median
// in-app navigation, and the number of API requests a load makes.

import os from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { seedReports, startBuiltApp } from "./bench/built-app";
import { arg, percentile } from "./bench/common";

const APP_DIR = path.resolve(arg("app-dir", "."));
const ROUNDS = Number(arg("rounds", "5"));
const FILES = Number(arg("files", "20"));
const PAGES = arg("pages", "/,/files,/search,/ask,/workspaces,/tags,/content-types,/billing,/api-keys,/agents,/admin").split(",");
const QUIET_MS = 500;

const app = await startBuiltApp(APP_DIR, { prefix: "docintel-bench-console-" });
await seedReports(app, FILES, "Reports");
await app.call("POST", "/api/v3/tags", { name: "Finance" });

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
});
const page = await browser.newPage();
let inFlight = 0;
let lastApiEvent = 0;
let apiRequests = 0;
const isApi = (url: string) => url.startsWith(`${app.base}/api/`);
page.on("request", (r) => {
  if (!isApi(r.url())) return;
  inFlight++;
  apiRequests++;
  lastApiEvent = performance.now();
});
const settle = (r: { url(): string }) => {
  if (!isApi(r.url())) return;
  inFlight--;
  lastApiEvent = performance.now();
};
page.on("requestfinished", settle);
page.on("requestfailed", settle);

/** Milliseconds from `start` until the page is interactive (see the header). */
async function interactiveAfter(p: Page, start: number, loaded: Promise<unknown>): Promise<number> {
  await loaded;
  const loadedAt = performance.now();
  for (;;) {
    await p.waitForTimeout(25);
    if (inFlight === 0 && performance.now() - Math.max(loadedAt, lastApiEvent) >= QUIET_MS) break;
  }
  return Math.max(loadedAt, lastApiEvent) - start;
}

await page.goto(`${app.base}/login`);
await page.getByLabel("E-mail").fill(app.admin.email);
await page.getByLabel("Password").fill(app.admin.password);
await page.getByRole("button", { name: "Sign in" }).click();
await page.waitForURL(`${app.base}/`);

console.log(
  `machine: ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}; ${FILES} files; ${ROUNDS} rounds; interactive = loaded and API quiet (ms)`,
);
console.log(`${"page".padEnd(16)} ${"cold".padStart(6)} ${"p50".padStart(6)} ${"max".padStart(6)} ${"in-app p50".padStart(11)}  API calls`);
const all: number[] = [];
for (const route of PAGES) {
  const loads: number[] = [];
  let calls = 0;
  for (let i = 0; i <= ROUNDS; i++) {
    apiRequests = 0;
    const start = performance.now();
    loads.push(await interactiveAfter(page, start, page.goto(app.base + route, { waitUntil: "load" })));
    calls = apiRequests;
  }
  const inApp: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    // From another page, click this page's link in the navigation (client-side navigation).
    await page.goto(app.base + (route === "/" ? "/files" : "/"), { waitUntil: "load" });
    await interactiveAfter(page, performance.now(), Promise.resolve());
    const link = page.locator(`nav a[href="${route}"]`).first();
    if (!(await link.count())) break;
    const start = performance.now();
    await link.click();
    inApp.push(await interactiveAfter(page, start, page.waitForURL(app.base + route)));
  }
  const [cold, ...warm] = loads;
  all.push(...warm, ...inApp);
  console.log(
    `${route.padEnd(16)} ${cold.toFixed(0).padStart(6)} ${percentile(warm, 50).toFixed(0).padStart(6)} ${Math.max(...warm)
      .toFixed(0)
      .padStart(6)} ${(inApp.length ? percentile(inApp, 50).toFixed(0) : "-").padStart(11)}  ${calls}`,
  );
}
console.log(`all pages: p50 ${percentile(all, 50).toFixed(0)} ms, p95 ${percentile(all, 95).toFixed(0)} ms, worst ${Math.max(...all).toFixed(0)} ms`);
await browser.close();
await app.stop();
process.exit(0);
