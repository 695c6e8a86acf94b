-- The full suite: a run measures several benchmarks, each in its own JVMs. What a run keeps beyond
-- its series points lives here, all written in the run's one ingest transaction.

-- Every harness result file of the run as written (raw per-repetition latencies, per-query hits,
-- settings): nothing measured is thrown away, so later analysis can go back to the samples.
create table run_result (
    run_id   bigint not null references run (id) on delete cascade,
    position int    not null,
    step     text   not null,
    command  text   not null,
    result   jsonb  not null,
    primary key (run_id, position)
);

-- Shapes measured within one JVM (reopen latency against time, latency percentiles against
-- offered load). rows is an array of [x, y1, y2, ...]; labels names the y columns.
create table run_curve (
    run_id    bigint not null references run (id) on delete cascade,
    position  int    not null,
    step      text   not null,
    benchmark text   not null,
    task      text   not null,
    name      text   not null,
    x_label   text   not null,
    labels    text[] not null,
    rows      jsonb  not null,
    primary key (run_id, position)
);
create index run_curve_lookup_idx on run_curve (run_id, benchmark, task);

-- What each query returned: hit count and a hash of its top documents. A change between two runs
-- on the same corpus is a change of behaviour, not of speed, and is flagged on the run page.
create table run_query_result (
    run_id     bigint not null references run (id) on delete cascade,
    category   text   not null,
    query_no   int    not null,
    query      text   not null,
    hits       bigint not null,
    top_hash   text   not null,
    primary key (run_id, category, query_no)
);

alter table run
    -- Remarks for the reader: skipped task categories, benchmarks that failed while others ran.
    add column notes              text[] not null default '{}',
    -- The box before the run: CPU governor, turbo, kernel, load, free memory.
    add column machine_state      jsonb,
    -- A fixed Lucene-independent workload timed before and after the run (work units per second).
    add column calibration_before double precision,
    add column calibration_after  double precision,
    -- Set when calibration strays from the machine's recent runs: the box, not Lucene, moved.
    add column disturbed_reason   text;

-- The recent calibration scores of a machine, newest first.
create index run_calibration_idx on run (machine, finished_at desc)
    where status = 'succeeded' and calibration_before is not null;
