-- Issue 32 (operators): which machines exist and which workers serve them. db-scheduler heartbeats
-- only executions in progress, so an idle worker left no trace: each worker now writes its own row
-- here every heartbeat interval, busy or not.

-- A machine label becomes known when a worker started with nightbench.runner.machine=<label> first
-- beats; runs may be queued only for known labels (or the queuing instance's own).
create table machine_label (
    label      text primary key,
    first_seen timestamp with time zone not null default now(),
    last_seen  timestamp with time zone not null default now()
);

-- One row per worker process (host:pid). live_for is the worker's own heartbeat interval times its
-- missed-heartbeat limit: after that long without a beat it is no longer live, as its run would be
-- called dead. stopped_at is set by a worker that stops cleanly.
create table worker (
    name           text primary key,
    machine        text not null references machine_label (label) on delete cascade,
    started_at     timestamp with time zone not null default now(),
    last_heartbeat timestamp with time zone not null default now(),
    live_for       interval not null,
    stopped_at     timestamp with time zone
);
create index worker_machine_idx on worker (machine);

-- The one statement of what "live" means, for the machines page, health and queued runs' warnings.
create view live_worker as
select * from worker where stopped_at is null and last_heartbeat + live_for > now();
