# shellcheck shell=bash disable=SC2034,SC2154,SC2015,SC2012
# (sourced: $work, the ports and what it sets are the caller's)
# Throw-away MariaDB and PostgreSQL servers on loopback, from the distribution's binaries, for the
# benchmark scripts: sourced, not run. The caller sets $work (a directory the servers live in and
# that it removes), MY_PORT and PG_PORT, and calls stop_servers on exit. After start_mariadb or
# start_postgres: TX holds txbench's options to reach the server, SERVER its name and version, and
# DB_CLI a command that runs the SQL given as its last argument on it.

pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
as_pg=()
[ "$(id -u)" = 0 ] && as_pg=(runuser -u postgres --)
my_pid=

stop_servers() {
  [ -n "$my_pid" ] && kill "$my_pid" 2>/dev/null && wait "$my_pid" 2>/dev/null || true
  my_pid=
  [ -d "$work/pg" ] && "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$work/pg" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$work/pg" "$work/my"
}

# start_mariadb [mariadbd option...]
start_mariadb() {
  mariadb-install-db --no-defaults --datadir="$work/my" --auth-root-authentication-method=normal \
    --skip-test-db --user="$(id -un)" >/dev/null 2>&1
  mariadbd --no-defaults --datadir="$work/my" --socket="$work/my.sock" --port="$MY_PORT" \
    --bind-address=127.0.0.1 --user="$(id -un)" --max-connections=600 \
    --innodb-buffer-pool-size=512M --innodb-flush-log-at-trx-commit=2 \
    --log-error="$work/my.log" "$@" &
  my_pid=$!
  for _ in $(seq 60); do
    mariadb -h 127.0.0.1 -P "$MY_PORT" -u root -e "SELECT 1" >/dev/null 2>&1 && break
    sleep 0.5
  done
  mariadb -h 127.0.0.1 -P "$MY_PORT" -u root -e "CREATE DATABASE sbtest; CREATE DATABASE txbench"
  TX=(--benchmark-target mysql --target-database-host 127.0.0.1 --target-database-port "$MY_PORT"
      --target-database-user root --target-database-name txbench)
  DB_CLI=(mariadb -h 127.0.0.1 -P "$MY_PORT" -u root -N -B txbench -e)
  SERVER="MariaDB $(mariadbd --version | sed -n 's/.*Ver \([0-9.]*\).*/\1/p')"
}

stop_mariadb() {
  kill "$my_pid"; wait "$my_pid" 2>/dev/null || true; my_pid=; rm -rf "$work/my"
}

# start_postgres [-c setting=value...]
start_postgres() {
  [ -n "$pg_bin" ] || { echo "bench: PostgreSQL server binaries not found" >&2; exit 1; }
  mkdir "$work/pg"
  [ "$(id -u)" = 0 ] && chown postgres "$work/pg"
  "${as_pg[@]}" "$pg_bin/initdb" -D "$work/pg" -U postgres --auth=trust >/dev/null
  "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$work/pg" -l "$work/pg/server.log" -w \
    -o "-p $PG_PORT -k $work/pg -c listen_addresses=127.0.0.1 -c max_connections=600 -c shared_buffers=256MB -c synchronous_commit=off $*" \
    start >/dev/null
  TX=(--benchmark-target postgres --target-database-host 127.0.0.1 --target-database-port "$PG_PORT"
      --target-database-user postgres --target-database-name postgres)
  DB_CLI=(psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -d postgres -At -c)
  SERVER="PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}')"
}

stop_postgres() {
  "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$work/pg" -m fast stop >/dev/null; rm -rf "$work/pg"
}
