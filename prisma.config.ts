// Prisma CLI configuration. Only `prisma generate` is used: migrations are plain SQL files in
// prisma/migrations applied by lib/db/migrate.ts (the migrate engine cannot be downloaded offline).
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://embedded@localhost/embedded" },
});
