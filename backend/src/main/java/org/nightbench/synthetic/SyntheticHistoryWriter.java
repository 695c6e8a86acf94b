package org.nightbench.synthetic;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.SplittableRandom;
import org.nightbench.annotations.AnnotationRequest;
import org.nightbench.annotations.AnnotationService;
import org.nightbench.ingest.IngestedPoints;
import org.nightbench.ingest.ResultIngester;
import org.nightbench.ingest.RunContext;
import org.nightbench.ingest.RunResults;
import org.nightbench.ingest.SeriesIdentity;
import org.nightbench.lucene.Commit;
import org.nightbench.protocol.result.HarnessResult;
import org.nightbench.protocol.result.Metric;
import org.nightbench.runs.FinishedRun;
import org.nightbench.runs.RunRepository;
import org.nightbench.runs.RunRequest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Writes a synthetic history in one transaction through the code real runs go through: one
 * succeeded run per night (with a made-up commit, as a git nightly has) stored by the run
 * repository, every night's values handed to ingestion as the result files of its JVMs, and a
 * series annotation at every planted step made by the annotation service.
 */
@Component
public class SyntheticHistoryWriter {

  private static final String JDK = "25";
  private static final String CORPUS = "synthetic";
  private static final String PROFILE = "synthetic";
  private static final Duration RUN_LENGTH = Duration.ofHours(2);
  private static final long KNN_SEED = 0x6b6e6eL;
  private static final long CONTROL_SEED = 0x636f6e74L;

  private final RunRepository runs;
  private final ResultIngester ingester;
  private final AnnotationService annotations;
  private final TransactionTemplate transaction;
  private final JdbcClient jdbc;

  SyntheticHistoryWriter(
      RunRepository runs,
      ResultIngester ingester,
      AnnotationService annotations,
      TransactionTemplate transaction,
      JdbcClient jdbc) {
    this.runs = runs;
    this.ingester = ingester;
    this.annotations = annotations;
    this.transaction = transaction;
    this.jdbc = jdbc;
  }

  /** What was written, with the planted steps of every series (the detector's ground truth). */
  public record Written(int runs, List<WrittenSeries> series, long points) {}

  /** One series with the shape its points were drawn from. */
  public record WrittenSeries(
      long id, String benchmark, String task, String metric, SeriesShape shape) {}

  /** Replaces the synthetic history of {@code settings.machine()} by a new one. */
  public Written write(SyntheticHistoryProperties settings) {
    LocalDate last =
        settings.lastNight() != null ? settings.lastNight() : LocalDate.now(ZoneOffset.UTC);
    List<SyntheticCatalog.Entry> catalog = SyntheticCatalog.entries(settings.series());
    List<Drawn> drawn = draw(catalog, settings);
    Written written = transaction.execute(status -> write(settings, last, drawn));
    // Fresh statistics: with 800,000 new rows the planner would otherwise guess until autovacuum
    // comes by, and the speed figures measured right after would be of a bad plan.
    jdbc.sql("analyze run, series, measurement").update();
    return written;
  }

  /**
   * Every series' shape and the random numbers its nights are drawn from, in catalog order: the
   * seed gives the same history whatever order the nights are written in.
   */
  private static List<Drawn> draw(
      List<SyntheticCatalog.Entry> catalog, SyntheticHistoryProperties settings) {
    SplittableRandom random = new SplittableRandom(settings.seed());
    List<Drawn> drawn = new ArrayList<>(catalog.size());
    for (SyntheticCatalog.Entry entry : catalog) {
      SeriesShape shape = SeriesShape.random(random, settings.nights(), entry.base());
      drawn.add(new Drawn(entry, shape, random.split()));
    }
    if (settings.slowWeek() > 0) {
      // A random of their own too: the control beside a history that is otherwise the same.
      SplittableRandom control = new SplittableRandom(settings.seed() ^ CONTROL_SEED);
      for (SyntheticCatalog.Entry entry : SyntheticMachine.controlEntries()) {
        drawn.add(new Drawn(entry, SyntheticMachine.controlShape(entry.base()), control.split()));
      }
    }
    if (settings.knn()) {
      // A random of their own: the other series' histories stay what they were without them.
      SplittableRandom knn = new SplittableRandom(settings.seed() ^ KNN_SEED);
      for (SyntheticKnn.Shaped shaped : SyntheticKnn.shapes(knn, settings.nights())) {
        drawn.add(new Drawn(shaped.entry(), shaped.shape(), knn.split()));
      }
    }
    return drawn;
  }

  /** A catalog entry with its shape and the random numbers of its nights. */
  private record Drawn(SyntheticCatalog.Entry entry, SeriesShape shape, SplittableRandom nights) {}

