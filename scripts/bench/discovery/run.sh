#!/usr/bin/env bash
# Discovery benchmark (issue 17): builds tfm, loads N synthetic members into a
# scratch MariaDB database (and M into SQLite), and runs `tfm bench-discovery`
# on each: 50 members at once asking for the first page of every match list
# and of a typical basic and advanced search, ours and the naive version side
# by side in the same run. Writes RESULTS.md next to this file.
#
#   scripts/bench/discovery/run.sh                 # 1,000,000 on MariaDB, 100,000 on SQLite
#   N=200000 M=0 scripts/bench/discovery/run.sh    # smaller, MariaDB only
#   KEEP=1 ...                                     # keep the loaded databases for another run
#
# Needs Go and a local MariaDB/MySQL that `mariadb -uroot` reaches. It sets
# innodb_buffer_pool_size to BUFFER_POOL (2 GiB) for the run, as a server
# sized for a million members would have; the stock 128 MiB makes every
# figure a disk figure.
set -euo pipefail
cd "$(dirname "$0")/../../.."
N=${N:-1000000}
M=${M:-100000}
MEMBERS=${MEMBERS:-50}
ROUNDS=${ROUNDS:-3}
NAIVE=${NAIVE:-10}
BUFFER_POOL=${BUFFER_POOL:-2147483648}
DB=${DB:-tfm_discovery_bench}
OUT=scripts/bench/discovery/RESULTS.md
SQLITE_DIR=${SQLITE_DIR:-/tmp/tfm-discovery-bench}

go build -trimpath -o bin/tfm ./server/cmd/tfm
export APP_ENV=test

{
  echo "# Discovery benchmark results"
  echo
  echo "Written by \`scripts/bench/discovery/run.sh\` on $(date -u +%Y-%m-%dT%H:%MZ), commit $(git rev-parse --short HEAD)."
  echo "Machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(free -g | awk '/Mem:/{print $2}') GiB;"
  echo "the benchmark, the server code and the database share these cores."
  echo
} > "$OUT"

if [ "$N" -gt 0 ]; then
  mariadb -uroot -e "SET GLOBAL innodb_buffer_pool_size = $BUFFER_POOL"
  mariadb -uroot -e "CREATE DATABASE IF NOT EXISTS \`$DB\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci"
  [ -n "${KEEP:-}" ] || trap 'mariadb -uroot -e "DROP DATABASE IF EXISTS \`$DB\`"' EXIT
  export DB_DSN="root@tcp(127.0.0.1:3306)/$DB?parseTime=true"
  bin/tfm migrate
  bin/tfm seed
  t0=$(date +%s)
  bin/tfm seed --synthetic "$N"
  echo "## MariaDB $(mariadb -uroot -N -e 'SELECT VERSION()'), $N members (loaded in $(( $(date +%s) - t0 )) s)" >> "$OUT"
  echo >> "$OUT"
  bin/tfm bench-discovery --members "$MEMBERS" --rounds "$ROUNDS" --naive-members "$NAIVE" | tee -a "$OUT"
  echo >> "$OUT"
  unset DB_DSN
fi

if [ "$M" -gt 0 ]; then
  [ -n "${KEEP:-}" ] || rm -rf "$SQLITE_DIR"
  mkdir -p "$SQLITE_DIR"
  export DATA_DIR="$SQLITE_DIR"
  bin/tfm migrate
  bin/tfm seed
  bin/tfm seed --synthetic "$M"
  echo "## SQLite (embedded), $M members" >> "$OUT"
  echo >> "$OUT"
  bin/tfm bench-discovery --members "$MEMBERS" --rounds "$ROUNDS" --naive-members "$NAIVE" | tee -a "$OUT"
fi
echo "wrote $OUT"
