package org.nightbench.benchjobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Runs a main of the harness or its tests in a JVM whose Lucene is another release than the one
 * compiled against: lucene-core and lucene-codecs of the versions benchjobs/pom.xml copies into
 * target/lucene-releases.
 */
final class OtherLucene {

  /** The oldest supported release; runs on this JVM. */
  static final String OLDEST_9 = "9.0.0";

  /** A 10.x release; needs Java 21. */
  static final String TEN = "10.6.0";

  private static final Path RELEASES = Path.of("target", "lucene-releases");

  /**
   * These JVMs check what a release runs and answers, never how fast: C1 alone compiles a short
   * run's code for a fraction of C2's CPU, and the serial collector starts no GC threads, which on
   * a loaded two-core machine beside the other test JVM matters more than peak speed.
   */
  private static final List<String> SMALL_JVM =
      List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

  private static final Pattern JAVA_VERSION = Pattern.compile("JAVA_VERSION=\"(\\d+)");

  private final String version;
  private final Path javaHome;

  private OtherLucene(String version, Path javaHome) {
    this.version = version;
    this.javaHome = javaHome;
  }

  /** The release on this JVM's Java. */
  static OtherLucene onThisJava(String version) {
    return new OtherLucene(version, Path.of(System.getProperty("java.home")));
  }

  /** The release on the newest JDK of at least {@code minJava} found, if there is one. */
  static Optional<OtherLucene> onJava(String version, int minJava) {
    return newestJdk(minJava).map(home -> new OtherLucene(version, home));
  }

  /** Exit code and everything the JVM printed. */
  record Run(int code, String stdout, String stderr) {
    List<String> lines() {
      return stdout.lines().toList();
    }

    /** The harness's own error lines; newer JVMs add warnings of their own around them. */
    List<String> errors() {
      return stderr.lines().filter(l -> l.startsWith("ERROR")).toList();
    }
  }

  Run run(Path workDir, Class<?> main, List<String> args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(javaHome.resolve("bin").resolve("java").toString());
    command.addAll(SMALL_JVM);
    command.add("-cp");
    command.add(classpath());
    command.add(main.getName());
    command.addAll(args);
    Path out = Files.createTempFile(workDir, "stdout", ".txt");
    Path err = Files.createTempFile(workDir, "stderr", ".txt");
    Process p =
        new ProcessBuilder(command)
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    int code = p.waitFor();
    return new Run(
        code,
        Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }

  /** The test classpath less the compile version's Lucene jars, plus this release's. */
  private String classpath() throws IOException {
    List<String> entries = new ArrayList<>();
    for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (!Path.of(e).getFileName().toString().startsWith("lucene-")) {
        entries.add(e);
      }
    }
    Path jars = RELEASES.resolve(version);
    assertThat(jars).as("copied by the build (benchjobs/pom.xml)").isDirectory();
    try (Stream<Path> s = Files.list(jars)) {
      s.sorted().forEach(j -> entries.add(j.toAbsolutePath().toString()));
    }
    return String.join(File.pathSeparator, entries);
  }

  private static Optional<Path> newestJdk(int minJava) {
    List<Path> homes = new ArrayList<>();
    homes.add(Path.of(System.getProperty("java.home")));
    Path jvms = Path.of("/usr/lib/jvm");
    if (Files.isDirectory(jvms)) {
      try (Stream<Path> s = Files.list(jvms)) {
        s.forEach(homes::add);
      } catch (IOException e) {
        // no other JDKs then
      }
    }
    return homes.stream()
        .filter(h -> Files.isExecutable(h.resolve("bin").resolve("java")))
        .filter(h -> feature(h) >= minJava)
        .max(Comparator.comparingInt(OtherLucene::feature));
  }

  /** The JDK's feature release from its {@code release} file; 0 when unknown. */
  private static int feature(Path home) {
    if (home.equals(Path.of(System.getProperty("java.home")))) {
      return Runtime.version().feature();
    }
    try {
      Matcher m = JAVA_VERSION.matcher(Files.readString(home.resolve("release")));
      return m.find() ? Integer.parseInt(m.group(1)) : 0;
    } catch (IOException e) {
      return 0;
    }
  }

  @Override
  public String toString() {
    return "Lucene " + version + " on " + javaHome;
  }
}
