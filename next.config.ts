import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native, WASM and driver packages load from node_modules at run time instead of being bundled.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@electric-sql/pglite-pgvector",
    "pglite-prisma-adapter",
    "@prisma/adapter-pg",
    "@prisma/client",
    "pg",
    "tesseract.js",
    "sharp",
  ],
  // A separate build directory per concurrent build (parallel e2e runs during development); default .next.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // NEXT_SKIP_TYPECHECK=1 skips the build's own type check (parallel builds of a tree with others' unfinished
  // edits during development); `npm test` type-checks separately with tsc either way.
  typescript: { ignoreBuildErrors: process.env.NEXT_SKIP_TYPECHECK === "1" },
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
