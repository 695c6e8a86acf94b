package org.nightbench.jdk;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Finds the JDKs installed on this machine (JAVA_HOME, the running JVM and every home under the
 * search roots) and selects the one benchmarks run on: the pinned one if configured, else the
 * newest.
 */
public final class JdkFinder {

  /**
   * Newest first: feature release, then the full version compared number by number, then path for
   * stability.
   */
  static final Comparator<Jdk> NEWEST_FIRST =
      Comparator.comparingInt(Jdk::feature)
          .thenComparing(Jdk::version, JdkFinder::compareVersions)
          .reversed()
          .thenComparing(jdk -> jdk.home().toString());

  private static final Pattern RELEASE_LINE = Pattern.compile("^([A-Z_]+)=\"?(.*?)\"?$");
  private static final Pattern SETTING_LINE = Pattern.compile("^\\s*([\\w.]+) = (.*)$");
  private static final Pattern NUMBERS = Pattern.compile("\\d+");
  private static final long PROBE_TIMEOUT_SECONDS = 30;

  private final List<Path> searchRoots;
  private final Path pinnedHome;
  private final List<Path> implicitHomes;
  // Running java costs ~100 ms per home; an installed JDK's answer does not change, so ask once per
  // real path.
  private final Map<Path, Optional<Jdk>> probed = new ConcurrentHashMap<>();

  public JdkFinder(JdkProperties properties) {
    this(properties, environmentHomes());
  }

  /** For tests: {@code implicitHomes} replaces JAVA_HOME and the running JVM's java.home. */
  JdkFinder(JdkProperties properties, List<Path> implicitHomes) {
    this.searchRoots = properties.searchRoots();
    this.pinnedHome = properties.home();
    this.implicitHomes = List.copyOf(implicitHomes);
  }

  /**
   * Every JDK found, each real home once, newest first; includes the pinned home when one is
   * configured.
   */
  public List<Jdk> findAll() {
    Map<Path, Jdk> byHome = new LinkedHashMap<>();
    for (Path candidate : candidates()) {
      inspect(candidate).ifPresent(jdk -> byHome.putIfAbsent(jdk.home(), jdk));
    }
    if (pinnedHome != null) {
      Jdk pinned = pinned();
      byHome.putIfAbsent(pinned.home(), pinned);
    }
    return byHome.values().stream().sorted(NEWEST_FIRST).toList();
  }

  /** {@link #select(int, String)} for callers that have no better name for what needs the JDK. */
  public Jdk select(int minimumFeature) {
    return select(minimumFeature, "Nightbench");
  }

  /**
   * The pinned JDK, else the newest found; fails when it is older than {@code minimumFeature}.
   *
   * @param requiredBy what needs that Java, for the message, e.g. {@code "Lucene 10.6.0"}
   */
  public Jdk select(int minimumFeature, String requiredBy) {
    String needs = requiredBy + " needs Java " + minimumFeature + " or newer, but ";
    if (pinnedHome != null) {
      Jdk pinned = pinned();
      if (pinned.feature() < minimumFeature) {
        throw new JdkException(needs + "nightbench.jdk.home pins " + pinned.describe());
      }
      return pinned;
    }
    List<Jdk> all = findAll();
    if (all.isEmpty()) {
      throw new JdkException(needs + "no JDK was found in JAVA_HOME, java.home or " + searchRoots);
    }
    // Always the newest, never "the oldest that suffices": one JDK should run every revision of a
    // series.
    Jdk newest = all.get(0);
    if (newest.feature() < minimumFeature) {
      throw new JdkException(
          needs
              + "the JDKs found are: "
              + all.stream().map(Jdk::describe).collect(Collectors.joining(", ")));
    }
    return newest;
  }

  private Jdk pinned() {
    return inspect(pinnedHome)
        .orElseThrow(
            () ->
                new JdkException(
                    "nightbench.jdk.home "
                        + pinnedHome
                        + " is not a JDK: it has no executable bin/java"));
  }

  private List<Path> candidates() {
    List<Path> result = new ArrayList<>(implicitHomes);
    for (Path root : searchRoots) {
      if (!Files.isDirectory(root)) {
        continue;
      }
      try (Stream<Path> children = Files.list(root)) {
        children
            .sorted()
            .forEach(
                child -> {
                  result.add(child);
                  result.add(child.resolve("Contents").resolve("Home")); // macOS bundle layout
                });
      } catch (IOException e) {
        throw new JdkException("cannot list JDK search root " + root + ": " + e.getMessage(), e);
      }
    }
    return result;
  }

