-- A change point is a step (its new level starts at run_id) or a slow drift: the level moved a
-- little every night from run_id to drift_last_run_id, drift_nights nights in all, by drift_slope
-- of the level on its first night each night (0.001 is +0.1 % a night). The detector reports a run
-- of steps that a drift explains as one drift, so a ramp is one alert, not a staircase of them.
alter table change_point
    add column kind text not null default 'step' check (kind in ('step', 'drift')),
    add column drift_last_run_id bigint,
    add column drift_nights integer,
    add column drift_slope double precision,
    add constraint change_point_drift_span check (
        (kind = 'step' and drift_last_run_id is null and drift_nights is null and drift_slope is null)
        or (kind = 'drift' and drift_last_run_id is not null and drift_nights > 1));
