package org.nightbench.jdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JdkFinderTest {

  @TempDir Path root;

  @Test
  void findsTheRunningJvm() throws IOException {
    List<Jdk> all = new JdkFinder(JdkProperties.defaults()).findAll();

    Path running = Path.of(System.getProperty("java.home")).toRealPath();
    assertThat(all)
        .anySatisfy(
            jdk -> {
              assertThat(jdk.home()).isEqualTo(running);
              assertThat(jdk.feature()).isEqualTo(Runtime.version().feature());
              assertThat(jdk.identity()).endsWith(" " + jdk.version()).doesNotStartWith(" ");
            });
    assertThat(all).extracting(Jdk::home).doesNotHaveDuplicates();
    assertThat(all).isSortedAccordingTo(JdkFinder.NEWEST_FIRST);
  }

  @Test
  void selectsANewEnoughJdkOnThisMachineOrSaysWhichItFound() {
    JdkFinder finder = new JdkFinder(JdkProperties.defaults());
    boolean has21 = finder.findAll().stream().anyMatch(jdk -> jdk.feature() >= 21);
    if (has21) {
      assertThat(finder.select(21, "Lucene 10.0.0").feature()).isGreaterThanOrEqualTo(21);
    } else {
      assertThatThrownBy(() -> finder.select(21, "Lucene 10.0.0"))
          .hasMessageStartingWith("Lucene 10.0.0 needs Java 21 or newer, but the JDKs found are: ");
    }
  }

  @Test
  void picksTheNewestAndDeduplicatesSymlinks() throws IOException {
    Path jdk17 = fakeJdk("jdk-17", "17.0.2", "Vendor A");
    Path jdk21 = fakeJdk("jdk-21", "21.0.5", "Vendor B");
    fakeJdk("jdk-21.0.10", "21.0.10", "Vendor B");
    Files.createSymbolicLink(root.resolve("current"), jdk21);
    Files.createDirectories(root.resolve("not-a-jdk"));
    Files.writeString(root.resolve(".jinfo"), "");

    JdkFinder finder = finder(null, jdk17);
    assertThat(finder.findAll())
        .extracting(Jdk::version)
        .containsExactly("21.0.10", "21.0.5", "17.0.2");
    assertThat(finder.select(17).identity()).isEqualTo("Vendor B 21.0.10");
    assertThat(finder.select(21, "Lucene 10.6.0").home())
        .isEqualTo(root.resolve("jdk-21.0.10").toRealPath());
  }

  @Test
  void namesTheLuceneVersionAndEveryJdkWhenNoneIsNewEnough() throws IOException {
    Path jdk17 = fakeJdk("jdk-17", "17.0.2", "Vendor A");
    fakeJdk("jdk-8", "1.8.0_392", "Vendor A");

    assertThatThrownBy(() -> finder(null).select(21, "Lucene 10.6.0"))
        .isInstanceOf(JdkException.class)
        .hasMessage(
            "Lucene 10.6.0 needs Java 21 or newer, but the JDKs found are: 17 ("
                + jdk17.toRealPath()
                + "), 8 ("
                + root.resolve("jdk-8").toRealPath()
                + ")");
  }

  @Test
  void aPinnedHomeWinsEvenOverNewerOnes() throws IOException {
    Path jdk17 = fakeJdk("jdk-17", "17.0.2", "Vendor A");
    fakeJdk("jdk-21", "21.0.5", "Vendor B");

    JdkFinder finder = finder(jdk17);
    assertThat(finder.select(17).home()).isEqualTo(jdk17.toRealPath());
    assertThatThrownBy(() -> finder.select(21, "Lucene 10.0.0"))
        .hasMessage(
            "Lucene 10.0.0 needs Java 21 or newer, but nightbench.jdk.home pins 17 ("
                + jdk17.toRealPath()
                + ")");
    assertThatThrownBy(() -> finder(root.resolve("not-there")).select(17))
        .isInstanceOf(JdkException.class)
        .hasMessage(
            "nightbench.jdk.home "
                + root.resolve("not-there")
                + " is not a JDK: it has no executable bin/java");
  }

  @Test
  void asksJavaItselfOnceWhenThereIsNoReleaseFile() throws IOException {
    Path home = Files.createDirectories(root.resolve("probe-only/bin"));
    Path java = home.resolve("java");
    // Prints what -XshowSettings:properties prints (on stderr, like the real launcher) and counts
    // its calls.
    Files.writeString(
        java,
        """
                #!/bin/sh
                echo run >> "$(dirname "$0")/../probes"
                cat >&2 <<'EOT'
                Property settings:
                    java.specification.version = 22
                    java.vendor = Probe Vendor
                    java.version = 22.0.1
                    line.separator = \\n

                openjdk version "22.0.1" 2024-04-16
                EOT
                """);
    makeExecutable(java);
    Path notExecutable = fakeJdk("jdk-25", "25", "Vendor C");
    Files.setPosixFilePermissions(
        notExecutable.resolve("bin/java"), PosixFilePermissions.fromString("rw-r--r--"));

    JdkFinder finder = finder(null);
    assertThat(finder.findAll())
        .singleElement()
        .isEqualTo(new Jdk(root.resolve("probe-only").toRealPath(), 22, "Probe Vendor", "22.0.1"));
    finder.findAll();
    assertThat(Files.readAllLines(root.resolve("probe-only/probes"))).hasSize(1);
  }

  @Test
  void readsFeatureReleasesOfBothVersionSchemes() {
    assertThat(JdkFinder.feature("1.8.0_392")).isEqualTo(8);
    assertThat(JdkFinder.feature("17.0.15")).isEqualTo(17);
    assertThat(JdkFinder.feature("25")).isEqualTo(25);
    assertThat(JdkFinder.feature("26-ea")).isEqualTo(26);
    assertThat(JdkFinder.compareVersions("21.0.10", "21.0.9")).isPositive();
  }

  private JdkFinder finder(Path pinned, Path... implicitHomes) {
    return new JdkFinder(
        new JdkProperties(List.of(root, root.resolve("missing-root")), pinned),
        List.of(implicitHomes));
  }

  private Path fakeJdk(String name, String version, String vendor) throws IOException {
    Path home = Files.createDirectories(root.resolve(name));
    Files.writeString(
        home.resolve("release"),
        "IMPLEMENTOR=\"" + vendor + "\"\nJAVA_VERSION=\"" + version + "\"\nOS_NAME=\"Linux\"\n");
    Path java = Files.createDirectories(home.resolve("bin")).resolve("java");
    Files.writeString(
        java, "#!/bin/sh\nexit 1\n"); // never run: the release file answers everything
    makeExecutable(java);
    return home;
  }

  private static void makeExecutable(Path file) throws IOException {
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
  }
}
