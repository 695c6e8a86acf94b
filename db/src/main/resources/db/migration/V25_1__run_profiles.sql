-- Issue 18: the Java Flight Recorder profiles of a run's search and indexing JVMs. One row per
-- benchmark (and comparison side), its JVMs' samples merged: the collapsed stacks as gzip text
-- ("frame;frame;...;frame count" lines, async-profiler's format) for the flame graph, and each
-- method's self and total samples for the hottest-methods tables and the diffs.
create table run_profile (
    id         bigserial primary key,
    run_id     bigint not null references run (id) on delete cascade,
    -- '' for an ordinary run; 'baseline' or 'candidate' for a comparison's sides.
    side       text   not null check (side in ('', 'baseline', 'candidate')),
    benchmark  text   not null,
    jvms       int    not null check (jvms > 0),
    samples    bigint not null check (samples > 0),
    collapsed  bytea  not null,
    unique (run_id, side, benchmark)
);

-- Every method seen in a profile's samples: self counts the samples it was the running frame of,
-- total those it was anywhere on the stack in (once per sample, also when recursive).
create table run_profile_method (
    profile_id    bigint not null references run_profile (id) on delete cascade,
    method        text   not null,
    self_samples  bigint not null check (self_samples >= 0),
    total_samples bigint not null check (total_samples >= self_samples),
    primary key (profile_id, method)
);
create index run_profile_method_hot on run_profile_method (profile_id, total_samples desc);
