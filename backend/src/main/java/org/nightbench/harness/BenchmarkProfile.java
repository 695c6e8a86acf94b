package org.nightbench.harness;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.nightbench.protocol.BenchmarkDefinition;
import org.nightbench.protocol.GenerateTasksSpec;
import org.nightbench.protocol.IndexSpec;
import org.nightbench.protocol.NrtSpec;
import org.nightbench.protocol.SearchSpec;
import org.nightbench.protocol.StepSpec;
import org.springframework.boot.context.properties.bind.Name;

/**
 * How thoroughly a run measures: a named set of harness settings. The profile's name is part of
 * every series' identity, and each point records the settings its step ran with (series identity's
 * segments). This record holds what belongs to the run rather than to one benchmark; each
 * benchmark's settings are its section, bound straight into its spec record ({@link
 * ProfileSections}: {@code search.repetitions} into {@link SearchSpec}, {@code nrt[0].…} into
 * {@link NrtSpec}, …), whose defaults and checks are the only ones. The run supplies the paths and
 * seeds.
 *
 * @param maxDocs documents indexed from the corpus when an indexing variant names no {@code
 *     max-docs} of its own, and embedded when {@code knn.max-docs} is left out; 0 for all
 * @param searchJvms how many fresh JVMs measure search; the error band is ±1σ over them
 * @param taskSeed seed of task generation and of every benchmark's order of queries and keys, so
 *     every run of a series asks the same queries (search JVM {@code i} adds {@code i})
 * @param tasksFile a luceneutil task file to use as-is instead of generating one; null to generate
 * @param jvmArgs flags of every forked harness JVM
 * @param loadDirectories the Directories the load sweep runs on ({@code load.directories}), one JVM
 *     and series each, read beside the {@code load} section's settings
 * @param storedFieldsModes the modes the stored fields benchmark runs in ({@code
 *     stored-fields.modes}), one JVM and series each, read beside its section's settings
 * @param disturbance when the calibration marks a run disturbed ({@code
 *     calibration.disturbed-percent}, {@code calibration.window}, {@code calibration.min-runs})
 * @param stepTimeout a harness JVM of this profile running longer is killed and its benchmark
 *     fails; null takes the runner's
 * @param jfr true when the search and indexing JVMs record a Java Flight Recorder profile (a few
 *     per cent of their speed), summarised with the run
 * @param sections every benchmark's section, bound into its spec record; {@link ProfileSections}
 *     fills it from the same properties
 */
public record BenchmarkProfile(
    int maxDocs,
    int searchJvms,
    long taskSeed,
    Path tasksFile,
    List<String> jvmArgs,
    @Name("load") LoadDirectories loadDirectories,
    @Name("stored-fields") StoredFieldsModes storedFieldsModes,
    @Name("calibration") DisturbanceCheck disturbance,
    Duration stepTimeout,
    boolean jfr,
    ProfileSections sections) {

  public BenchmarkProfile {
    if (searchJvms < 1) {
      throw new IllegalArgumentException("search-jvms must be at least 1, got " + searchJvms);
    }
    jvmArgs = jvmArgs == null ? List.of() : List.copyOf(jvmArgs);
    loadDirectories = loadDirectories != null ? loadDirectories : LoadDirectories.MMAP;
    storedFieldsModes = storedFieldsModes != null ? storedFieldsModes : StoredFieldsModes.BOTH;
    disturbance = disturbance != null ? disturbance : DisturbanceCheck.DEFAULT;
    sections = sections != null ? sections : ProfileSections.NONE;
  }

  /** The same profile with its benchmarks' sections ({@link ProfileSections#bind}). */
  public BenchmarkProfile withSections(ProfileSections bound) {
    return new BenchmarkProfile(
        maxDocs,
        searchJvms,
        taskSeed,
        tasksFile,
        jvmArgs,
        loadDirectories,
        storedFieldsModes,
        disturbance,
        stepTimeout,
        jfr,
        bound);
  }

  /**
   * The same profile as one side of a comparison runs it: its forked JVMs' flags replaced, JFR
   * profiles recorded or not.
   */
  public BenchmarkProfile asSide(List<String> flags, boolean record) {
    return new BenchmarkProfile(
        maxDocs,
        searchJvms,
        taskSeed,
        tasksFile,
        flags,
        loadDirectories,
        storedFieldsModes,
        disturbance,
        stepTimeout,
        record,
        sections);
  }

  /** The profile's section of {@code benchmark}, bound into its spec record; empty for none. */
  public Optional<StepSpec> section(BenchmarkDefinition benchmark) {
    return sections.section(benchmark.name());
  }

  /** The profile's section bound into {@code spec}; empty when the profile has none. */
  public <S extends StepSpec> Optional<S> section(Class<S> spec) {
    return sections.section(ProfileSections.sectionName(spec)).map(spec::cast);
  }

  /** The search JVMs' settings ({@code search.*}): the section's, else the record's defaults. */
  public SearchSpec search() {
    return section(SearchSpec.class).orElseGet(() -> SpecCopies.defaults(SearchSpec.class));
  }

  /** Task generation's settings ({@code generate-tasks.*}), else the record's defaults. */
  public GenerateTasksSpec generateTasks() {
    return section(GenerateTasksSpec.class)
        .orElseGet(() -> SpecCopies.defaults(GenerateTasksSpec.class));
  }

  /** The indexing variants, each in its own JVM and series ({@code indexing[i].*}). */
  public List<IndexSpec> indexing() {
    return sections.indexing();
  }

  /** The NRT variants by name, each in its own JVM on a copy of the index ({@code nrt[i].*}). */
  public Map<String, NrtSpec> nrt() {
    return sections.nrt();
  }

  /** The variant whose index the query benchmarks read. */
  public IndexSpec searchIndex() {
    return indexing().get(0);
  }
}
