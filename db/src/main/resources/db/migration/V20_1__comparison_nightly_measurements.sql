-- Comparisons may also run the nightly's measurements beside the queries (issue 15): PK lookups
-- with the id postings in RAM, CheckIndex, search on a cold page cache and stored fields.
alter table comparison drop constraint comparison_benchmarks_check;
alter table comparison
    add constraint comparison_benchmarks_check
        check (cardinality(benchmarks) > 0
               and benchmarks <@ array['search', 'pk-lookup', 'indexing', 'nrt', 'load',
                                       'pk-postings', 'check-index', 'cold-search',
                                       'stored-fields']);
