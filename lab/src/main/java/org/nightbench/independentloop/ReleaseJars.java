package org.nightbench.independentloop;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.nightbench.lucene.LuceneProperties;
import org.nightbench.lucene.LuceneResolver;
import org.nightbench.lucene.MavenArtifacts;
import org.nightbench.lucene.MavenLuceneSpec;
import org.nightbench.lucene.ResolvedLucene;

/**
 * Prints a Lucene release's class path as the app resolves it (the runner's {@link LuceneResolver}
 * against Maven Central): with {@code harness}, every jar a run puts beside the harness; with
 * {@code loop}, only those the independent loop needs (core, queryparser and what it links to).
 *
 * <p>usage: {@code ReleaseJars VERSION harness|loop LOCAL_REPOSITORY}
 */
public final class ReleaseJars {

  /** The jars {@link IndependentLoop} loads classes from: the classic parser links to these. */
  static final List<String> LOOP_MODULES =
      List.of("lucene-core-", "lucene-queryparser-", "lucene-queries-", "lucene-sandbox-");

  private ReleaseJars() {}

  public static void main(String[] args) {
    if (args.length != 3 || !List.of("harness", "loop").contains(args[1])) {
      System.err.println("usage: ReleaseJars VERSION harness|loop LOCAL_REPOSITORY");
      System.exit(2);
    }
    LuceneProperties properties =
        new LuceneProperties(List.of(), Path.of(args[2]).toAbsolutePath());
    try (MavenArtifacts artifacts = new MavenArtifacts(properties)) {
      ResolvedLucene lucene = new LuceneResolver(artifacts).resolve(new MavenLuceneSpec(args[0]));
      List<Path> jars = lucene.jars();
      if (args[1].equals("loop")) {
        jars =
            jars.stream()
                .filter(j -> LOOP_MODULES.stream().anyMatch(m -> isModule(j, m, args[0])))
                .toList();
      }
      System.out.println(jars.stream().map(Path::toString).collect(Collectors.joining(":")));
    }
  }

  private static boolean isModule(Path jar, String prefix, String version) {
    return jar.getFileName().toString().equals(prefix + version + ".jar");
  }
}
