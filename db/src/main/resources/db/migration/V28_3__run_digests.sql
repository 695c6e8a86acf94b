-- Issue 28: the morning digest. What a run changed against the previous comparable run (same
-- machine, JDK, corpus and profile, previous in the series' own order), judged once after
-- ingestion and kept, so the overview and the run page read it instead of computing it. The body
-- is the digest as the API shows it, without the change points' triage states, which move after
-- it is written and are read with it.
create table run_digest (
    run_id          bigint      primary key references run (id) on delete cascade,
    previous_run_id bigint      references run (id) on delete cascade,
    body            jsonb       not null,
    computed_at     timestamptz not null default now()
);

-- The digest reads two runs' points; without this each read scans every measurement.
create index measurement_run_idx on measurement (run_id);
-- A digest row names the change point found at its run for its series.
create index change_point_run_idx on change_point (run_id);

-- A finished run's digest goes out through the webhook outbox too: a third kind of subject.
alter table webhook_delivery add column run_id bigint references run (id) on delete cascade;
alter table webhook_delivery drop constraint webhook_delivery_one_subject;
alter table webhook_delivery add constraint webhook_delivery_one_subject
    check (num_nonnulls(change_point_id, bisect_id, run_id) = 1);
create unique index webhook_delivery_run_url on webhook_delivery (run_id, url)
    where run_id is not null;
