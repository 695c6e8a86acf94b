package org.nightbench.lucene;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.aether.artifact.Artifact;

/**
 * Turns a {@link LuceneSpec} into the jars of that Lucene, and answers questions about published
 * Lucene versions.
 */
public final class LuceneResolver {

  static final String GROUP = "org.apache.lucene";
  static final String CORE = "lucene-core";
  static final String QUERYPARSER = "lucene-queryparser";

  /**
   * The modules the harness's query families use, with their runtime dependencies: queryparser
   * (which brings queries and sandbox: spans, intervals), facet (Browse*Facets), suggest (Respell)
   * and grouping (TermGroup*, TermBGroup*).
   */
  static final List<String> MODULES =
      List.of(CORE, QUERYPARSER, "lucene-facet", "lucene-suggest", "lucene-grouping");

  /**
   * Optional: the postings formats the PK-in-RAM experiment needs (Direct, FST50). Not every
   * release published it (10.5.2 has none on Maven Central); without it that experiment is skipped
   * with a note and everything else runs.
   */
  static final String CODECS = "lucene-codecs";

  /** The harness is compiled for this Java release, so no Lucene can run on anything older. */
  static final int HARNESS_JAVA = 17;

  private static final Pattern MINOR = Pattern.compile("(\\d+)\\.(\\d+)");
  private static final Pattern RELEASE = Pattern.compile("\\d+\\.\\d+\\.\\d+");
  private static final Pattern MAJOR = Pattern.compile("(\\d+)(?:\\..*)?");
  // Gradle builds write "9.8.0 <sha> - 2023-09-21 21:57:46Z" (some without the Z), Ant builds add
  // "- <user>" first.
  private static final Pattern BUILD_DATE =
      Pattern.compile("(\\d{4}-\\d{2}-\\d{2})[ T](\\d{2}:\\d{2}:\\d{2})");
  // The sha follows the version: "10.6.0 4ae946e5a9b99d1e22c23865c99e561b8dcc9d71 - 2026-10-26 …".
  // Lucene's Subversion-era jars put a revision number there ("4.10.4 1662817 - mike - …").
  private static final Pattern MANIFEST_SHA = Pattern.compile("^\\S+\\s+([0-9a-f]{40})(?:\\s|$)");

  private final MavenArtifacts artifacts;
  private final GitLuceneBuilder git;
  private final LuceneSpecCheck check;

  /** A resolver for {@code maven:} specs only ({@code path:} needs jar roots). */
  public LuceneResolver(MavenArtifacts artifacts) {
    this(artifacts, null, new LuceneSpecCheck(List.of()));
  }

  /**
   * @param git builds {@code git:} specs; null when this resolver does not build from git
   * @param check where {@code path:} specs may point
   */
  public LuceneResolver(MavenArtifacts artifacts, GitLuceneBuilder git, LuceneSpecCheck check) {
    this.artifacts = artifacts;
    this.git = git;
    this.check = check;
  }

  /** {@link #resolve(LuceneSpec, Consumer)} with nowhere to write progress. */
  public ResolvedLucene resolve(LuceneSpec spec) {
    return resolve(spec, line -> {});
  }

  /**
   * The jars of the Lucene {@link #MODULES} with their runtime dependencies: resolved from Maven,
   * built from git (output line by line to {@code log}), or taken from a directory.
   */
  public ResolvedLucene resolve(LuceneSpec spec, Consumer<String> log) {
    if (spec instanceof MavenLuceneSpec maven) {
      return resolveMaven(maven);
    }
    if (spec instanceof PathLuceneSpec path) {
      // Checked again here: a queued row may predate the roots or have been written around them.
      return JarDirectory.resolve(path, check.allowedDirectory(path));
    }
    GitLuceneSpec gitSpec = (GitLuceneSpec) spec; // the last permitted kind
    if (git == null) {
      throw new LuceneResolutionException(spec + ": this resolver does not build from git");
    }
    return git.resolve(gitSpec, log);
  }

  private ResolvedLucene resolveMaven(MavenLuceneSpec spec) {
    String version = spec.version();
    List<Artifact> resolved;
    try {
      resolved =
          artifacts.resolveWithDependencies(
              MODULES.stream().map(module -> GROUP + ":" + module + ":" + version).toList());
    } catch (MavenArtifactException e) {
      if (e.notFound()) {
        throw new LuceneResolutionException(
            "Lucene " + version + " was not found in " + artifacts.repositoryList(), e);
      }
      throw new LuceneResolutionException(
          "Lucene " + version + " could not be resolved: " + e.getMessage(), e);
    }
    Artifact core =
        resolved.stream()
            .filter(a -> a.getGroupId().equals(GROUP) && a.getArtifactId().equals(CORE))
            .findFirst()
            .orElseThrow(
                () ->
                    new LuceneResolutionException(
                        "Lucene " + version + " resolved without lucene-core"));
    List<Path> jars = new ArrayList<>(resolved.stream().map(a -> a.getFile().toPath()).toList());
    codecs(version).ifPresent(jars::add);
    String implementationVersion = implementationVersion(core.getFile().toPath());
    return new ResolvedLucene(
        spec,
        core.getVersion(),
        jars.stream().distinct().toList(),
        parseRevisionDate(implementationVersion),
        null,
        parseCommitSha(implementationVersion));
  }

