package org.nightbench.harness.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nightbench.harness.BenchmarkProfile;
import org.nightbench.harness.ConfiguredProfiles;
import org.nightbench.harness.EmbeddingModel;
import org.nightbench.harness.ProfileSections;
import org.nightbench.harness.ProfileSpecs;
import org.nightbench.harness.SpecCopies;
import org.nightbench.protocol.BareLoopSpec;
import org.nightbench.protocol.CalibrateSpec;
import org.nightbench.protocol.CheckIndexSpec;
import org.nightbench.protocol.EmbedSpec;
import org.nightbench.protocol.LoadSpec;
import org.nightbench.protocol.Required;
import org.nightbench.protocol.SpecTypes;
import org.nightbench.protocol.StepSpec;
import org.nightbench.protocol.spec.SpecFile;

/**
 * "Add a setting" (docs/reference/add-a-benchmark.md) is three files because every setting of every
 * benchmark is a profile key already: for each component of each spec record, the profile key of
 * its kebab-case name in the benchmark's section ({@code search.warmup-window}, {@code
 * nrt[0].merge-mb-per-sec}, {@code indexing[0].doc-chars}, …), set to a value other than the
 * default, reaches the spec file the nightly run writes for the harness. A component added to a
 * record is checked here with no line of this test, so a section that stops binding into its
 * record, or a plan that builds a spec without the section's value, fails it.
 */
class EverySettingIsAProfileKeyTest {

  private static final String P = "nightbench.runner.profiles.every.";
  private static final Path WORK = Path.of("/w");

  /**
   * What a profile cannot set, and why: the run supplies its paths ({@code @Required} or of type
   * Path) and its seeds; the rest is the plan's by design.
   */
  private static final Map<String, String> SUPPLIED =
      Map.of(
          "seed",
          "the run's task seed (search JVM i adds i)",
          CheckIndexSpec.class.getSimpleName() + ".variant",
          "the name of the index checked",
          LoadSpec.class.getSimpleName() + ".directory",
          "one JVM per load.directories entry");

  /** Records that are no profile section. */
  private static final Map<Class<? extends StepSpec>, String> NO_SECTION =
      Map.of(
          EmbedSpec.class, "sized by the knn section, whose documents it embeds",
          BareLoopSpec.class, "a hand-run diagnostic no run plans");

  @Test
  void everySettingOfEveryBenchmarkReachesTheSpecFileFromItsProfileKey(@TempDir Path tmp)
      throws Exception {
    List<String> checked = new ArrayList<>();
    for (Class<? extends StepSpec> spec : SpecTypes.all().values()) {
      if (NO_SECTION.containsKey(spec)) {
        continue;
      }
      for (RecordComponent component : spec.getRecordComponents()) {
        if (supplied(spec, component)) {
          continue;
        }
        String key = kebab(component.getName());
        Optional<Object> value = anotherValue(spec, component);
        assertThat(value).as("a value of %s.%s other than its default", spec, key).isPresent();

        Map<String, Object> properties = profile(spec, key, value.get());
        BenchmarkProfile profile = ConfiguredProfiles.bind(properties).get("every");
        List<StepSpec> written = written(profile, spec, tmp);

        assertThat(written)
            .as("%s's steps of a profile with %s", spec.getSimpleName(), key)
            .isNotEmpty();
        for (StepSpec step : written) {
          Object actual = component.getAccessor().invoke(step);
          String what = properties + " in the spec file of " + spec.getSimpleName();
          if (value.get() instanceof List<?> list) {
            // A list may gain the run's own entries (pk-postings measures the default first).
            @SuppressWarnings("unchecked")
            List<Object> entries = (List<Object>) actual;
            assertThat(entries).as(what).containsAll(list);
          } else {
            assertThat(actual).as(what).isEqualTo(value.get());
          }
        }
        checked.add(ProfileSections.sectionName(spec) + "." + key);
      }
    }
    assertThat(checked)
        .contains(
            "search.repetitions",
            "search.warmup-window",
            "generate-tasks.per-category",
            "indexing.doc-chars",
            "indexing.ram-buffer-mb",
            "nrt.reopen-interval-ms",
            "nrt.ram-buffer-mb",
            "nrt.variant",
            "pk-lookup.batches",
            "stored-fields.rounds",
            "pk-postings.formats",
            "cold-search.queries",
            "load.p99-limit-ms",
            "knn.k",
            "vector-indexing.ram-buffer-mb",
            "calibration.memory-mb",
            "facet-timings.warmup");
  }

