package org.nightbench.backfill;

import java.util.List;
import org.nightbench.lucene.LuceneResolver;
import org.nightbench.runs.Run;
import org.nightbench.runs.RunService;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Queues backfill runs of Lucene releases: a list of releases, or every minor's latest patch. */
@Service
public class BackfillService {

  private final RunService runs;
  private final LuceneResolver lucene;

  BackfillService(RunService runs, LuceneResolver lucene) {
    this.runs = runs;
    this.lucene = lucene;
  }

  /**
   * Queues {@code maven:} runs of the request's releases, oldest first as given, all or none.
   *
   * @throws IllegalArgumentException with one line when the request is not one of the supported
   *     shapes or names a bad version
   */
  @Transactional
  public List<Run> backfill(BackfillRequest request) {
    if (request.commitRange() != null || request.dateRange() != null) {
      throw new IllegalArgumentException(
          "commitRange and dateRange backfills are not supported yet; use releases or"
              + " fromMinor/toMinor");
    }
    boolean byList = request.releases() != null;
    boolean byRange = request.fromMinor() != null || request.toMinor() != null;
    if (byList == byRange) {
      throw new IllegalArgumentException(
          "give either releases or fromMinor and toMinor, e.g. {\"releases\": [\"9.12.3\"]}");
    }
    List<String> releases;
    if (byList) {
      releases = request.releases();
    } else {
      if (request.fromMinor() == null || request.toMinor() == null) {
        throw new IllegalArgumentException("fromMinor and toMinor go together, e.g. 9.8 and 10.6");
      }
      releases = lucene.latestPatches(request.fromMinor(), request.toMinor());
    }
    if (releases.isEmpty()) {
      throw new IllegalArgumentException("no releases to backfill");
    }
    return releases.stream()
        .map(release -> runs.enqueue("maven:" + release, null, null, "backfill"))
        .toList();
  }
}
