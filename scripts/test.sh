#!/usr/bin/env bash
# The whole test suite: unit and integration tests (vitest, real PGlite databases), then a production
# build exercised end to end in Chromium (Playwright). Installs what it needs first.
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/setup.sh

echo "==> typecheck"
npx tsc --noEmit -p .

echo "==> lint"
# Formatting, lint rules and sorted imports (biome.jsonc); read-only: `npm run format` or `npx biome check --write .` fixes.
npx biome check --error-on-warnings .

echo "==> unit and integration tests"
npx vitest run

echo "==> production build"
npx next build >/tmp/docintel-build.log 2>&1 || { cat /tmp/docintel-build.log; exit 1; }

echo "==> end-to-end tests"
npx playwright test
