package org.nightbench.benchjobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.facet.FacetResult;
import org.apache.lucene.facet.LabelAndValue;
import org.apache.lucene.facet.sortedset.DefaultSortedSetDocValuesReaderState;
import org.apache.lucene.facet.sortedset.SortedSetDocValuesFacetCounts;
import org.apache.lucene.facet.taxonomy.FastTaxonomyFacetCounts;
import org.apache.lucene.facet.taxonomy.directory.DirectoryTaxonomyReader;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nightbench.benchjobs.indexing.FacetFields;
import org.nightbench.benchjobs.indexing.TaxonomyIndex;
import org.nightbench.benchjobs.runner.Indexes;
import org.nightbench.benchjobs.search.Outcome;
import org.nightbench.benchjobs.search.SearchBenchmark;
import org.nightbench.benchjobs.search.TaskPlan;
import org.nightbench.protocol.tasks.Task;
import org.nightbench.protocol.tasks.TaskFileParser;

/**
 * luceneutil's facet operators on a small europarl index: every facet line of its nightly task file
 * runs, and the taxonomy written beside the index counts what the sorted-set fields count.
 */
class FacetTasksTest {

  private static final int DOCS = 1500;

  @TempDir static Path shared;

  private static Path index;

  @BeforeAll
  static void buildIndex() throws IOException {
    index = shared.resolve("index");
    Europarl.index(Europarl.corpus(shared), index, DOCS);
  }

  private static TaskPlan plan(String... lines) throws IOException {
    List<Task> parsed = TaskFileParser.parse(List.of(lines), "test");
    try (Indexes.Opened opened = Indexes.open(index)) {
      return TaskPlan.build(SearchBenchmark.searcher(opened.reader()), parsed, "test", 10);
    }
  }

  @Test
  void everyFacetLineOfTheNightlyFileRuns() throws IOException {
    TaskPlan plan =
        plan(
            "BrowseDateTaxoFacets: *:* +facets:Date.taxonomy",
            "BrowseMonthTaxoFacets: *:* +facets:Month.taxonomy",
            "BrowseDayOfYearTaxoFacets: *:* +facets:DayOfYear.taxonomy",
            "BrowseDateSSDVFacets: *:* +facets:Date.sortedset",
            "BrowseMonthSSDVFacets: *:* +facets:Month.sortedset",
            "BrowseDayOfYearSSDVFacets: *:* +facets:DayOfYear.sortedset",
            "BrowseRandomLabelTaxoFacets: *:* +facets:RandomLabel.taxonomy",
            "BrowseRandomLabelSSDVFacets: *:* +facets:RandomLabel.sortedset",
            "HighTerm: commission",
            "TermDateFacets: commission +facets:Date.taxonomy",
            "MedTermDayTaxoFacets: commission +facets:DayOfYear.taxonomy",
            "OrHighMedDayTaxoFacets: commission parliament +facets:DayOfYear.taxonomy",
            "OrHighMed: commission parliament",
            "AndHighMedDayTaxoFacets: +commission +parliament +facets:DayOfYear.taxonomy",
            "AndHighMed: +commission +parliament",
            "TwoDims: commission +facets:Month.taxonomy +facets:Month.sortedset");
    assertThat(plan.notes()).isEmpty();
    List<Outcome> o = plan.outcomes();
    for (Outcome browse : o.subList(0, 8)) {
      assertThat(browse.hits()).isEqualTo(DOCS);
    }
    long commission = o.get(8).hits();
    assertThat(commission).isPositive().isLessThan(DOCS);
    assertThat(o.get(9).hits()).isEqualTo(commission);
    assertThat(o.get(10).hits()).isEqualTo(commission);
    assertThat(o.get(11).hits()).isEqualTo(o.get(12).hits());
    assertThat(o.get(13).hits()).isEqualTo(o.get(14).hits()).isPositive();
    assertThat(o.get(15).hits()).isEqualTo(commission);
    // Counting over the hits, not the whole index, must give other counts than browsing.
    assertThat(o.get(9).topHash()).isNotEqualTo(o.get(0).topHash());
  }

  @Test
  void taxonomyAndSortedSetCountTheSame() throws IOException {
    Path taxoDir = TaxonomyIndex.dirOf(index);
    assertThat(Files.isDirectory(taxoDir)).isTrue();
    try (Indexes.Opened opened = Indexes.open(index);
        Directory dir = FSDirectory.open(taxoDir);
        DirectoryTaxonomyReader taxonomy = new DirectoryTaxonomyReader(dir)) {
      for (String base : FacetFields.BASES) {
        String taxoDim = FacetFields.dim(base, FacetFields.TAXONOMY);
        String ssdvDim = FacetFields.dim(base, FacetFields.SORTED_SET);
        FacetResult taxo =
            new FastTaxonomyFacetCounts(taxoDim, opened.reader(), taxonomy, FacetFields.config())
                .getTopChildren(100_000, taxoDim);
        FacetResult ssdv =
            new SortedSetDocValuesFacetCounts(
                    new DefaultSortedSetDocValuesReaderState(
                        opened.reader(), ssdvDim, FacetFields.config()))
                .getTopChildren(100_000, ssdvDim);
        assertThat(counts(taxo)).as(base).isEqualTo(counts(ssdv)).isNotEmpty();
        assertThat(taxo.value.intValue()).as(base).isEqualTo(DOCS);
      }
      // The high-cardinality dimension: about one label per document at this size.
      FacetResult labels =
          new FastTaxonomyFacetCounts(
                  "RandomLabel.taxonomy", opened.reader(), taxonomy, FacetFields.config())
              .getTopChildren(10, "RandomLabel.taxonomy");
      assertThat(labels.childCount).isGreaterThan(DOCS * 9 / 10);
    }
  }

  private static Map<String, Number> counts(FacetResult r) {
    Map<String, Number> m = new HashMap<>();
    for (LabelAndValue lv : r.labelValues) {
      m.put(lv.label, lv.value);
    }
    return m;
  }
}
