package org.nightbench.harness;

import java.lang.reflect.RecordComponent;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.nightbench.protocol.BenchmarkDefinition;
import org.nightbench.protocol.Benchmarks;
import org.nightbench.protocol.StepSpec;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.Name;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/**
 * Binds a profile's section of each benchmark ({@code nightbench.runner.profiles.<profile>.<the
 * benchmark's name>.<setting>}) straight into the benchmark's spec record, as Spring binds the
 * profile itself: the record's defaults fill what the section leaves out and its checks stop the
 * start on a bad value. A new benchmark's section needs no component of {@link BenchmarkProfile};
 * the sections the profile record holds itself ({@code knn}, {@code load}, {@code measurements}, …)
 * stay its own.
 */
public final class ProfileSections {

  private static final String SECTION = "section";

  /** The names of the profile's own sections, as they are spelled in the properties. */
  private static final Set<String> OWN =
      Stream.of(BenchmarkProfile.class.getRecordComponents())
          .map(ProfileSections::propertyName)
          .collect(Collectors.toUnmodifiableSet());

  private ProfileSections() {}

  /**
   * The profiles with their benchmarks' sections bound.
   *
   * @param raw every profile's properties as nested maps, by profile name
   */
  public static Map<String, BenchmarkProfile> bind(
      Map<String, BenchmarkProfile> profiles, Map<String, Map<String, Object>> raw) {
    Map<String, BenchmarkProfile> bound = new LinkedHashMap<>();
    profiles.forEach(
        (name, profile) -> {
          try {
            bound.put(name, profile.withBenchmarks(sections(raw.getOrDefault(name, Map.of()))));
          } catch (RuntimeException e) {
            throw new IllegalArgumentException("profile " + name + ": " + e.getMessage(), e);
          }
        });
    return bound;
  }

  /** The sections of one profile's properties that are benchmarks' it has no component for. */
  public static Map<String, StepSpec> sections(Map<String, Object> profile) {
    Map<String, StepSpec> sections = new LinkedHashMap<>();
    for (BenchmarkDefinition benchmark : Benchmarks.all()) {
      if (!OWN.contains(benchmark.name())
          && profile.get(benchmark.name()) instanceof Map<?, ?> section) {
        sections.put(benchmark.name(), bind(benchmark, section));
      }
    }
    return sections;
  }

  private static StepSpec bind(BenchmarkDefinition benchmark, Map<?, ?> section) {
    Map<String, Object> flat = new LinkedHashMap<>();
    flatten(SECTION, section, flat);
    Binder binder = new Binder(new MapConfigurationPropertySource(flat));
    try {
      return binder.bind(SECTION, Bindable.of(benchmark.spec())).get();
    } catch (RuntimeException e) {
      Throwable cause = e;
      while (cause.getCause() != null && !(cause instanceof IllegalArgumentException)) {
        cause = cause.getCause();
      }
      throw new IllegalArgumentException(benchmark.name() + ": " + cause.getMessage(), e);
    }
  }

  private static void flatten(String prefix, Map<?, ?> values, Map<String, Object> into) {
    values.forEach(
        (key, value) -> {
          String name = prefix + "." + key;
          if (value instanceof Map<?, ?> nested) {
            flatten(name, nested, into);
          } else {
            into.put(name, value);
          }
        });
  }

  private static String propertyName(RecordComponent component) {
    Name renamed = component.getAnnotation(Name.class);
    String name = renamed != null ? renamed.value() : component.getName();
    return name.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
  }
}
