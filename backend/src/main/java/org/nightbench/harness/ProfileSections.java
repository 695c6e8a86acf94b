package org.nightbench.harness;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.nightbench.protocol.Benchmarks;
import org.nightbench.protocol.IndexSpec;
import org.nightbench.protocol.NrtSpec;
import org.nightbench.protocol.SpecTypes;
import org.nightbench.protocol.StepSpec;
import org.springframework.boot.context.properties.bind.BindHandler;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.Name;
import org.springframework.boot.context.properties.bind.UnboundConfigurationPropertiesException;
import org.springframework.boot.context.properties.bind.handler.NoUnboundElementsBindHandler;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/**
 * A profile's sections, each bound straight into a spec record ({@code
 * nightbench.runner.profiles.<profile>.<section>.<setting>}), as Spring binds the profile itself:
 * the record's defaults fill what a section leaves out and its compact constructor's checks stop
 * the start on a bad value. A section is named as its benchmark ({@code search}, {@code pk-lookup},
 * {@code stored-fields}, {@code toy}, …) or, for a step that is no benchmark, as its spec ({@code
 * generate-tasks}); a setting is its record component in kebab case. So a setting added to a record
 * is settable in every profile with no line of the backend, and a benchmark added needs no
 * component of {@link BenchmarkProfile}.
 *
 * <p>Two sections are lists, one JVM and series per entry ({@code [i]} numbers them): {@code
 * indexing[i]}, an {@link IndexSpec} each (its {@code variant} names it, the series' task), and
 * {@code nrt[i]}, a {@code name} (the series' task) and an {@link NrtSpec} each. A section given as
 * {@code true} runs its benchmark at the record's defaults ({@code check-index=true}).
 *
 * @param benchmarks the sections that are one record each, by section name
 * @param indexing the indexing variants in order; none given: one at the defaults. The first one's
 *     index (on disk) is the one every query benchmark reads
 * @param nrt the NRT variants by name, in order
 */
