-- How many nights a suspected change point's new level may have begun on, when the nights cannot
-- tell which one: its range then runs from previous_run_id (the night before the earliest) to
-- run_id (the latest), and the pages say "began within N nights". Null where the first night of
-- the new level is known (every confirmed change point: the detector places its step).
alter table change_point
    add column onset_nights integer check (onset_nights is null or onset_nights > 1);
