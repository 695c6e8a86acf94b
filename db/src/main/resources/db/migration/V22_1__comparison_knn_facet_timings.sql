-- Comparisons may also run the facet timings (issue 15) and vector search (issue 16): KNN recall,
-- latency and CPU per vector format and fanout, on vectors embedded once for both sides.
alter table comparison drop constraint comparison_benchmarks_check;
alter table comparison
    add constraint comparison_benchmarks_check
        check (cardinality(benchmarks) > 0
               and benchmarks <@ array['search', 'pk-lookup', 'indexing', 'nrt', 'load',
                                       'pk-postings', 'check-index', 'cold-search',
                                       'stored-fields', 'facet-timings', 'knn']);
