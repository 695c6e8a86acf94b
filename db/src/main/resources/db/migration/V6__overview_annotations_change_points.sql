-- What the overview shows for every series without reading its points: how many, first and last.
-- Kept by statement-level triggers, so every writer (ingestion, synthetic history, deletes of runs)
-- keeps it right, and a COPY of 800,000 points pays once per statement, not once per row.
alter table series
    add column point_count bigint not null default 0,
    add column first_x     timestamptz,
    add column last_x      timestamptz;

update series s
set point_count = c.n, first_x = c.first_x, last_x = c.last_x
from (select series_id, count(*) n, min(x) first_x, max(x) last_x
      from measurement group by series_id) c
where c.series_id = s.id;

create function series_points_added() returns trigger language plpgsql as $$
begin
    update series s
    set point_count = s.point_count + a.n,
        first_x = least(s.first_x, a.first_x),
        last_x = greatest(s.last_x, a.last_x)
    from (select series_id, count(*) n, min(x) first_x, max(x) last_x
          from added group by series_id) a
    where a.series_id = s.id;
    return null;
end $$;

create function series_points_removed() returns trigger language plpgsql as $$
begin
    -- Rare (a run deleted by hand): recount what is left rather than track minima.
    update series s
    set point_count = c.n, first_x = c.first_x, last_x = c.last_x
    from (select r.series_id,
                 (select count(*) from measurement m where m.series_id = r.series_id) n,
                 (select min(x) from measurement m where m.series_id = r.series_id) first_x,
                 (select max(x) from measurement m where m.series_id = r.series_id) last_x
          from (select distinct series_id from removed) r) c
    where c.series_id = s.id;
    return null;
end $$;

create trigger measurement_added after insert on measurement
    referencing new table as added for each statement execute function series_points_added();
create trigger measurement_removed after delete on measurement
    referencing old table as removed for each statement execute function series_points_removed();

-- A remark on the charts, lettered A, B, C … by date as on Lucene's nightly pages. It points at a
-- date (or a run, whose revision date it takes) and applies to one series, a benchmark group, or
-- every chart.
create table annotation (
    id          bigint generated always as identity primary key,
    at          timestamptz not null,
    run_id      bigint references run (id) on delete set null,
    short_text  text        not null check (length(short_text) between 1 and 200),
    long_text   text,
    kind        text        not null default 'code'
                            check (kind in ('code', 'environment', 'benchmark', 'noise')),
    scope       text        not null check (scope in ('series', 'group', 'all')),
    series_id   bigint references series (id) on delete cascade,
    benchmark   text,
    created_by  text        not null,
    created_at  timestamptz not null default now(),
    updated_by  text,
    updated_at  timestamptz,
    check ((scope = 'series') = (series_id is not null)),
    check ((scope = 'group') = (benchmark is not null))
);

create index annotation_at_idx on annotation (at);
create index annotation_series_idx on annotation (series_id) where series_id is not null;

-- A detected step in one series: the run where the new level starts and the statistics that found
-- it. Triage states follow Perfherder's.
create table change_point (
    id               bigint generated always as identity primary key,
    series_id        bigint           not null references series (id) on delete cascade,
    run_id           bigint           not null references run (id) on delete cascade,
    previous_run_id  bigint           references run (id) on delete set null,
    x                timestamptz      not null,
    mean_before      double precision not null,
    mean_after       double precision not null,
    relative_change  double precision not null,
    p_value          double precision,
    direction        text             not null check (direction in ('regression', 'improvement')),
    state            text             not null default 'untriaged'
                                      check (state in ('untriaged', 'investigating', 'confirmed',
                                                       'invalid', 'infra', 'fixed', 'wontfix')),
    assignee         text,
    note             text,
    annotation_id    bigint references annotation (id) on delete set null,
    detected_at      timestamptz      not null default now(),
    updated_by       text,
    updated_at       timestamptz,
    unique (series_id, run_id)
);

create index change_point_open_idx on change_point (series_id)
    where state in ('untriaged', 'investigating');
create index change_point_series_x_idx on change_point (series_id, x);