  private Written write(SyntheticHistoryProperties settings, LocalDate last, List<Drawn> drawn) {
    ingester.deleteSeriesOf(settings.machine());
    runs.deleteMachine(settings.machine());
    List<Long> runIds = runs.insertSucceeded(nights(settings, last));
    IngestedPoints ingested =
        ingester.ingestPoints(() -> new NightResults(runIds, last, drawn, settings));
    List<WrittenSeries> series = new ArrayList<>(drawn.size());
    for (Drawn d : drawn) {
      SyntheticCatalog.Entry entry = d.entry();
      long id =
          ingested
              .seriesIds()
              .get(
                  new SeriesIdentity(
                      entry.benchmark(),
                      entry.task(),
                      entry.metric(),
                      settings.machine(),
                      JDK,
                      CORPUS,
                      PROFILE));
      series.add(new WrittenSeries(id, entry.benchmark(), entry.task(), entry.metric(), d.shape()));
      annotateSteps(id, runIds, d.shape(), settings);
    }
    return new Written(runIds.size(), series, ingested.points());
  }

  /** One run per night, the newest on {@code last}, each with a made-up commit of that night. */
  private static List<FinishedRun> nights(SyntheticHistoryProperties settings, LocalDate last) {
    List<FinishedRun> nights = new ArrayList<>(settings.nights());
    for (int night = 0; night < settings.nights(); night++) {
      Instant start = nightStart(last, settings.nights(), night);
      Commit commit =
          new Commit(
              sha(settings.machine() + "/" + settings.seed() + "/" + night),
              "Synthetic Committer",
              null,
              start,
              "Synthetic change " + night);
      nights.add(
          new FinishedRun(
              new RunRequest("git:main", settings.machine(), PROFILE, CORPUS, "nightly"),
              "11.0.0-SNAPSHOT",
              start,
              JDK,
              start,
              start.plus(RUN_LENGTH),
              commit));
    }
    return nights;
  }

  /**
   * The nights' result files as the harness would write them, made one night at a time while
   * ingestion reads them: one result per JVM holding every series' value of that JVM.
   */
  private static final class NightResults implements Iterator<RunResults> {

    private final List<Long> runIds;
    private final LocalDate last;
    private final List<Drawn> drawn;
    private final SyntheticHistoryProperties settings;
    private int night;

    NightResults(
        List<Long> runIds, LocalDate last, List<Drawn> drawn, SyntheticHistoryProperties settings) {
      this.runIds = runIds;
      this.last = last;
      this.drawn = drawn;
      this.settings = settings;
    }

    @Override
    public boolean hasNext() {
      return night < runIds.size();
    }

    @Override
    public RunResults next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      int jvms = settings.jvms();
      SyntheticMachine box = new SyntheticMachine(settings.nights(), settings.slowWeek());
      List<List<Metric>> byJvm = new ArrayList<>(jvms);
      for (int j = 0; j < jvms; j++) {
        byJvm.add(new ArrayList<>(drawn.size()));
      }
      for (Drawn d : drawn) {
        SyntheticCatalog.Entry entry = d.entry();
        double[] samples = d.shape().night(night, jvms, d.nights()).samples();
        double factor = box.factor(entry, night);
        for (int j = 0; j < jvms; j++) {
          byJvm
              .get(j)
              .add(
                  new Metric(
                      entry.benchmark(),
                      entry.task(),
                      entry.metric(),
                      entry.unit(),
                      entry.higherIsBetter(),
                      samples[j] * factor,
                      Map.of()));
        }
      }
      List<HarnessResult> results = new ArrayList<>(jvms);
      for (List<Metric> metrics : byJvm) {
        results.add(
            new HarnessResult(
                HarnessResult.SCHEMA_VERSION, "synthetic", null, null, metrics, null, null));
      }
      RunContext context =
          new RunContext(
              runIds.get(night),
              nightStart(last, runIds.size(), night),
              settings.machine(),
              JDK,
              CORPUS,
              PROFILE,
              Map.of());
      night++;
      return new RunResults(context, results);
    }
  }

  /**
   * A series annotation at every planted step, as a person would leave one for a known change, so
   * the generated charts carry letters and a legend. The text says what it is: made up.
   */
  private void annotateSteps(
      long seriesId, List<Long> runIds, SeriesShape shape, SyntheticHistoryProperties settings) {
    for (SeriesShape.Step step : shape.steps()) {
      annotations.create(
          new AnnotationRequest(
              null,
              runIds.get(step.night()),
              String.format(Locale.ROOT, "Synthetic step of %+.1f %%", 100 * step.relative()),
              "Planted by the synthetic history (seed "
                  + settings.seed()
                  + "): the level changes from this night on. A change-point detector should"
                  + " find it.",
              "benchmark",
              "series",
              seriesId,
              null),
          "synthetic history of " + settings.machine());
    }
  }

  /** The first 40 hex digits of the SHA-256 of {@code text}: a commit sha's shape, made up. */
  private static String sha(String text) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest).substring(0, 40);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Instant nightStart(LocalDate last, int nights, int night) {
    // Nightlies start at 02:00 UTC in this history; the hour only has to be the same every night.
    return last.atTime(2, 0).toInstant(ZoneOffset.UTC).minus(Duration.ofDays(nights - 1 - night));
  }
}
