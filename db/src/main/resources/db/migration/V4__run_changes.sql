-- The commits a git run measures for the first time: those since the previous measured commit of
-- the same machine, profile and corpus. Computed by the worker, which has the clone; the web app
-- may not.
alter table run
    add column previous_commit_sha text,
    add column changes_omitted     int;

create table run_change (
    run_id      bigint not null references run (id) on delete cascade,
    position    int    not null,
    sha         text   not null,
    author      text,
    commit_date timestamptz,
    subject     text,
    primary key (run_id, position)
);

-- The worker's lookup of the previous measured commit of a machine, profile and corpus.
create index run_measured_commit_idx on run (machine, profile, corpus, commit_date)
    where status = 'succeeded' and commit_sha is not null;
