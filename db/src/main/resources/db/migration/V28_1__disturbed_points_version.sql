-- Each point of the points API says whether its run was on a disturbed machine (run.disturbed_reason).
-- The API answers from bytes prepared once per points_version (V7), which only measurement changes
-- advanced: a run marked disturbed (or cleared) after its points were stored would have left every
-- series it measured serving, and every browser holding, the old answer under the old ETag. Such a
-- change now gives those series a new version, as a change of their measurements does. The
-- overview's summaries key on the sum of the versions, so they follow too.
create function run_disturbed_changed() returns trigger language plpgsql as $$
begin
    update series s
    set points_version = nextval('series_points_version_seq')
    where s.id in (select m.series_id from measurement m where m.run_id = new.id);
    return null;
end $$;

-- A row trigger with a WHEN: only an update that changes the verdict (a disturbed run's ingestion,
-- or a verdict corrected by hand) pays for finding the run's measurements.
create trigger run_disturbed_changed after update of disturbed_reason on run
    for each row when (old.disturbed_reason is distinct from new.disturbed_reason)
    execute function run_disturbed_changed();
