-- Where a change point stands in detection, apart from its triage (state): 'suspected' the morning
-- after its first night lay beyond the noise of the recent history, 'confirmed' once the detector
-- placed a step there (7 nights of the new level), 'withdrawn' when later nights did not hold it.
-- Confirming updates the suspected row (its triage stays); a withdrawn row stays, so nothing a
-- person saw vanishes silently. Rows stored before are confirmed steps.
alter table change_point
    add column stage text not null default 'confirmed'
        check (stage in ('suspected', 'confirmed', 'withdrawn')),
    add column suspected_at timestamptz,
    add column confirmed_at timestamptz,
    add column withdrawn_at timestamptz;

create index change_point_suspected_idx on change_point (series_id) where stage = 'suspected';