  /**
   * A profile running {@code spec}'s benchmark with {@code key} set: the run-level settings, the
   * section, and the section vectors need ({@code knn}).
   */
  private static Map<String, Object> profile(
      Class<? extends StepSpec> spec, String key, Object value) {
    Map<String, Object> properties = new LinkedHashMap<>();
    properties.put(P + "search-jvms", "1");
    properties.put(P + "task-seed", "7");
    String section = ProfileSections.sectionName(spec);
    if (!section.equals("knn")) {
      properties.put(P + "knn", "true");
    }
    String text =
        value instanceof List<?> list
            ? String.join(",", list.stream().map(String::valueOf).toList())
            : String.valueOf(value);
    if (section.equals(ProfileSections.NRT)) {
      properties.put(P + "nrt[0].name", "one");
      properties.put(P + "nrt[0]." + key, text);
    } else if (section.equals("indexing")) {
      properties.put(P + "indexing[0]." + key, text);
    } else {
      properties.put(P + section + "." + key, text);
    }
    return properties;
  }

  /** The specs of {@code spec}'s steps as the nightly run writes and the harness reads them. */
  private static List<StepSpec> written(
      BenchmarkProfile profile, Class<? extends StepSpec> spec, Path tmp) throws Exception {
    List<StepSpec> planned = new ArrayList<>();
    if (spec == CalibrateSpec.class) {
      // Timed around the plan (NightlyBenchmarks.calibrate), from the same section.
      planned.add(new ProfileSpecs(profile).calibrate());
    }
    StepPlan plan =
        new BenchmarkPlanner(
                profile,
                Path.of("/c/corpus.gz"),
                WORK,
                new EmbeddingModel(Path.of("/cache"), List::of))
            .nightly();
    Set<Product> made = EnumSet.allOf(Product.class);
    for (PlanStep step : plan.steps()) {
      if (step instanceof PlanStep.Measure measure) {
        planned.add(measure.spec().given(made));
      } else if (step instanceof PlanStep.Together together) {
        together.jvms().forEach(jvm -> planned.add(jvm.spec().given(made)));
      } else if (step instanceof PlanStep.Prepare prepare) {
        planned.add(prepare.spec().given(made));
      }
    }
    List<StepSpec> written = new ArrayList<>();
    for (StepSpec step : planned) {
      if (step.getClass() == spec) {
        Path file = tmp.resolve("spec-" + written.size() + ".json");
        SpecFile.write(file, step);
        written.add(SpecFile.read(file));
      }
    }
    return written;
  }

  private static boolean supplied(Class<? extends StepSpec> spec, RecordComponent component) {
    return component.isAnnotationPresent(Required.class)
        || Path.class.isAssignableFrom(component.getType())
        || SUPPLIED.containsKey(component.getName())
        || SUPPLIED.containsKey(spec.getSimpleName() + "." + component.getName());
  }

  /**
   * A value of {@code component} its record accepts that differs from the record's default: the
   * first of a few candidates of its type.
   */
  private static Optional<Object> anotherValue(
      Class<? extends StepSpec> spec, RecordComponent component) throws Exception {
    StepSpec defaults = SpecCopies.defaults(spec);
    Object fallback = component.getAccessor().invoke(defaults);
    for (Object candidate : candidates(component, fallback)) {
      if (Objects.equals(candidate, fallback)) {
        continue;
      }
      try {
        SpecCopies.with(defaults, Map.of(component.getName(), candidate));
        return Optional.of(candidate);
      } catch (IllegalArgumentException refused) {
        // Not a value this setting takes; try the next.
      }
    }
    return Optional.empty();
  }

  private static List<Object> candidates(RecordComponent component, Object fallback) {
    Class<?> type = component.getType();
    if (type == Integer.class) {
      int base = fallback == null ? 1 : (Integer) fallback;
      return List.of(base + 1, base + 2, 2, 1, 0);
    }
    if (type == Long.class) {
      long base = fallback == null ? 1 : (Long) fallback;
      return List.of(base + 1, 7L, 0L);
    }
    if (type == Double.class) {
      double base = fallback == null ? 1 : (Double) fallback;
      return List.of(base + 1.5, 2.5, 0.5, 0.0);
    }
    if (type == Boolean.class) {
      return List.of(fallback == null || !((Boolean) fallback), true, false);
    }
    if (type == String.class) {
      return List.of(
          "nio", "log-doc", "merging", "euclidean", "speed", "compression", "mmap", "x1");
    }
    if (type == List.class
        && component.getGenericType() instanceof ParameterizedType list
        && list.getActualTypeArguments()[0] == Integer.class) {
      return List.of(List.of(7), List.of(1, 2));
    }
    if (type == List.class) {
      return List.of(
          List.of("int8"), List.of("bq"), List.of("Direct"), List.of("HighTerm"), List.of("x1"));
    }
    throw new AssertionError("no candidate values of " + component + "; add some here");
  }

  private static String kebab(String name) {
    return name.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
  }
}
