#!/usr/bin/env bash
# Issue #20, acceptance 4: on a fresh clone, `npm install && npm start` prints no npm warning and a readable log.
# Clones this checkout's HEAD into a temp folder, installs, starts the server on a terminal (`script` gives it a
# pseudo-terminal, as a person running it has), asks it one request, and checks the output. Exits non-zero with
# the offending lines otherwise. Warnings about the machine's own user config (~/.npmrc) are not the project's
# and are listed but not counted.
set -uo pipefail
cd "$(dirname "$0")/.."
fresh=$(mktemp -d /tmp/poselab-fresh-XXXX)
cleanup() {
  if [ -n "${server_pid:-}" ]; then kill -- -"$server_pid" 2>/dev/null || kill "$server_pid" 2>/dev/null; fi
  rm -rf "$fresh"
}
trap cleanup EXIT

git clone --quiet --no-hardlinks "file://$PWD" "$fresh/repo" || { echo "clone failed"; exit 1; }
cd "$fresh/repo"
echo "npm install in $fresh/repo …"
npm install > "$fresh/install.log" 2>&1
status=$?
tail -5 "$fresh/install.log"
[ $status -eq 0 ] || { echo "npm install failed ($status)"; cat "$fresh/install.log"; exit 1; }

port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
export PORT=$port HOST=127.0.0.1 DATA_DIR="$fresh/data"
# setsid: the server and its children form one group that cleanup() ends.
setsid script -qfec "npm start" "$fresh/start.log" > /dev/null 2>&1 &
server_pid=$!
for _ in $(seq 1 240); do
  curl -fsS "http://127.0.0.1:$port/api/health" > /dev/null 2>&1 && break
  sleep 1
done
curl -fsS "http://127.0.0.1:$port/api/health" > /dev/null || { echo "server did not start"; cat "$fresh/start.log"; exit 1; }
sleep 1
kill -- -"$server_pid" 2>/dev/null
wait "$server_pid" 2>/dev/null
server_pid=

# Terminal colour codes out, then look at the lines.
sed -E 's/\x1b\[[0-9;]*[A-Za-z]//g; s/\r$//' "$fresh/start.log" > "$fresh/start.txt"
# The machine's ~/.npmrc keys npm does not know (and npm hands on to the scripts it runs as npm_config_* env).
machine_keys=$(cat "$fresh/install.log" "$fresh/start.txt" | sed -nE 's/.*Unknown user config "([^"]+)".*/\1/p' | sort -u)
is_machine() {
  local line=$1 key
  for key in $machine_keys; do
    case "$line" in *"Unknown user config \"$key\""* | *"Unknown env config \"$key\""*) return 0 ;; esac
  done
  return 1
}
: > "$fresh/warnings.txt"
while IFS= read -r line; do
  if is_machine "$line"; then echo "(machine user config, not counted) $line"; else echo "$line" >> "$fresh/warnings.txt"; fi
done < <(cat "$fresh/install.log" "$fresh/start.txt" | grep -iE '^npm (warn|WARN)' | sort -u)
failed=0
if [ -s "$fresh/warnings.txt" ]; then
  echo "npm printed warnings:"; cat "$fresh/warnings.txt"; failed=1
fi
grep -qE 'PoseLab serving http' "$fresh/start.txt" || { echo "no start line in the log"; failed=1; }
grep -qE 'GET /api/health 200 [0-9.]+ ms' "$fresh/start.txt" || { echo "no readable request line in the log"; failed=1; }
if grep -qE '^\{"level"' "$fresh/start.txt"; then echo "the log on a terminal is JSON"; failed=1; fi
echo "--- npm start output (last lines) ---"
tail -8 "$fresh/start.txt"
[ $failed -eq 0 ] && echo "fresh install and start: no npm warning, readable log"
exit $failed
