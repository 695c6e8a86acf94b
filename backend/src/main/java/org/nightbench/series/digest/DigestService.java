package org.nightbench.series.digest;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.nightbench.ingest.SegmentStart;
import org.nightbench.ingest.SeriesSegments;
import org.nightbench.web.NotFoundException;
import org.springframework.stereotype.Service;
import tools.jackson.databind.json.JsonMapper;

/**
 * The digests the pages and the API show: a run against its previous comparable run (prepared after
 * ingestion and kept, computed here only when missing or out of date), the same between any two
 * comparable runs, and the overview's digest of every machine's newest run.
 */
@Service
public class DigestService {

  /** Longest run id text accepted before it is parsed. */
  private static final int MAX_ID_LENGTH = 40;

  private final DigestRepository repository;
  private final ComparableRuns comparable;
  private final JsonMapper json;
  private final SeriesSegments segments;

  /** Parsed prepared digests, by run and preparation time: a page need not parse 2,000 rows. */
  private final Cache<String, RunDigest> parsed = Caffeine.newBuilder().maximumSize(64).build();

  private volatile Morning morning;

  DigestService(
      DigestRepository repository,
      ComparableRuns comparable,
      JsonMapper json,
      SeriesSegments segments) {
    this.repository = repository;
    this.comparable = comparable;
    this.json = json;
    this.segments = segments;
  }

  /**
   * The overview's digest: every machine's newest run (in its series' own order) against the
   * previous comparable run; newest runs on a disturbed machine listed apart, unjudged.
   *
   * @param version the data version it was read at
   */
  public record Morning(String version, List<RunDigest> digests, List<DigestRun> disturbed) {

    public boolean isEmpty() {
      return digests.isEmpty() && disturbed.isEmpty();
    }
  }

  /** The version of what the morning digest is made from; it changes when the digest may. */
  public String version() {
    return repository.version();
  }

  /** The overview's digest as the database holds it now; rebuilt only when the data moved. */
  public Morning morning() {
    String version = repository.version();
    Morning current = morning;
    if (current != null && current.version().equals(version)) {
      return current;
    }
    synchronized (this) {
      current = morning;
      if (current == null || !current.version().equals(version)) {
        current = buildMorning(version);
        morning = current;
      }
      return current;
    }
  }

  private Morning buildMorning(String version) {
    List<RunDigest> digests = new ArrayList<>();
    List<DigestRun> disturbed = new ArrayList<>();
    for (DigestRun latest : repository.latestFinishedPerMachine()) {
      DigestRun newest = comparable.newest(latest);
      if (newest.disturbed()) {
        disturbed.add(newest);
      } else {
        digests.add(withChangePoints(prepared(newest), List.of(newest.id())));
      }
    }
    return new Morning(version, digests, disturbed);
  }

  /**
   * The run's digest against its previous comparable run; empty while the run has not succeeded. A
   * disturbed run's rows are not judged unless {@code judgeDisturbed}.
   *
   * @throws NotFoundException for an unknown run
   */
  public Optional<RunDigest> ofRun(long runId, boolean judgeDisturbed) {
    DigestRun run = repository.run(runId).orElseThrow(() -> noRun(runId));
    if (!"succeeded".equals(run.status())) {
      return Optional.empty();
    }
    RunDigest digest;
    Optional<DigestRun> undisturbed = comparable.previous(run);
    if (judgeDisturbed && (run.disturbed() || undisturbed.isEmpty())) {
      // Anyway means against the run just before, even one on a disturbed machine: said so.
      digest = compute(comparable.justBefore(run).orElse(null), run, true, true);
    } else {
      digest = prepared(run);
    }
    return Optional.of(withChangePoints(digest, List.of(runId)));
  }

