import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(__dirname),
      // Server modules open with `import "server-only"`, which throws outside Next's react-server layer: the tests
      // run them in plain Node, so it resolves to the package's own empty module here.
      "server-only": path.resolve(__dirname, "node_modules/server-only/empty.js"),
    },
  },
  test: {
    include: ["lib/**/*.test.ts", "inngest/**/*.test.ts", "tests/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ["tests/setup/env.ts"],
    globalSetup: ["tests/setup/global-db-template.ts"],
    reporters: ["default"],
  },
});
