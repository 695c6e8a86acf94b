-- One request to benchmark one Lucene revision on one machine, and what became of it.
-- A run's measurements are ingested in the same transaction that marks it succeeded,
-- so a run is either fully visible or not at all.
create table run (
    id             bigint generated always as identity primary key,
    lucene_spec    text        not null,
    lucene_version text,
    revision_date  timestamptz,
    machine        text        not null,
    profile        text        not null,
    corpus         text        not null,
    reason         text        not null default 'manual'
                               check (reason in ('manual', 'backfill', 'nightly')),
    status         text        not null default 'queued'
                               check (status in ('queued', 'running', 'succeeded', 'failed')),
    progress       text,
    error          text,
    jdk            text,
    environment    jsonb,
    queued_at      timestamptz not null default now(),
    started_at     timestamptz,
    finished_at    timestamptz
);

-- Workers look for the oldest queued run; keep that lookup off the whole table.
create index run_queued_idx on run (id) where status = 'queued';

-- Everything a run printed (resolver, forked JVMs), kept forever, also for failed runs.
create table run_log (
    run_id    bigint      not null references run (id) on delete cascade,
    line_no   integer     not null,
    logged_at timestamptz not null default now(),
    line      text        not null,
    primary key (run_id, line_no)
);

-- A series has an identity: results are only ever compared within one series. The fingerprint is a
-- hash of every identifying column, so a change of machine, JDK, corpus or profile starts a new series.
create table series (
    id               bigint generated always as identity primary key,
    fingerprint      text        not null unique,
    benchmark        text        not null,
    task             text        not null,
    metric           text        not null,
    unit             text        not null,
    higher_is_better boolean     not null,
    machine          text        not null,
    jdk              text        not null,
    corpus           text        not null,
    profile          text        not null,
    created_at       timestamptz not null default now()
);

-- One point of a series: the mean over the run's JVMs, its standard deviation and every JVM's value.
create table measurement (
    series_id bigint             not null references series (id),
    run_id    bigint             not null references run (id) on delete cascade,
    x         timestamptz        not null,
    value     double precision   not null,
    stddev    double precision,
    samples   double precision[] not null,
    primary key (series_id, run_id)
);

-- A series page reads one series in x order; at fifteen years of nights this is the hot path.
create index measurement_series_x_idx on measurement (series_id, x) include (value, stddev, run_id);
