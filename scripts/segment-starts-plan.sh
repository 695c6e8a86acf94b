#!/usr/bin/env bash
# What finding a night's segment starts costs at ingestion (SeriesSegments.startsAt): a scratch
# database on a PostgreSQL you name gets measurement's indexes as db/ declares them, SERIES series
# (default 2000) of NIGHTS old nights without settings (default 3000), then one night with settings
# (the first run after the upgrade) and a year more; prints the query's plan and time after each.
#
# usage: scripts/segment-starts-plan.sh        PGHOST=127.0.0.1 PGUSER=postgres SERIES=500 scripts/...
set -euo pipefail
export PGHOST="${PGHOST:-127.0.0.1}" PGUSER="${PGUSER:-postgres}"
db="segment_starts_$$"
series="${SERIES:-2000}" nights="${NIGHTS:-3000}"
psql -qc "create database $db"
trap 'psql -qc "drop database if exists $db"' EXIT
query() {
  cat <<SQL
explain (analyze, costs off, timing off, summary on)
select t.series_id, t.run_id, t.x, t.settings_hash, t.measuring_version,
       p.settings_hash, p.measuring_version from measurement t
  left join lateral (select p.settings_hash, p.measuring_version from measurement p
    where p.series_id = t.series_id and p.settings_hash is not null
    and (p.x, p.run_id) < (t.x, t.run_id) order by p.x desc, p.run_id desc limit 1) p on true
 where t.run_id = $1 and t.settings_hash is not null;
SQL
}
night() { # first last hash
  echo "insert into measurement select s, n, timestamptz '2015-01-01' + n * interval '1 day', 1,
    $3, $( [ "$3" = null ] && echo null || echo 1) from generate_series(1, $series) s,
    generate_series($1, $2) n; analyze measurement;"
}
psql -q -d "$db" <<SQL
create table measurement (series_id bigint not null, run_id bigint not null, x timestamptz not null,
  value double precision not null, settings_hash text, measuring_version int,
  primary key (series_id, run_id));
create index measurement_series_x_idx on measurement (series_id, x) include (value, run_id);
create index measurement_run_idx on measurement (run_id);
create index measurement_known_settings_idx on measurement (series_id, x, run_id)
    include (settings_hash, measuring_version) where settings_hash is not null;
$(night 1 "$nights" null)
SQL
echo "== $series series x $nights old nights, then the first night with settings"
psql -q -d "$db" -c "$(night $((nights + 1)) $((nights + 1)) "repeat('a', 64)")" \
  -c "$(query $((nights + 1)))" | grep -E 'Scan|Execution'
echo "== a year of nights with settings later"
psql -q -d "$db" -c "$(night $((nights + 2)) $((nights + 366)) "repeat('a', 64)")" \
  -c "$(query $((nights + 366)))" | grep -E 'Scan|Execution'
