#!/usr/bin/env bash
# Quick start: installs everything, prepares the embedded database, creates a demo company, admin and
# API key (printed), builds the app and starts it on PORT (default 3000) with the embedded defaults.
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/setup.sh

DATA_DIR="${DATA_DIR:-./data}"
export DATA_DIR
mkdir -p "$DATA_DIR"
CREDENTIALS="$DATA_DIR/demo-credentials.json"

echo "==> database migrations"
npm run -s admin -- migrate >/dev/null

if [ ! -s "$CREDENTIALS" ]; then
  echo "==> creating the demo company, admin and API key"
  npm run -s admin -- bootstrap --company "Demo Company" --email admin@demo.local \
    --first-name Demo --last-name Admin --role company_admin --tier business --instance-admin \
    --key-name "quick start" | tail -n 1 > "$CREDENTIALS.tmp"
  mv "$CREDENTIALS.tmp" "$CREDENTIALS"
  chmod 600 "$CREDENTIALS"
fi

echo "==> next build"
npm run -s build >/dev/null

PORT="${PORT:-3000}"
API_KEY="$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).api_key)' "$CREDENTIALS")"
cat <<MSG

  DocIntel is starting on http://localhost:$PORT
  Demo admin: admin@demo.local (company "Demo Company")
  API key:    $API_KEY        (also in $CREDENTIALS)

  Try:  curl http://localhost:$PORT/api/v3/system/status
        curl -H "Authorization: Bearer $API_KEY" http://localhost:$PORT/api/v3/workspaces
  Docs: http://localhost:$PORT/docs

MSG
exec npx next start -p "$PORT"
