package org.nightbench.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Parameter;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.Name;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.type.filter.AnnotationTypeFilter;
import org.springframework.util.ClassUtils;

/**
 * The {@code nightbench.*} properties the application reads: the components of its
 * {@code @ConfigurationProperties} records (a map is a family, {@code prefix.name.*}), the
 * placeholders and conditions in its sources ({@code @Value("${nightbench.…}")},
 * {@code @ConditionalOnProperty}) and the keys of its {@code application*.properties}.
 */
final class ApplicationProperties {

  private static final Pattern IN_SOURCE =
      Pattern.compile("(?:\\$\\{|name\\s*=\\s*\")(nightbench\\.[a-z0-9.-]*[a-z0-9])");

  private ApplicationProperties() {}

  static TreeSet<String> read(Path root) {
    TreeSet<String> names = new TreeSet<>(fromConfigurationProperties());
    names.addAll(fromSources(root.resolve("backend/src/main/java")));
    names.addAll(fromPropertiesFiles(root.resolve("backend/src/main/resources")));
    return names;
  }

  /** The records annotated {@code @ConfigurationProperties} under {@code org.nightbench}. */
  static TreeSet<String> fromConfigurationProperties() {
    var scanner = new ClassPathScanningCandidateComponentProvider(false);
    scanner.addIncludeFilter(new AnnotationTypeFilter(ConfigurationProperties.class));
    TreeSet<String> names = new TreeSet<>();
    for (BeanDefinition candidate : scanner.findCandidateComponents("org.nightbench")) {
      Class<?> type =
          ClassUtils.resolveClassName(
              candidate.getBeanClassName(), ApplicationProperties.class.getClassLoader());
      ConfigurationProperties annotation = type.getAnnotation(ConfigurationProperties.class);
      String prefix = annotation.prefix().isEmpty() ? annotation.value() : annotation.prefix();
      if (prefix.startsWith("nightbench.")) {
        collect(prefix, type, names);
      }
    }
    return names;
  }

  private static void collect(String prefix, Class<?> type, TreeSet<String> names) {
    if (!type.isRecord()) {
      throw new IllegalStateException(type + ": only records are read as configuration here");
    }
    RecordComponent[] components = type.getRecordComponents();
    Parameter[] parameters = canonical(type, components).getParameters();
    for (int i = 0; i < components.length; i++) {
      RecordComponent component = components[i];
      // As the binder names it: a parameter may be bound from another key (@Name).
      Name renamed = parameters[i].getAnnotation(Name.class);
      String name = prefix + "." + kebab(renamed != null ? renamed.value() : component.getName());
      Class<?> raw = component.getType();
      if (Map.class.isAssignableFrom(raw)) {
        names.add(name + ".*");
      } else if (raw.isRecord() && raw.getName().startsWith("org.nightbench.")) {
        collect(name, raw, names);
      } else {
        names.add(name);
      }
    }
  }

  private static Constructor<?> canonical(Class<?> type, RecordComponent[] components) {
    try {
      return type.getDeclaredConstructor(
          Stream.of(components).map(RecordComponent::getType).toArray(Class<?>[]::new));
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException(type + " has no canonical constructor", e);
    }
  }

  /** {@code keepFailedWorkFor} → {@code keep-failed-work-for}. */
  static String kebab(String camel) {
    return camel.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(java.util.Locale.ROOT);
  }

  static TreeSet<String> fromSources(Path sources) {
    TreeSet<String> names = new TreeSet<>();
    try (Stream<Path> files = Files.walk(sources)) {
      for (Path file : files.filter(p -> p.toString().endsWith(".java")).toList()) {
        Matcher m = IN_SOURCE.matcher(Files.readString(file));
        while (m.find()) {
          names.add(m.group(1));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return names;
  }

  static TreeSet<String> fromPropertiesFiles(Path resources) {
    TreeSet<String> names = new TreeSet<>();
    try (Stream<Path> files = Files.list(resources)) {
      for (Path file :
          files
              .filter(p -> p.getFileName().toString().matches("application.*\\.properties"))
              .toList()) {
        Properties properties = new Properties();
        try (var in = Files.newBufferedReader(file)) {
          properties.load(in);
        }
        properties.stringPropertyNames().stream()
            .filter(n -> n.startsWith("nightbench."))
            .forEach(names::add);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return names;
  }

  /** Whether {@code name} is {@code family} (ending in {@code .*}) or one of its members. */
  static boolean inFamily(String name, String family) {
    return family.endsWith(".*")
        && (name.equals(family) || name.startsWith(family.substring(0, family.length() - 1)));
  }
}
