package org.nightbench.jdk;

import java.nio.file.Path;

/**
 * An installed Java runtime.
 *
 * @param home the real (symlink-free) installation directory
 * @param feature the feature release, e.g. 21 for 21.0.5 and 8 for 1.8.0_392
 * @param vendor the implementor, e.g. {@code Eclipse Adoptium}
 * @param version the full version, e.g. {@code 25.0.1}
 */
public record Jdk(Path home, int feature, String vendor, String version) {

  /** This exact JDK, recorded with every run, e.g. {@code Eclipse Adoptium 25.0.1}. */
  public String identity() {
    return vendor + " " + version;
  }

  /**
   * What identifies this JDK in a benchmark series, e.g. {@code Eclipse Adoptium 25}: a new vendor
   * or feature release starts a new series, a quarterly patch update does not (it would cut a
   * fifteen-year history into sixty pieces); each run still records its exact {@link #identity()}.
   */
  public String family() {
    return vendor + " " + feature;
  }

  /** The {@code java} launcher to fork benchmark JVMs with. */
  public Path javaExecutable() {
    return home.resolve("bin").resolve("java");
  }

  /** Short form for messages: {@code 17 (/usr/lib/jvm/java-17-openjdk-amd64)}. */
  String describe() {
    return feature + " (" + home + ")";
  }
}
