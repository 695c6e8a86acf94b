package org.nightbench.profiles;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** What pages and the API read of stored profiles: hottest methods, flame graphs and diffs. */
@Service
@Transactional(readOnly = true)
public class ProfileService {

  /** Methods a run page lists per benchmark. */
  public static final int HOTTEST = 20;

  /** Methods a diff lists per benchmark, in each of its two tables (self, total). */
  public static final int DIFF_ROWS = 15;

  private final ProfileRepository repository;

  ProfileService(ProfileRepository repository) {
    this.repository = repository;
  }

  /**
   * A run's profiles (of one comparison side, or {@link ProfileRecorder#NO_SIDE}) with their
   * hottest methods.
   */
  public List<HotMethods> hottest(long runId, String side) {
    return repository.ofRun(runId, side).stream()
        .map(profile -> new HotMethods(profile, repository.hottest(profile, HOTTEST)))
        .toList();
  }

  /**
   * The diff of every benchmark both have been profiled for: {@code before}'s profiles against
   * {@code after}'s, each a run and a side; empty when they share no profiled benchmark.
   */
  public List<ProfileDiff> diffs(
      long beforeRun, String beforeSide, long afterRun, String afterSide) {
    Map<String, ProfileSummary> before =
        repository.ofRun(beforeRun, beforeSide).stream()
            .collect(Collectors.toMap(ProfileSummary::benchmark, Function.identity()));
    List<ProfileDiff> diffs = new ArrayList<>();
    for (ProfileSummary after : repository.ofRun(afterRun, afterSide)) {
      ProfileSummary was = before.get(after.benchmark());
      if (was != null) {
        diffs.add(
            ProfileDiff.of(
                after.benchmark(),
                was,
                repository.methods(was),
                after,
                repository.methods(after),
                DIFF_ROWS));
      }
    }
    return diffs;
  }

  /** Every method of a profile, for a client that ranks them its own way. */
  public List<MethodShare> methods(ProfileSummary profile) {
    return repository.methods(profile);
  }

  /** The flame graph page of a stored profile; empty when there is no profile {@code id}. */
  public Optional<String> flameGraph(long id) {
    return repository
        .find(id)
        .flatMap(
            profile ->
                repository
                    .collapsed(id)
                    .map(
                        gzip ->
                            JfrRecordings.flameGraph(
                                CollapsedStacks.gunzip(gzip), title(profile))));
  }

  private static String title(ProfileSummary profile) {
    return "Run "
        + profile.runId()
        + (profile.side().isEmpty() ? "" : " " + profile.side())
        + ": "
        + profile.benchmark()
        + " ("
        + profile.jvms()
        + " JVMs, "
        + profile.samples()
        + " samples)";
  }
}
