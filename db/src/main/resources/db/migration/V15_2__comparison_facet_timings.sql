-- Comparisons may also run the high-cardinality facet timings (issue 15). The check V12 added
-- (Postgres named it comparison_benchmarks_check) is replaced by one that allows 'facet-timings'.
alter table comparison
    drop constraint comparison_benchmarks_check,
    add constraint comparison_benchmarks_check
        check (cardinality(benchmarks) > 0
               and benchmarks <@ array['search', 'pk-lookup', 'facet-timings', 'indexing', 'nrt',
                                       'load']);
