package org.nightbench.bisect;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.nightbench.annotations.Annotation;
import org.nightbench.annotations.AnnotationRequest;
import org.nightbench.annotations.AnnotationService;
import org.nightbench.comparisons.ComparisonService;
import org.nightbench.comparisons.ComparisonView;
import org.nightbench.corpus.CorpusProperties;
import org.nightbench.harness.BenchmarkCatalogue;
import org.nightbench.lucene.Commit;
import org.nightbench.lucene.GitLuceneBuilder;
import org.nightbench.protocol.HarnessTasks;
import org.nightbench.protocol.SearchSpec;
import org.nightbench.runs.RunStatus;
import org.nightbench.runs.RunnerProperties;
import org.nightbench.web.NotFoundException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/** Starts, shows, cancels and annotates bisects; {@link BisectSteps} walks them. */
@Service
public class BisectService {

  static final int DEFAULT_JVMS = 5;
  static final int DEFAULT_MAX_JVMS = 20;
  static final int MAX_JVMS = 100;

  /** A first-parent line longer than this is refused: narrow the range first. */
  static final int MAX_COMMITS = 5_000;

  private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_.-]{0,99}");
  private static final Logger log = LoggerFactory.getLogger(BisectService.class);

  private final BisectRepository repository;
  private final BisectTargets targets;
  private final GitLuceneBuilder git;
  private final ComparisonService comparisons;
  private final AnnotationService annotations;
  private final RunnerProperties runner;
  private final CorpusProperties corpora;
  private final CommitLinks links;
  private final TransactionTemplate transaction;

  BisectService(
      BisectRepository repository,
      BisectTargets targets,
      GitLuceneBuilder git,
      ComparisonService comparisons,
      AnnotationService annotations,
      RunnerProperties runner,
      CorpusProperties corpora,
      CommitLinks links,
      TransactionTemplate transaction) {
    this.repository = repository;
    this.targets = targets;
    this.git = git;
    this.comparisons = comparisons;
    this.annotations = annotations;
    this.runner = runner;
    this.corpora = corpora;
    this.links = links;
    this.transaction = transaction;
  }

  /**
   * Checks the request and stores a running bisect over the first-parent line between its ends; the
   * poller starts its first comparison. A one-line error for anything that cannot be bisected.
   */
  public BisectView start(BisectRequest request, String user) {
    BisectTarget target = targets.of(request);
    checkMeasurement(target);
    String profile = target.profile() == null ? runner.profile() : target.profile();
    runner.profile(profile);
    corpora.requireKnown(target.corpus());
    int jvms = request.jvms() == null ? DEFAULT_JVMS : request.jvms();
    int maxJvms = request.maxJvms() == null ? Math.max(jvms, DEFAULT_MAX_JVMS) : request.maxJvms();
    if (jvms < 2 || jvms > MAX_JVMS || maxJvms < jvms || maxJvms > MAX_JVMS) {
      throw new IllegalArgumentException(
          "jvms must be between 2 and " + MAX_JVMS + " and maxJvms between jvms and " + MAX_JVMS);
    }
    // Fetches: no transaction is held while the remote answers.
    List<Commit> line =
        git.firstParentLine(
            target.good(), target.bad(), MAX_COMMITS, message -> log.info("bisect: {}", message));
    Bisect bisect =
        new Bisect(
            0,
            target.benchmark(),
            target.task(),
            target.metric(),
            profile,
            target.corpus(),
            jvms,
            maxJvms,
            request.recordsJfr(),
            Bisect.RUNNING,
            0,
            line.size() - 1,
            null,
            null,
            target.changePointId(),
            target.seriesId(),
            null,
            user,
            null,
            null);
    Long id = transaction.execute(status -> repository.insert(bisect, line));
    return view(id);
  }

  /**
   * Why a bisect of change point {@code id} would be refused for want of commits at its ends, or
   * empty: a page offers the bisect only when this is empty.
   */
  public Optional<String> refusalForChangePoint(long id) {
    return targets.refusalForChangePoint(id);
  }

  /** Why no bisect of two points of series {@code id} can start, or empty when one can. */
  public Optional<String> refusalForSeries(long seriesId) {
    return targets.pointsWithCommit(seriesId) >= 2
        ? Optional.empty()
        : Optional.of(
            "fewer than two points of series "
                + seriesId
                + " recorded a commit (git: runs do; releases do from their jar's manifest or"
                + " tag, since Nightbench records it), so there is nothing to bisect between");
  }

  public BisectView view(long id) {
    Bisect bisect = repository.find(id).orElseThrow(() -> new NotFoundException("No bisect " + id));
    return views(List.of(bisect)).get(0);
  }

  /**
   * The views of the bisects of any of these change points, newest first per change point: three
   * queries whatever their number, for a page that shows many alerts.
   */
  public Map<Long, List<BisectView>> viewsForChangePoints(Collection<Long> changePointIds) {
    Map<Long, List<BisectView>> byChangePoint = new LinkedHashMap<>();
    if (changePointIds.isEmpty()) {
      return byChangePoint;
    }
    for (BisectView view : views(repository.forChangePoints(changePointIds))) {
      byChangePoint
          .computeIfAbsent(view.bisect().changePointId(), id -> new ArrayList<>())
          .add(view);
    }
    return byChangePoint;
  }

  /** The views of a series' bisects, newest first, in three queries. */
  public List<BisectView> viewsForSeries(long seriesId) {
    return views(repository.forSeries(seriesId));
  }

  private List<BisectView> views(List<Bisect> found) {
    if (found.isEmpty()) {
      return List.of();
    }
    List<Long> ids = found.stream().map(Bisect::id).toList();
    Map<Long, List<BisectCommit>> commits = repository.commits(ids);
    Map<Long, List<BisectProbe>> probes = repository.probes(ids);
    return found.stream()
        .map(
            b ->
                BisectView.of(
                    b,
                    linked(commits.getOrDefault(b.id(), List.of())),
                    probes.getOrDefault(b.id(), List.of())))
        .toList();
  }

  private List<BisectCommit> linked(List<BisectCommit> commits) {
    return commits.stream()
        .map(
            c ->
                new BisectCommit(
                    c.position(),
                    c.sha(),
                    c.subject(),
                    c.author(),
                    c.committedAt(),
                    c.unbuildable(),
                    links.commit(c.sha())))
        .toList();
  }

  public List<Bisect> recent(int limit) {
    return recent(limit, 0);
  }

  /** As {@link #recent(int)}, after skipping the newest {@code offset}: a later page. */
  public List<Bisect> recent(int limit, int offset) {
    return repository.recent(Math.max(1, Math.min(limit, 500)), Math.max(0, offset));
  }

  public List<Bisect> forChangePoint(long changePointId) {
    return repository.forChangePoint(changePointId);
  }

  public List<Bisect> forSeries(long seriesId) {
    return repository.forSeries(seriesId);
  }

  /**
   * Stops a running bisect and its comparison under way; 409 (IllegalStateException) once ended.
   */
  public BisectView cancel(long id, String user) {
    BisectView view = view(id);
    if (!repository.end(id, Bisect.CANCELLED, "cancelled by " + user)) {
      throw new IllegalStateException(
          "bisect " + id + " has already ended " + view.bisect().state());
    }
    for (BisectProbe probe : view.probes()) {
      if (probe.verdict() == null && probe.comparisonId() != null) {
        ComparisonView comparison = comparisons.get(probe.comparisonId());
        if (comparison.status() == RunStatus.QUEUED || comparison.status() == RunStatus.RUNNING) {
          try {
            comparisons.cancel(probe.comparisonId());
          } catch (IllegalStateException e) {
            // It ended in between: nothing left to stop.
          }
        }
      }
    }
    return view(id);
  }

  /**
   * Annotates the culprit (or the range's newest commit) on its series, or on the benchmark's
   * charts when the bisect did not start from a series; once per bisect.
   */
  public Annotation annotate(long id, String user) {
    BisectView view = view(id);
    Bisect b = view.bisect();
    if (b.annotationId() != null) {
      return annotations.get(b.annotationId());
    }
    if (!Bisect.FOUND.equals(b.state()) && !Bisect.RANGE.equals(b.state())) {
      throw new IllegalStateException(
          "bisect " + id + " has no culprit to annotate (" + b.state() + ")");
    }
    BisectCommit culprit = view.bad();
    String what =
        view.culprit() != null
            ? culprit.shortSha() + " " + culprit.subject()
            : view.suspects().size() + " commits up to " + culprit.shortSha();
    String text = "Bisect " + id + ": " + what;
    String longText = culprit.url() != null ? culprit.url() : "commit " + culprit.sha();
    String shortText = text.length() > 200 ? text.substring(0, 199) + "…" : text;
    Annotation annotation;
    if (b.seriesId() != null) {
      annotation = annotations.create(note(culprit, shortText, longText, "series", b), user);
    } else {
      try {
        annotation = annotations.create(note(culprit, shortText, longText, "group", b), user);
      } catch (IllegalArgumentException e) {
        // No series of the benchmark yet (a bisect of two commits on a new machine, say): every
        // chart carries it, rather than none.
        annotation = annotations.create(note(culprit, shortText, longText, "all", b), user);
      }
    }
    repository.annotated(id, annotation.id());
    return annotation;
  }

  private static AnnotationRequest note(
      BisectCommit culprit, String shortText, String longText, String scope, Bisect b) {
    return new AnnotationRequest(
        culprit.committedAt().toString(),
        null,
        shortText,
        longText,
        "code",
        scope,
        "series".equals(scope) ? b.seriesId() : null,
        "group".equals(scope) ? b.benchmark() : null);
  }

  private static void checkMeasurement(BisectTarget t) {
    BenchmarkCatalogue.comparable(t.benchmark());
    if (t.task() == null || !NAME.matcher(t.task()).matches()) {
      throw new IllegalArgumentException(
          "task '" + t.task() + "' is no task name such as OrHighHigh");
    }
    if (SearchSpec.DEFINITION.name().equals(t.benchmark().strip())
        && !HarnessTasks.CATEGORIES.contains(t.task())) {
      throw new IllegalArgumentException(
          "unknown search task " + t.task() + ": use a task category such as OrHighHigh");
    }
    if (t.metric() == null || !NAME.matcher(t.metric()).matches()) {
      throw new IllegalArgumentException(
          "metric '" + t.metric() + "' is no metric name such as qps");
    }
  }
}
