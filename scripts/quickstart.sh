#!/usr/bin/env bash
# Quick start: installs everything, prepares the embedded database, creates a demo company, admin (with a
# generated console password) and API key (both printed), builds the app and starts it on PORT (default 3000)
# with the embedded defaults.
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
  PASSWORD="$(node -e 'console.log(require("crypto").randomBytes(12).toString("base64url"))')"
  npm run -s admin -- bootstrap --company "Demo Company" --email admin@demo.local \
    --first-name Demo --last-name Admin --role company_admin --tier business --instance-admin \
    --key-name "quick start" --password "$PASSWORD" | tail -n 1 > "$CREDENTIALS.tmp"
  # Keep the console password next to the API key (the file is readable by its owner only).
  node -e 'const fs=require("fs"),[f,p]=process.argv.slice(1);const c=JSON.parse(fs.readFileSync(f,"utf8"));c.password=p;fs.writeFileSync(f,JSON.stringify(c)+"\n")' "$CREDENTIALS.tmp" "$PASSWORD"
  mv "$CREDENTIALS.tmp" "$CREDENTIALS"
  chmod 600 "$CREDENTIALS"
fi

echo "==> next build"
npm run -s build >/dev/null

PORT="${PORT:-3000}"
API_KEY="$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).api_key)' "$CREDENTIALS")"
PASSWORD="$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).password ?? "(none: see README, Signing in)")' "$CREDENTIALS")"
cat <<MSG

  DocIntel is starting on http://localhost:$PORT
  Console:    http://localhost:$PORT/login
  Demo admin: admin@demo.local   password: $PASSWORD   (company "Demo Company")
  API key:    $API_KEY        (both also in $CREDENTIALS)

  Try:  curl http://localhost:$PORT/api/v3/system/status
        curl -H "Authorization: Bearer $API_KEY" http://localhost:$PORT/api/v3/workspaces
  Docs: http://localhost:$PORT/docs

MSG
exec npx next start -p "$PORT"