  /** The release's lucene-codecs jar (it needs nothing but core), if the release published one. */
  private Optional<Path> codecs(String version) {
    try {
      return Optional.of(artifacts.resolve(GROUP + ":" + CODECS + ":" + version));
    } catch (MavenArtifactException e) {
      // Missing (or unreachable while core was not): the run notes the experiment it skips.
      return Optional.empty();
    }
  }

  /**
   * The newest patch release of a minor, e.g. {@code latestPatch("10.2")} is {@code "10.2.2"};
   * pre-releases ignored.
   */
  public String latestPatch(String minor) {
    int[] mm = parseMinor(minor);
    List<String> patches =
        releases("[" + mm[0] + "." + mm[1] + "," + mm[0] + "." + (mm[1] + 1) + ")", minor + ".");
    if (patches.isEmpty()) {
      throw new LuceneResolutionException(
          "no Lucene " + minor + ".x release was found in " + artifacts.repositoryList());
    }
    return patches.get(patches.size() - 1);
  }

  /**
   * The newest patch of every minor from {@code fromMinor} to {@code toMinor} inclusive that has a
   * release, lowest first; e.g. {@code ("9.8", "10.6")} is the default backfill list.
   */
  public List<String> latestPatches(String fromMinor, String toMinor) {
    int[] from = parseMinor(fromMinor);
    int[] to = parseMinor(toMinor);
    Map<String, String> latestByMinor = new LinkedHashMap<>();
    for (String v :
        releases("[" + from[0] + "." + from[1] + "," + to[0] + "." + (to[1] + 1) + ")", "")) {
      latestByMinor.put(
          v.substring(0, v.lastIndexOf('.')), v); // ascending order, so the last put wins
    }
    return new ArrayList<>(latestByMinor.values());
  }

  /**
   * The oldest Java feature release that can run this Lucene under our harness: max(17, what Lucene
   * needs).
   */
  public static int minimumJava(String luceneVersion) {
    Matcher m = luceneVersion == null ? null : MAJOR.matcher(luceneVersion);
    if (m == null || !m.matches()) {
      throw new LuceneResolutionException(
          "invalid Lucene version '" + luceneVersion + "'; expected e.g. 9.12.3");
    }
    int major = Integer.parseInt(m.group(1));
    int lucenes = major >= 10 ? 21 : major == 9 ? 11 : 8;
    return Math.max(HARNESS_JAVA, lucenes);
  }

  /** The build date recorded in a Lucene jar's manifest, or null when the jar has none. */
  static Instant revisionDate(Path jar) {
    return parseRevisionDate(implementationVersion(jar));
  }

  /** A Lucene jar's {@code Implementation-Version}, or null when its manifest has none. */
  static String implementationVersion(Path jar) {
    try (JarFile file = new JarFile(jar.toFile())) {
      Manifest manifest = file.getManifest();
      return manifest == null
          ? null
          : manifest.getMainAttributes().getValue("Implementation-Version");
    } catch (IOException e) {
      throw new LuceneResolutionException(
          "cannot read the manifest of " + jar + ": " + e.getMessage(), e);
    }
  }

  /**
   * The git commit an {@code Implementation-Version} value names after the version (every release
   * from 9.0 to 10.6 does), or null when it names none (a Subversion revision, a local build).
   */
  static String parseCommitSha(String implementationVersion) {
    if (implementationVersion == null) {
      return null;
    }
    Matcher m = MANIFEST_SHA.matcher(implementationVersion.strip());
    return m.find() ? m.group(1) : null;
  }

  /**
   * Parses the date out of an {@code Implementation-Version} value, taken as UTC; null when absent.
   */
  static Instant parseRevisionDate(String implementationVersion) {
    if (implementationVersion == null) {
      return null;
    }
    Matcher m = BUILD_DATE.matcher(implementationVersion);
    if (!m.find()) {
      return null;
    }
    return LocalDateTime.parse(m.group(1) + "T" + m.group(2)).toInstant(ZoneOffset.UTC);
  }

  private List<String> releases(String range, String prefix) {
    try {
      return artifacts.versions(GROUP + ":" + CORE, range).stream()
          .filter(v -> RELEASE.matcher(v).matches() && v.startsWith(prefix))
          .toList();
    } catch (MavenArtifactException e) {
      throw new LuceneResolutionException("cannot list Lucene versions: " + e.getMessage(), e);
    }
  }

  private static int[] parseMinor(String minor) {
    Matcher m = minor == null ? null : MINOR.matcher(minor);
    if (m == null || !m.matches()) {
      throw new LuceneResolutionException(
          "invalid Lucene minor version '" + minor + "'; expected e.g. 10.2");
    }
    return new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))};
  }
}