  /**
   * The JDK at {@code home}, or empty when it is not one (no executable bin/java, or it will not
   * say its version).
   */
  Optional<Jdk> inspect(Path home) {
    Path real;
    try {
      Path java = home.resolve("bin").resolve("java");
      if (!Files.isRegularFile(java) || !Files.isExecutable(java)) {
        return Optional.empty();
      }
      real = home.toRealPath();
    } catch (IOException e) {
      return Optional.empty();
    }
    Map<String, String> release = readRelease(real.resolve("release"));
    String version = release.get("JAVA_VERSION");
    String vendor = release.get("IMPLEMENTOR");
    if (version != null && vendor != null && NUMBERS.matcher(version).find()) {
      return Optional.of(new Jdk(real, feature(version), vendor, version));
    }
    return probed.computeIfAbsent(real, JdkFinder::probe);
  }

  private static Map<String, String> readRelease(Path file) {
    Map<String, String> values = new LinkedHashMap<>();
    if (!Files.isRegularFile(file)) {
      return values;
    }
    try {
      for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
        Matcher m = RELEASE_LINE.matcher(line.strip());
        if (m.matches()) {
          values.put(m.group(1), m.group(2));
        }
      }
    } catch (IOException e) {
      // An unreadable release file is not fatal: asking java itself still works.
    }
    return values;
  }

  private static Optional<Jdk> probe(Path home) {
    Path java = home.resolve("bin").resolve("java");
    Path output = null;
    Process process = null;
    try {
      // Output goes to a file, not a pipe, so a launcher that hangs cannot block us past the
      // timeout.
      output = Files.createTempFile("nightbench-jdk-probe", ".txt");
      process =
          new ProcessBuilder(java.toString(), "-XshowSettings:properties", "-version")
              .redirectErrorStream(true)
              .redirectOutput(output.toFile())
              .start();
      if (!process.waitFor(PROBE_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        return Optional.empty();
      }
      Map<String, String> settings = new LinkedHashMap<>();
      Files.readAllLines(output, StandardCharsets.UTF_8).stream()
          .map(SETTING_LINE::matcher)
          .filter(Matcher::matches)
          .forEach(m -> settings.putIfAbsent(m.group(1), m.group(2).strip()));
      String version = settings.get("java.version");
      if (version == null) {
        return Optional.empty();
      }
      String vendor = settings.getOrDefault("java.vendor", "Unknown");
      return Optional.of(
          new Jdk(
              home,
              feature(settings.getOrDefault("java.specification.version", version)),
              vendor,
              version));
    } catch (IOException | JdkException e) {
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    } finally {
      if (process != null) {
        process.destroyForcibly();
      }
      if (output != null) {
        try {
          Files.deleteIfExists(output);
        } catch (IOException e) {
          // A leftover temp file is harmless.
        }
      }
    }
  }

  /** 21 for "21.0.5", "21" or "21-ea"; 8 for the pre-9 scheme "1.8.0_392". */
  static int feature(String version) {
    Matcher m = NUMBERS.matcher(version);
    if (!m.find()) {
      throw new JdkException("cannot read a Java version from '" + version + "'");
    }
    int first = Integer.parseInt(m.group());
    if (first == 1 && m.find()) {
      return Integer.parseInt(m.group());
    }
    return first;
  }

  static int compareVersions(String a, String b) {
    Matcher ma = NUMBERS.matcher(a);
    Matcher mb = NUMBERS.matcher(b);
    while (true) {
      boolean hasA = ma.find();
      boolean hasB = mb.find();
      if (!hasA || !hasB) {
        return Boolean.compare(hasA, hasB);
      }
      int c = Long.compare(Long.parseLong(ma.group()), Long.parseLong(mb.group()));
      if (c != 0) {
        return c;
      }
    }
  }

  private static List<Path> environmentHomes() {
    List<Path> homes = new ArrayList<>();
    String javaHome = System.getenv("JAVA_HOME");
    if (javaHome != null && !javaHome.isBlank()) {
      homes.add(Path.of(javaHome));
    }
    homes.add(Path.of(System.getProperty("java.home")));
    return homes;
  }
}