  /**
   * The digest between two comparable runs, {@code from} the baseline, each row naming the change
   * point found for its series in the nights after {@code from} up to {@code to}.
   *
   * @throws IllegalArgumentException (a 400) for a malformed id, the same run twice, a run that has
   *     not succeeded, or two runs of another machine, JDK, corpus or profile
   * @throws NotFoundException for an unknown run
   */
  public RunDigest between(String fromText, String toText, boolean judgeDisturbed) {
    long fromId = runId("from", fromText);
    long toId = runId("to", toText);
    if (fromId == toId) {
      throw new IllegalArgumentException("from and to are the same run " + fromId);
    }
    DigestRun from = succeeded(fromId);
    DigestRun to = succeeded(toId);
    String why = from.incomparability(to);
    if (why != null) {
      throw new IllegalArgumentException(
          "runs " + fromId + " and " + toId + " cannot be compared: " + why);
    }
    boolean previous = comparable.previous(to).map(p -> p.id() == from.id()).orElse(false);
    RunDigest digest =
        previous && !(judgeDisturbed && (to.disturbed() || from.disturbed()))
            ? prepared(to)
            : compute(from, to, previous, judgeDisturbed);
    return withChangePoints(digest, comparable.between(from, to));
  }

  /** Most runs a run page offers to compare with. */
  private static final int CHOICES = 40;

  /**
   * The runs a run page offers to compare with ("compare with…"): the comparable runs before it,
   * releases first (newest first), then the other runs, newest first; at most {@value #CHOICES}.
   */
  public List<DigestRun> compareChoices(long runId) {
    Optional<DigestRun> run = repository.run(runId);
    if (run.isEmpty()) {
      return List.of();
    }
    List<DigestRun> ordered = comparable.ordered(run.get());
    List<DigestRun> before = new ArrayList<>();
    for (DigestRun r : ordered) {
      if (r.id() == runId) {
        break;
      }
      before.add(r);
    }
    java.util.Collections.reverse(before);
    List<DigestRun> choices = new ArrayList<>(before.stream().filter(DigestRun::release).toList());
    before.stream().filter(r -> !r.release()).forEach(choices::add);
    return choices.subList(0, Math.min(CHOICES, choices.size()));
  }

  /**
   * Two runs ticked on the run list, as {@code from} and {@code to}: the earlier in their series'
   * own order first.
   *
   * @throws IllegalArgumentException (a 400) for other than two runs, a malformed id, a run that
   *     has not succeeded, or two runs that cannot be compared
   * @throws NotFoundException for an unknown run
   */
  public long[] fromAndTo(List<String> ticked) {
    if (ticked == null || ticked.size() != 2) {
      throw new IllegalArgumentException(
          "tick two runs to compare, not " + (ticked == null ? 0 : ticked.size()));
    }
    DigestRun a = succeeded(runId("run", ticked.get(0)));
    DigestRun b = succeeded(runId("run", ticked.get(1)));
    if (a.id() == b.id()) {
      throw new IllegalArgumentException("the same run " + a.id() + " ticked twice");
    }
    String why = a.incomparability(b);
    if (why != null) {
      throw new IllegalArgumentException(
          "runs " + a.id() + " and " + b.id() + " cannot be compared: " + why);
    }
    List<Long> order = comparable.ordered(a).stream().map(DigestRun::id).toList();
    return order.indexOf(a.id()) <= order.indexOf(b.id())
        ? new long[] {a.id(), b.id()}
        : new long[] {b.id(), a.id()};
  }

  /**
   * The previous comparable run of a run, as the digest uses it; empty for the first or unknown.
   */
  public Optional<Long> previousRunId(long runId) {
    return repository.run(runId).flatMap(comparable::previous).map(DigestRun::id);
  }

  /**
   * Computes and keeps the digest of a run against its previous comparable run, and those of the
   * runs after it whose previous run it now is (a backfilled release can land between two).
   *
   * @return the run's digest with its verdicts, or empty when the run is unknown or has not
   *     succeeded
   */
  Optional<RunDigest> prepare(long runId) {
    Optional<DigestRun> found = repository.run(runId).filter(r -> "succeeded".equals(r.status()));
    if (found.isEmpty()) {
      return Optional.empty();
    }
    DigestRun run = found.get();
    RunDigest digest = store(run, comparable.previous(run).orElse(null));
    for (DigestRun next : comparable.following(run)) {
      DigestRun before = comparable.previous(next).orElse(null);
      Long stored =
          repository.stored(next.id()).map(DigestRepository.Stored::previousRunId).orElse(null);
      if (before != null && before.id() == run.id() && !Objects.equals(stored, run.id())) {
        store(next, run);
      }
      if (!next.disturbed()) {
        break;
      }
    }
    // Kept as the night's test alone; announced with the change points detection has placed.
    return Optional.of(withChangePoints(digest, List.of(run.id())));
  }

