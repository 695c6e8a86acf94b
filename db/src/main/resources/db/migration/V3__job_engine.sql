-- The job engine: db-scheduler's table, as documented for PostgreSQL (db-scheduler 16.x, with the
-- priority column). One row per queued or running run (task 'benchmark-run@<machine>', instance =
-- run id) and one for the nightly trigger. Workers claim rows, heartbeat them, and detect rows whose
-- worker stopped heartbeating; nothing else writes here.
create table scheduled_tasks (
    task_name            text                     not null,
    task_instance        text                     not null,
    task_data            bytea,
    execution_time       timestamp with time zone not null,
    picked               boolean                  not null,
    picked_by            text,
    last_success         timestamp with time zone,
    last_failure         timestamp with time zone,
    consecutive_failures int,
    last_heartbeat       timestamp with time zone,
    version              bigint                   not null,
    priority             smallint,
    primary key (task_name, task_instance)
);

create index execution_time_idx on scheduled_tasks (execution_time);
create index last_heartbeat_idx on scheduled_tasks (last_heartbeat);
create index priority_execution_time_idx on scheduled_tasks (priority desc, execution_time asc);

-- A run can be cancelled: at once while queued, or by asking its worker to stop while running.
alter table run drop constraint run_status_check;
alter table run add constraint run_status_check
    check (status in ('queued', 'running', 'succeeded', 'failed', 'cancelled'));
alter table run add column cancel_requested boolean not null default false;

-- Nightly runs: the night they belong to and the branch head seen when they were queued, so a night
-- is queued once per (spec, machine) however many instances fire the trigger, and an unchanged head
-- is not measured twice.
alter table run add column nightly_date date;
alter table run add column nightly_head_sha text;
create unique index run_one_nightly_idx on run (lucene_spec, machine, nightly_date)
    where reason = 'nightly';

-- The worker's own poll loop is gone; db-scheduler's table is the queue.
drop index run_queued_idx;

-- An upgrade loses no queued run: runs queued by the old poll loop become executions. task_data is
-- the run id as db-scheduler's default serializer (Java serialization) writes a java.lang.Long.
insert into scheduled_tasks (task_name, task_instance, task_data, execution_time, picked, version)
select 'benchmark-run@' || machine, id::text,
       decode('aced00057372000e6a6176612e6c616e672e4c6f6e673b8be490cc8f23df0200014a000576616c7565'
              || '787200106a6176612e6c616e672e4e756d62657286ac951d0b94e08b0200007870', 'hex')
           || int8send(id),
       queued_at, false, 1
from run where status = 'queued';

-- Runs the old worker left running have no execution and can never finish.
update run set status = 'failed', progress = null, finished_at = now(),
               error = 'the worker stopped while this run was running (application restarted or killed)'
where status = 'running';
