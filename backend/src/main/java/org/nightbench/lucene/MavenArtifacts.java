package org.nightbench.lucene;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.maven.repository.internal.MavenRepositorySystemUtils;
import org.eclipse.aether.DefaultRepositorySystemSession;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession;
import org.eclipse.aether.artifact.Artifact;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.collection.CollectRequest;
import org.eclipse.aether.graph.Dependency;
import org.eclipse.aether.repository.LocalRepository;
import org.eclipse.aether.repository.RemoteRepository;
import org.eclipse.aether.repository.RepositoryPolicy;
import org.eclipse.aether.resolution.ArtifactRequest;
import org.eclipse.aether.resolution.ArtifactResolutionException;
import org.eclipse.aether.resolution.ArtifactResult;
import org.eclipse.aether.resolution.DependencyRequest;
import org.eclipse.aether.resolution.DependencyResolutionException;
import org.eclipse.aether.resolution.DependencyResult;
import org.eclipse.aether.resolution.ResolutionErrorPolicy;
import org.eclipse.aether.resolution.VersionRangeRequest;
import org.eclipse.aether.resolution.VersionRangeResolutionException;
import org.eclipse.aether.resolution.VersionRangeResult;
import org.eclipse.aether.supplier.RepositorySystemSupplier;
import org.eclipse.aether.transfer.ArtifactNotFoundException;
import org.eclipse.aether.transfer.ArtifactTransferException;
import org.eclipse.aether.transfer.MetadataNotFoundException;
import org.eclipse.aether.util.artifact.JavaScopes;
import org.eclipse.aether.util.filter.DependencyFilterUtils;
import org.eclipse.aether.util.repository.SimpleResolutionErrorPolicy;
import org.eclipse.aether.version.Version;

/**
 * Resolves artifacts, their runtime dependencies and version ranges from the configured Maven
 * repositories.
 */
public final class MavenArtifacts implements AutoCloseable {

  private final RepositorySystem system;
  private final Path localRepository;
  private final List<RemoteRepository> repositories;

  public MavenArtifacts(LuceneProperties properties) {
    this.system = new RepositorySystemSupplier().get();
    this.localRepository = properties.localRepository();
    this.repositories = toRemoteRepositories(properties.repositories());
  }

  /** The remote repositories, in search order. */
  public List<URI> repositories() {
    return repositories.stream().map(r -> URI.create(r.getUrl())).toList();
  }

  /** The remote repositories as a comma-separated list, for messages. */
  public String repositoryList() {
    return repositories.stream().map(RemoteRepository::getUrl).collect(Collectors.joining(", "));
  }

  /**
   * Resolves {@code group:artifact:version} coordinates plus their runtime dependencies; jars in
   * classpath order.
   */
  public List<Artifact> resolveWithDependencies(List<String> coordinates) {
    CollectRequest collect = new CollectRequest();
    for (String c : coordinates) {
      collect.addDependency(new Dependency(new DefaultArtifact(c), JavaScopes.RUNTIME));
    }
    collect.setRepositories(repositories);
    DependencyRequest request =
        new DependencyRequest(collect, DependencyFilterUtils.classpathFilter(JavaScopes.RUNTIME));
    try {
      DependencyResult result = system.resolveDependencies(newSession(), request);
      return result.getArtifactResults().stream().map(ArtifactResult::getArtifact).toList();
    } catch (DependencyResolutionException e) {
      List<Throwable> problems = new ArrayList<>(e.getResult().getCollectExceptions());
      e.getResult().getArtifactResults().forEach(r -> problems.addAll(r.getExceptions()));
      throw failure(String.join(", ", coordinates), problems, e);
    }
  }

  /**
   * Resolves the single file of {@code group:artifact[:extension[:classifier]]:version}, without
   * dependencies.
   */
  public Path resolve(String coordinates) {
    ArtifactRequest request =
        new ArtifactRequest(new DefaultArtifact(coordinates), repositories, null);
    try {
      return system.resolveArtifact(newSession(), request).getArtifact().getFile().toPath();
    } catch (ArtifactResolutionException e) {
      List<Throwable> problems = new ArrayList<>();
      e.getResults().forEach(r -> problems.addAll(r.getExceptions()));
      throw failure(coordinates, problems, e);
    }
  }