  /** The kept digest of a run if it is against the right previous run, else a fresh one, kept. */
  private RunDigest prepared(DigestRun run) {
    DigestRun previous = comparable.previous(run).orElse(null);
    Long previousId = previous == null ? null : previous.id();
    Optional<DigestRepository.Stored> stored = repository.stored(run.id());
    if (stored.isPresent() && Objects.equals(stored.get().previousRunId(), previousId)) {
      DigestRepository.Stored kept = stored.get();
      return parsed.get(
          kept.runId() + "@" + kept.computedAt(),
          key -> json.readValue(repository.body(kept.runId()), RunDigest.class));
    }
    return store(run, previous);
  }

  private RunDigest store(DigestRun run, DigestRun previous) {
    RunDigest digest = compute(previous, run, true, false);
    repository.store(
        run.id(), previous == null ? null : previous.id(), json.writeValueAsString(digest));
    return digest;
  }

  /** The digest of {@code to} against {@code from} (null: nothing to compare with). */
  RunDigest compute(DigestRun from, DigestRun to, boolean previous, boolean judgeDisturbed) {
    Map<Long, DigestRepository.Measured> now = repository.measured(to.id());
    // Gone silent: a skip the earlier run noted too is standing, not news of this night.
    List<String> skipped =
        to.notes().stream()
            .filter(note -> note.toLowerCase(Locale.ROOT).contains("skipped"))
            .filter(note -> from == null || !from.notes().contains(note))
            .toList();
    if (from == null) {
      List<DigestRow> rows =
          now.values().stream().map(m -> DigestJudge.unmatched(pair(m, new double[0]))).toList();
      Optional<DigestRun> earlier = comparable.justBefore(to);
      if (earlier.isPresent()) {
        // Not the first: every run before it was on a disturbed machine, and none is a baseline.
        return RunDigest.of(
            null,
            to,
            previous,
            to.disturbed() ? to.disturbedReason() : "every earlier run of its kind was disturbed",
            rows,
            List.of(),
            0,
            List.of(),
            List.of(),
            "no undisturbed run of "
                + kind(to)
                + " before it to compare with: the runs before it, run "
                + earlier.get().id()
                + " the last, were on a disturbed machine");
      }
      return RunDigest.of(
          null,
          to,
          previous,
          null,
          rows,
          List.of(),
          rows.size(),
          List.of(),
          List.of(),
          "the first run of " + kind(to) + ": nothing before it to compare with");
    }
    Map<Long, DigestRepository.Measured> before = repository.measured(from.id());
    List<DigestJudge.Pair> pairs = new ArrayList<>();
    List<DigestRow> unmatched = new ArrayList<>();
    for (DigestRepository.Measured m : now.values()) {
      DigestRepository.Measured b = before.get(m.seriesId());
      if (b == null) {
        unmatched.add(DigestJudge.unmatched(pair(m, new double[0])));
      } else {
        pairs.add(pair(m, b.samples()));
      }
    }
    List<DigestRow> rows = new ArrayList<>(DigestJudge.judge(pairs));
    String disturbed = to.disturbed() ? to.disturbedReason() : from.disturbedReason();
    if (disturbed != null && !judgeDisturbed) {
      String why = DigestJudge.DISTURBED + " (" + disturbed + "): not judged";
      rows.replaceAll(row -> row.judgement() == Judgement.NOT_JUDGED ? row : row.notJudged(why));
    }
    // Two nights measured with other settings (or another harness) are two benchmarks: the row
    // says what changed instead of calling the step a regression.
    Map<Long, SegmentStart> changed = segments.changedBetween(from.id(), to.id());
    rows.replaceAll(
        row ->
            changed.containsKey(row.seriesId())
                ? row.notJudged(changed.get(row.seriesId()).change())
                : row);
    rows.addAll(unmatched);
    List<RunDigest.MissingSeries> missing = new ArrayList<>();
    for (DigestRepository.Measured b : before.values()) {
      if (!now.containsKey(b.seriesId())) {
        DigestRow shown = DigestJudge.unmatched(pair(b, new double[0]));
        missing.add(
            new RunDigest.MissingSeries(
                b.seriesId(), shown.group(), b.benchmark(), b.task(), b.metric()));
      }
    }
    return RunDigest.of(
        from,
        to,
        previous,
        judgeDisturbed ? null : disturbed,
        rows,
        missing,
        unmatched.size(),
        skipped,
        silentSteps(from, to),
        judgeDisturbed && disturbed != null ? judgedAnyway(from, to) : null);
  }

