-- The points API answers from bytes it prepared once per version of a series. Every insert,
-- delete, update or truncate of measurements gives the series it touches a new version, taken
-- from a sequence so that a version is never reused, not even for a series deleted and made anew
-- under the same id. A stale copy, in the server's cache or behind a browser's ETag, is then told
-- apart with one primary-key read.
create sequence series_points_version_seq;

alter table series
    add column points_version bigint not null default nextval('series_points_version_seq');

create or replace function series_points_added() returns trigger language plpgsql as $$
begin
    update series s
    set point_count = s.point_count + a.n,
        first_x = least(s.first_x, a.first_x),
        last_x = greatest(s.last_x, a.last_x),
        points_version = nextval('series_points_version_seq')
    from (select series_id, count(*) n, min(x) first_x, max(x) last_x
          from added group by series_id) a
    where a.series_id = s.id;
    return null;
end $$;

create or replace function series_points_removed() returns trigger language plpgsql as $$
begin
    -- Rare (a run deleted by hand): recount what is left rather than track minima.
    update series s
    set point_count = c.n, first_x = c.first_x, last_x = c.last_x,
        points_version = nextval('series_points_version_seq')
    from (select r.series_id,
                 (select count(*) from measurement m where m.series_id = r.series_id) n,
                 (select min(x) from measurement m where m.series_id = r.series_id) first_x,
                 (select max(x) from measurement m where m.series_id = r.series_id) last_x
          from (select distinct series_id from removed) r) c
    where c.series_id = s.id;
    return null;
end $$;

create function series_points_changed() returns trigger language plpgsql as $$
begin
    -- An x can move (a run's revision date corrected): recount like a removal.
    update series s
    set point_count = c.n, first_x = c.first_x, last_x = c.last_x,
        points_version = nextval('series_points_version_seq')
    from (select r.series_id,
                 (select count(*) from measurement m where m.series_id = r.series_id) n,
                 (select min(x) from measurement m where m.series_id = r.series_id) first_x,
                 (select max(x) from measurement m where m.series_id = r.series_id) last_x
          from (select series_id from changed union select series_id from previous) r) c
    where c.series_id = s.id;
    return null;
end $$;

create function series_points_truncated() returns trigger language plpgsql as $$
begin
    update series
    set point_count = 0, first_x = null, last_x = null,
        points_version = nextval('series_points_version_seq');
    return null;
end $$;

create trigger measurement_changed after update on measurement
    referencing old table as previous new table as changed
    for each statement execute function series_points_changed();
create trigger measurement_truncated after truncate on measurement
    for each statement execute function series_points_truncated();