public record ProfileSections(
    Map<String, StepSpec> benchmarks, List<IndexSpec> indexing, Map<String, NrtSpec> nrt) {

  /** The list sections' names. */
  public static final String INDEXING = IndexSpec.DEFINITION.name();

  public static final String NRT = NrtSpec.DEFINITION.name();

  /** The key of an NRT entry's name, beside its record's settings. */
  static final String NAME = "name";

  private static final String SECTION = "section";

  /**
   * Settings a section holds beside its record's, which the profile itself reads: a record
   * component of {@link BenchmarkProfile} named as the section ({@code load.directories}, {@code
   * stored-fields.modes}, {@code calibration.disturbed-percent}), by section name.
   */
  private static final Map<String, Set<String>> COMPANIONS = companions();

  /** A profile without sections: one indexing variant at the defaults and nothing else. */
  public static final ProfileSections NONE = new ProfileSections(null, null, null);

  public ProfileSections {
    benchmarks = benchmarks == null ? Map.of() : Map.copyOf(benchmarks);
    indexing =
        indexing == null || indexing.isEmpty()
            ? List.of(SpecCopies.defaults(IndexSpec.class))
            : List.copyOf(indexing);
    if (indexing.get(0).directory().equals("bytebuffers")) {
      throw new IllegalArgumentException(
          INDEXING
              + "[0] ('"
              + indexing.get(0).variant()
              + "') builds the index the query benchmarks read, so it cannot be on heap"
              + " (directory bytebuffers)");
    }
    if (indexing.stream().map(IndexSpec::variant).distinct().count() != indexing.size()) {
      throw new IllegalArgumentException(
          INDEXING
              + " variants must differ: "
              + indexing.stream().map(IndexSpec::variant).toList());
    }
    nrt = nrt == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(nrt));
  }

  /** The section of this name, bound into its record; empty when the profile has none. */
  public Optional<StepSpec> section(String name) {
    return Optional.ofNullable(benchmarks.get(name));
  }

  /**
   * The profiles with their sections bound.
   *
   * @param raw every profile's properties as nested maps, by profile name
   * @throws IllegalArgumentException one line naming the profile, the section and the setting
   */
  public static Map<String, BenchmarkProfile> bind(
      Map<String, BenchmarkProfile> profiles, Map<String, Map<String, Object>> raw) {
    Map<String, BenchmarkProfile> bound = new LinkedHashMap<>();
    profiles.forEach(
        (name, profile) -> {
          try {
            Map<String, Object> properties = raw.getOrDefault(name, Map.of());
            RenamedSettings.check(properties);
            bound.put(name, profile.withSections(of(properties)));
          } catch (RuntimeException e) {
            throw new IllegalArgumentException("profile " + name + ": " + e.getMessage(), e);
          }
        });
    return bound;
  }

  /** One profile's sections, from its properties as nested maps. */
  public static ProfileSections of(Map<String, Object> profile) {
    List<IndexSpec> indexing = new ArrayList<>();
    entries(profile, INDEXING)
        .forEach(
            (i, entry) -> indexing.add(bind(INDEXING + "[" + i + "]", IndexSpec.class, entry)));
    Map<String, NrtSpec> nrt = new LinkedHashMap<>();
    entries(profile, NRT)
        .forEach(
            (i, entry) -> {
              String what = NRT + "[" + i + "]";
              Map<Object, Object> settings = new LinkedHashMap<>(entry);
              String name =
                  ProfileChecks.name(what, settings.remove(NAME) instanceof String s ? s : null);
              if (nrt.put(name, bind(what, NrtSpec.class, settings)) != null) {
                throw new IllegalArgumentException(NRT + " variant names must differ: " + name);
              }
            });
    return new ProfileSections(sections(profile), indexing, nrt);
  }

  /**
   * The sections of one profile's properties that are one record each, by section name: every spec
   * record's but the list sections'.
   */
  public static Map<String, StepSpec> sections(Map<String, Object> profile) {
    Map<String, StepSpec> sections = new LinkedHashMap<>();
    for (Class<? extends StepSpec> spec : SpecTypes.all().values()) {
      String name = sectionName(spec);
      if (name.equals(INDEXING) || name.equals(NRT) || !profile.containsKey(name)) {
        continue;
      }
      Object section = profile.get(name);
      if (section instanceof Map<?, ?> settings) {
        Map<Object, Object> own = new LinkedHashMap<>(settings);
        own.keySet().removeAll(COMPANIONS.getOrDefault(name, Set.of()));
        sections.put(name, bind(name, spec, own));
      } else if ("true".equals(String.valueOf(section).strip())) {
        sections.put(name, bind(name, spec, Map.of()));
      } else if (!"false".equals(String.valueOf(section).strip())) {
        throw new IllegalArgumentException(
            name + " must be a section of settings, true or false, got '" + section + "'");
      }
    }
    return sections;
  }

  /**
   * The section a spec record binds: its benchmark's name, else its own ({@code generate-tasks}).
   */
  public static String sectionName(Class<? extends StepSpec> spec) {
    return Benchmarks.of(spec).map(b -> b.name()).orElseGet(() -> SpecTypes.nameOf(spec));
  }

  /** A list section's entries ({@code nrt[0]}, {@code nrt[1]}, …) in their numbers' order. */
  private static Map<Integer, Map<?, ?>> entries(Map<String, Object> profile, String name) {
    Map<Integer, Map<?, ?>> entries = new java.util.TreeMap<>(Comparator.naturalOrder());
    Object list = profile.get(name);
    if (list == null) {
      return entries;
    }
    if (!(list instanceof Map<?, ?> numbered)) {
      throw new IllegalArgumentException(name + " must be a list: " + name + "[0].…, got " + list);
    }
    numbered.forEach(
        (index, entry) -> {
          if (!(entry instanceof Map<?, ?> settings) || !String.valueOf(index).matches("\\d+")) {
            throw new IllegalArgumentException(
                name + " must be a list: " + name + "[0].…, got " + name + "." + index);
          }
          entries.put(Integer.parseInt(String.valueOf(index)), settings);
        });
    return entries;
  }

  private static <S extends StepSpec> S bind(String what, Class<S> spec, Map<?, ?> section) {
    Map<String, Object> flat = new LinkedHashMap<>();
    flatten(SECTION, section, flat);
    Binder binder = new Binder(new MapConfigurationPropertySource(flat));
    try {
      // Every key must be one of the record's settings: a misspelt one would otherwise leave its
      // setting at the default while the profile seems to say otherwise.
      return binder.bindOrCreate(
          SECTION, Bindable.of(spec), new NoUnboundElementsBindHandler(BindHandler.DEFAULT));
    } catch (RuntimeException e) {
      Optional<String> unknown = unknownSetting(e);
      if (unknown.isPresent()) {
        throw new IllegalArgumentException(
            what
                + ": unknown setting "
                + unknown.get()
                + "; "
                + spec.getSimpleName()
                + " has "
                + settingNames(spec),
            e);
      }
      Throwable cause = e;
      while (cause.getCause() != null && !(cause instanceof IllegalArgumentException)) {
        cause = cause.getCause();
      }
      throw new IllegalArgumentException(what + ": " + cause.getMessage(), e);
    }
  }

  /** The first setting a binding left unbound, without the section's prefix; empty if none. */
  private static Optional<String> unknownSetting(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof UnboundConfigurationPropertiesException unbound) {
        return unbound.getUnboundProperties().stream()
            .map(p -> p.getName().toString().substring(SECTION.length() + 1))
            .sorted()
            .findFirst();
      }
    }
    return Optional.empty();
  }

  private static Map<String, Set<String>> companions() {
    Map<String, Set<String>> companions = new LinkedHashMap<>();
    for (RecordComponent c : BenchmarkProfile.class.getRecordComponents()) {
      // @Name reaches a record's fields and constructor parameters, not its components.
      Name section;
      try {
        section = BenchmarkProfile.class.getDeclaredField(c.getName()).getAnnotation(Name.class);
      } catch (NoSuchFieldException e) {
        throw new IllegalStateException(e);
      }
      if (section != null && c.getType().isRecord()) {
        companions.put(
            section.value(),
            Arrays.stream(c.getType().getRecordComponents())
                .map(own -> StepSettings.kebab(own.getName()))
                .collect(Collectors.toUnmodifiableSet()));
      }
    }
    return Map.copyOf(companions);
  }

  /** A record's settings as a profile writes them, in kebab case. */
  private static String settingNames(Class<? extends StepSpec> spec) {
    return Arrays.stream(spec.getRecordComponents())
        .map(c -> StepSettings.kebab(c.getName()))
        .collect(Collectors.joining(", "));
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
}
