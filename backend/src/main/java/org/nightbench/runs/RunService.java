package org.nightbench.runs;

import java.util.List;
import java.util.Optional;
import org.nightbench.corpus.CorpusProperties;
import org.nightbench.lucene.LuceneSpec;
import org.springframework.stereotype.Service;

/** What the API and the pages may do with runs: ask for one, look at them, read their logs. */
@Service
public class RunService {

  private final RunRepository runs;
  private final RunnerProperties settings;
  private final CorpusProperties corpora;

  RunService(RunRepository runs, RunnerProperties settings, CorpusProperties corpora) {
    this.runs = runs;
    this.settings = settings;
    this.corpora = corpora;
  }

  /**
   * Queues a run on this machine with the default profile and corpus unless given.
   *
   * @throws IllegalArgumentException with a one-line message when the spec or profile is bad
   */
  public Run enqueue(String luceneSpec, String profile, String corpus, String reason) {
    LuceneSpec spec = LuceneSpec.parse(luceneSpec);
    String profileName = blankToDefault(profile, settings.profile());
    settings.profile(profileName);
    long id =
        runs.enqueue(
            new RunRequest(
                spec.toString(),
                settings.machine(),
                profileName,
                blankToDefault(corpus, corpora.source()),
                reason));
    return runs.find(id).orElseThrow();
  }

  public Optional<Run> find(long id) {
    return runs.find(id);
  }

  public List<Run> recent(int limit) {
    return runs.recent(Math.max(1, Math.min(limit, 1_000)));
  }

  public List<String> log(long id, int fromLine) {
    return runs.log(id, Math.max(0, fromLine));
  }

  public Optional<String> environment(long id) {
    return runs.environment(id);
  }

  public RunProgress progress() {
    return runs.progress();
  }

  private static String blankToDefault(String value, String fallback) {
    return value == null || value.isBlank() ? fallback : value.strip();
  }
}
