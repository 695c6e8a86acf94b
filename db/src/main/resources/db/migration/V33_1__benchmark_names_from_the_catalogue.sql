-- Which benchmarks a comparison may run is the application's catalogue (harness.BenchmarkCatalogue),
-- checked with a one-line error when a request names one; the database keeps only that a comparison
-- runs at least one. A new benchmark then needs no migration (the list was re-created three times).
alter table comparison drop constraint comparison_benchmarks_check;
alter table comparison
    add constraint comparison_benchmarks_check check (cardinality(benchmarks) > 0);
