-- An ad-hoc A/B comparison: a run of the worker (queue, log, progress, cancel, timeouts are the
-- run's) that benchmarks two sides, each a Lucene revision plus settings, in interleaved JVMs on
-- the same machine and corpus. Its results stay here, never in the nightly series.
create table comparison (
    run_id               bigint  primary key references run (id) on delete cascade,
    baseline_spec        text    not null,
    candidate_spec       text    not null,
    baseline_jvm_args    text[]  not null default '{}',
    candidate_jvm_args   text[]  not null default '{}',
    jvms                 integer not null check (jvms between 2 and 100),
    results_may_change   boolean not null default false,
    baseline_version     text,
    candidate_version    text,
    result               jsonb
);