  /**
   * Versions of {@code group:artifact} within a Maven range such as {@code [10.2,10.3)}, lowest
   * first, as listed by the repositories' metadata; empty when none matches.
   */
  public List<String> versions(String groupArtifact, String range) {
    VersionRangeRequest request =
        new VersionRangeRequest(
            new DefaultArtifact(groupArtifact + ":" + range), repositories, null);
    try {
      VersionRangeResult result = system.resolveVersionRange(newSession(), request);
      // Every repository without metadata reports MetadataNotFoundException (the local one always
      // does); only
      // other errors, such as an unreachable host, mean the answer may be incomplete.
      List<Exception> errors =
          result.getExceptions().stream()
              .filter(e -> !(e instanceof MetadataNotFoundException))
              .toList();
      if (result.getVersions().isEmpty() && !errors.isEmpty()) {
        throw failure(groupArtifact + ":" + range, errors, null);
      }
      return result.getVersions().stream().map(Version::toString).toList();
    } catch (VersionRangeResolutionException e) {
      throw new MavenArtifactException(
          "invalid version range "
              + range
              + " for "
              + groupArtifact
              + ": "
              + firstLine(e.getMessage()),
          false,
          e);
    }
  }

  @Override
  public void close() {
    system.shutdown();
  }

  private RepositorySystemSession newSession() {
    // A session per request: cheap, and avoids sharing mutable caches between concurrent benchmark
    // jobs.
    DefaultRepositorySystemSession session = MavenRepositorySystemUtils.newSession();
    session.setLocalRepositoryManager(
        system.newLocalRepositoryManager(session, new LocalRepository(localRepository.toFile())));
    session.setSystemProperties(System.getProperties());
    // A release published an hour ago must be found tonight, so "not found" is never remembered.
    session.setResolutionErrorPolicy(
        new SimpleResolutionErrorPolicy(ResolutionErrorPolicy.CACHE_DISABLED));
    return session;
  }

  private static List<RemoteRepository> toRemoteRepositories(List<URI> uris) {
    List<RemoteRepository> result = new ArrayList<>();
    for (int i = 0; i < uris.size(); i++) {
      String url = uris.get(i).toString();
      // Releases never change, but their metadata (for ranges) does daily; snapshots change every
      // night.
      result.add(
          new RemoteRepository.Builder(repositoryId(url, i), "default", url)
              .setReleasePolicy(
                  new RepositoryPolicy(
                      true,
                      RepositoryPolicy.UPDATE_POLICY_DAILY,
                      RepositoryPolicy.CHECKSUM_POLICY_FAIL))
              .setSnapshotPolicy(
                  new RepositoryPolicy(
                      true,
                      RepositoryPolicy.UPDATE_POLICY_ALWAYS,
                      RepositoryPolicy.CHECKSUM_POLICY_FAIL))
              .build());
    }
    return List.copyOf(result);
  }

  private static String repositoryId(String url, int index) {
    // "central" matches what Maven records in ~/.m2, so jars Maven already downloaded count as
    // available.
    String normalized = url.endsWith("/") ? url : url + "/";
    if (normalized.equals(LuceneProperties.MAVEN_CENTRAL)
        || normalized.equals("https://repo1.maven.org/maven2/")) {
      return "central";
    }
    if (normalized.equals(LuceneProperties.APACHE_SNAPSHOTS)) {
      return "apache.snapshots";
    }
    return "nightbench-" + index;
  }

  private MavenArtifactException failure(
      String what, Collection<? extends Throwable> problems, Throwable cause) {
    boolean sawNotFound = false;
    Throwable other = null;
    for (Throwable problem : problems) {
      Throwable t = problem;
      boolean notFoundHere = false;
      while (t != null) {
        if (t instanceof ArtifactNotFoundException) {
          notFoundHere = true;
          break;
        }
        t = t.getCause();
      }
      if (notFoundHere) {
        sawNotFound = true;
      } else if (other == null || problem instanceof ArtifactTransferException) {
        other = problem;
      }
    }
    if (sawNotFound && other == null) {
      return new MavenArtifactException(
          what + " was not found in " + repositoryList(), true, cause);
    }
    Throwable reason = other != null ? other : cause;
    String detail = reason == null ? "unknown error" : firstLine(rootMessage(reason));
    return new MavenArtifactException(
        what + " could not be resolved from " + repositoryList() + ": " + detail,
        false,
        cause != null ? cause : reason);
  }

  private static String rootMessage(Throwable t) {
    Throwable root = t;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    if (root == t) {
      return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }
    // The root cause alone can be as terse as "repository.apache.org" (UnknownHostException), so
    // name its type.
    return root.getClass().getSimpleName()
        + (root.getMessage() == null ? "" : ": " + root.getMessage());
  }

  static String firstLine(String s) {
    if (s == null) {
      return "";
    }
    int nl = s.indexOf('\n');
    return (nl < 0 ? s : s.substring(0, nl)).strip();
  }
}
