-- Every point records what it measured: the hash of the settings that shaped its numbers (the
-- step's spec without its paths, and the forked JVM's flags) and the harness's measuring version.
-- A change of either between consecutive points of a series starts a new segment: a line on the
-- chart, a boundary detection never tests across, "benchmark changed" in the digest. Points
-- stored before have neither (NULL): unknown, read as the same as their neighbours, so an old
-- database's series stay whole.

-- The settings themselves, once per distinct hash, so that a segment's start can name what changed.
create table benchmark_settings (
    hash     text  primary key check (hash ~ '^[0-9a-f]{64}$'),
    type     text  not null,
    settings jsonb not null
);

alter table measurement
    add column settings_hash     text references benchmark_settings (hash),
    add column measuring_version int check (measuring_version > 0);

-- The automatic annotation at a segment's start, written by the application, not an editor.
alter table annotation drop constraint annotation_kind_check;
alter table annotation add constraint annotation_kind_check
    check (kind in ('code', 'environment', 'benchmark', 'noise', 'benchmark-changed'));
create unique index annotation_benchmark_changed_once
    on annotation (series_id, run_id) where kind = 'benchmark-changed';

-- Where a night's point starts a segment is read against the newest point before it that knows
-- its settings: found through this index in one step, however many old (NULL) points lie between.
create index measurement_known_settings_idx on measurement (series_id, x, run_id)
    include (settings_hash, measuring_version) where settings_hash is not null;