  /** What a digest judged anyway says of its two runs' machines. */
  private static String judgedAnyway(DigestRun from, DigestRun to) {
    List<String> said = new ArrayList<>();
    if (to.disturbed()) {
      said.add("run " + to.id() + " (" + to.disturbedReason() + ")");
    }
    if (from.disturbed()) {
      said.add("run " + from.id() + " (" + from.disturbedReason() + ")");
    }
    return "judged anyway, on a disturbed machine: "
        + String.join(" and ", said)
        + "; a move may be the machine's, not Lucene's";
  }

  private List<RunDigest.SilentStep> silentSteps(DigestRun from, DigestRun to) {
    Map<String, Integer> now = repository.metricsPerStep(to.id());
    List<RunDigest.SilentStep> silent = new ArrayList<>();
    repository
        .metricsPerStep(from.id())
        .forEach(
            (step, metrics) -> {
              int measured = now.getOrDefault(step, 0);
              if (metrics > 0 && measured == 0) {
                silent.add(new RunDigest.SilentStep(step, metrics, measured));
              }
            });
    return silent;
  }

  private RunDigest withChangePoints(RunDigest digest, List<Long> runIds) {
    return digest.withChangePoints(repository.changePointsAt(runIds));
  }

  private static DigestJudge.Pair pair(DigestRepository.Measured m, double[] before) {
    return new DigestJudge.Pair(
        m.seriesId(),
        m.benchmark(),
        m.task(),
        m.metric(),
        m.unit(),
        m.higherIsBetter(),
        before,
        m.samples());
  }

  private DigestRun succeeded(long id) {
    DigestRun run = repository.run(id).orElseThrow(() -> noRun(id));
    if (!"succeeded".equals(run.status())) {
      throw new IllegalArgumentException(
          "run " + id + " has not succeeded (" + run.status() + "): it has no points to compare");
    }
    return run;
  }

  private static long runId(String name, String text) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException(name + " is missing: give a run id, e.g. " + name + "=42");
    }
    String trimmed = text.strip();
    if (trimmed.length() > MAX_ID_LENGTH || !trimmed.matches("[0-9]+")) {
      throw new IllegalArgumentException(
          name + " must be a run id (a whole number), not '" + cut(trimmed) + "'");
    }
    try {
      return Long.parseLong(trimmed);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + " is too large for a run id: " + cut(trimmed));
    }
  }

  private static String cut(String text) {
    return text.length() <= 40 ? text : text.substring(0, 40) + "…";
  }

  /** Machine · JDK · corpus · profile; a part the run never recorded (a JDK) is left out. */
  private static String kind(DigestRun run) {
    return java.util.stream.Stream.of(run.machine(), run.jdk(), run.corpus(), run.profile())
        .filter(Objects::nonNull)
        .collect(java.util.stream.Collectors.joining(" · "));
  }

  private static NotFoundException noRun(long id) {
    return new NotFoundException("No run " + id);
  }
}
