// End-to-end tests against the production build (`next build` first), in Debian's Chromium.
import { defineConfig } from "@playwright/test";

export default defineConfig({
  testDir: "e2e",
  outputDir: `${process.env.E2E_ARTIFACTS_DIR || "e2e/artifacts"}/results`,
  globalSetup: "./e2e/global-setup.ts",
  globalTeardown: "./e2e/global-teardown.ts",
  fullyParallel: false,
  workers: 1,
  timeout: 60_000,
  // One retry: a test that fails and then passes is reported as flaky in the summary (never hidden), and a
  // click lost on a heavily loaded machine does not throw away a whole CI run.
  retries: 1,
  reporter: [["list"]],
  use: {
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
});
