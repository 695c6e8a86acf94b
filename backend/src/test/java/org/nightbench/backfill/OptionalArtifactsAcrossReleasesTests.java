package org.nightbench.backfill;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.nightbench.lucene.LuceneResolver;
import org.nightbench.runs.Run;
import org.nightbench.runs.RunService;
import org.nightbench.runs.RunStatus;
import org.nightbench.worker.QueuedRuns;
import org.nightbench.worker.RunWorker;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;

/**
 * The releases the first start's backfill takes run the steps that depend on what the release
 * published (PK lookups with the id postings in lucene-codecs' formats) through the worker, and
 * every run succeeds: a release without the artifact skips that step with a note instead of losing
 * the run (10.5.2 has no lucene-codecs on Maven Central).
 *
 * <p>Of the backfill's twelve releases it runs the first and last of each major (the oldest and
 * newest API the step meets on each Java) and 10.5.2: the minors between add no case, and each
 * release is a real run of a few JVMs (431 s for all twelve at load 8-10).
 */
@SpringBootTest
@ActiveProfiles("test")
class OptionalArtifactsAcrossReleasesTests {

  @Autowired BackfillProperties backfill;
  @Autowired LuceneResolver lucene;
  @Autowired RunService runs;
  @Autowired RunWorker worker;
  @Autowired DataSource dataSource;
  @Autowired JdbcClient jdbc;

  @Test
  void everyBackfillReleaseSucceedsMeasuringOrSkippingWhatItLacks() {
    List<String> releases = lucene.latestPatches(backfill.fromMinor(), backfill.toMinor());
    assertThat(releases).contains("9.12.3", "10.5.2", "10.6.0");
    Map<String, Run> queued = new LinkedHashMap<>();
    for (String release : firstAndLastOfEachMajorAnd(releases, "10.5.2")) {
      queued.put(release, runs.enqueue("maven:" + release, "optional-artifacts", null, "backfill"));
    }

    QueuedRuns.runAll(dataSource, worker);

    List<String> measured = new ArrayList<>();
    for (Map.Entry<String, Run> entry : queued.entrySet()) {
      Run done = runs.find(entry.getValue().id()).orElseThrow();
      assertThat(done.status())
          .as(entry.getKey() + ": " + done.error())
          .isEqualTo(RunStatus.SUCCEEDED);
      boolean direct =
          jdbc.sql(
                  "select count(*) > 0 from measurement m join series s on s.id = m.series_id"
                      + " where m.run_id = :run and s.benchmark = 'pk'"
                      + " and s.task = 'random-Direct'")
              .param("run", done.id())
              .query(Boolean.class)
              .single();
      List<String> notes =
          jdbc.sql("select unnest(notes) from run where id = :run")
              .param("run", done.id())
              .query(String.class)
              .list();
      if (direct) {
        measured.add(entry.getKey());
      } else {
        assertThat(notes)
            .as(entry.getKey() + " measured no Direct postings and must say why")
            .anyMatch(n -> n.contains("Direct, FST50: skipped, no such postings format"));
      }
    }
    assertThat(measured).as("releases with lucene-codecs measure it").contains("9.12.3", "10.6.0");
    assertThat(measured).doesNotContain("10.5.2");
  }

  /** {@code releases} (ascending) thinned to each major's first and last, and {@code also}. */
  private static Set<String> firstAndLastOfEachMajorAnd(List<String> releases, String also) {
    Map<String, List<String>> byMajor = new TreeMap<>();
    for (String release : releases) {
      byMajor
          .computeIfAbsent(release.substring(0, release.indexOf('.')), major -> new ArrayList<>())
          .add(release);
    }
    Set<String> chosen = new LinkedHashSet<>();
    for (List<String> major : byMajor.values()) {
      chosen.add(major.get(0));
      chosen.add(major.get(major.size() - 1));
    }
    chosen.add(also);
    return chosen;
  }
}
