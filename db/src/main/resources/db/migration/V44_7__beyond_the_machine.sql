-- The machine's move on a night the run's evidence puts down to the machine: the median relative
-- move of the run's series against their recent nights (goodness: positive is faster), so a
-- series that moved far beyond it can be judged net of it. Null for runs whose evidence was worked
-- out before it was kept.
alter table run_machine_evidence add column run_change double precision;

-- A change suspected on such a night because the series moved beyond the machine: the machine's
-- move that night (in the series' own sign); the change point's relative change is then the
-- series' move net of it, the code's. Null for a change judged on the series alone.
alter table change_point add column machine_change double precision;
