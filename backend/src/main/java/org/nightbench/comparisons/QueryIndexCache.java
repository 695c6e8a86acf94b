package org.nightbench.comparisons;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.springframework.util.FileSystemUtils;

/**
 * The indexes the queries read, kept between comparisons: an index built repeatably by the same
 * Lucene jars (by content, wherever a commit's build put them), JDK, corpus and indexing command is
 * the same index, so a bisect builds each commit's index once — the good end's serves every probe
 * and a probe's retry reuses its own — instead of once per comparison.
 *
 * <p>A comparison gets hard links to the cached files (a copy where links cannot be made): Lucene
 * never rewrites a file, so whatever a benchmark does to its index leaves the cache intact. Only
 * the {@value #KEEP} most recently used indexes are kept.
 */
final class QueryIndexCache {

  /** Enough for a bisect's good end and probe, and a comparison running beside it. */
  static final int KEEP = 4;

  private static final String OUT = "result.json";
  private static final String INDEX = "index";

  private final Path root;

  QueryIndexCache(Path root) {
    this.root = root;
  }

  /**
   * What makes two query indexes the same: the indexing command with the run's own paths taken out,
   * the jars' contents, the corpus's checksum and the JDK.
   */
  static String key(
      List<String> command,
      Path index,
      Path out,
      List<Path> jars,
      String corpusSha256,
      String jdk) {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      for (String arg : command) {
        String general = arg.replace(index.toString(), "<index>").replace(out.toString(), "<out>");
        digest.update((general + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
      }
      digest.update(("corpus " + corpusSha256 + "\njdk " + jdk + "\n").getBytes());
      for (Path jar : jars.stream().sorted(Comparator.comparing(Path::getFileName)).toList()) {
        digest.update(("jar " + jar.getFileName() + "\n").getBytes());
        try (InputStream in = Files.newInputStream(jar)) {
          byte[] buffer = new byte[1 << 16];
          for (int n; (n = in.read(buffer)) > 0; ) {
            digest.update(buffer, 0, n);
          }
        }
      }
      return HexFormat.of().formatHex(digest.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    } catch (IOException e) {
      throw new UncheckedIOException("reading a Lucene jar: " + e.getMessage(), e);
    }
  }

  /**
   * Puts the cached index and its indexing result at {@code index} and {@code out}; false if none.
   */
  boolean restore(String key, Path index, Path out) {
    Path entry = root.resolve(key);
    if (!Files.isRegularFile(entry.resolve(OUT))) {
      return false;
    }
    try {
      link(entry.resolve(INDEX), index);
      Files.copy(entry.resolve(OUT), out, StandardCopyOption.REPLACE_EXISTING);
      Files.setLastModifiedTime(entry, FileTime.from(Instant.now()));
      return true;
    } catch (IOException e) {
      // Evicted by another worker in between, or a broken entry: build it again.
      try {
        FileSystemUtils.deleteRecursively(index);
      } catch (IOException ignored) {
        // The build that follows writes the directory afresh anyway.
      }
      return false;
    }
  }

  /** Keeps a freshly built index; a failure to keep it costs the next comparison a rebuild only. */
  void store(String key, Path index, Path out) {
    Path entry = root.resolve(key);
    Path partial = root.resolve(key + ".partial-" + ProcessHandle.current().pid());
    try {
      Files.createDirectories(root);
      FileSystemUtils.deleteRecursively(partial);
      Files.createDirectories(partial);
      link(index, partial.resolve(INDEX));
      Files.copy(out, partial.resolve(OUT));
      // The result file last: an entry without it is incomplete and never restored.
      Files.move(partial, entry, StandardCopyOption.ATOMIC_MOVE);
    } catch (FileAlreadyExistsException e) {
      // Another comparison stored the same index first.
    } catch (IOException e) {
      // Not kept: the next comparison builds it again.
    } finally {
      try {
        FileSystemUtils.deleteRecursively(partial);
      } catch (IOException ignored) {
        // Left for the next store of that key, which deletes it first.
      }
    }
    evict();
  }

  private void evict() {
    try (Stream<Path> entries = Files.list(root)) {
      List<Path> oldestFirst =
          entries
              .filter(p -> !p.getFileName().toString().contains(".partial-"))
              .sorted(Comparator.comparing(QueryIndexCache::lastUsed))
              .toList();
      for (Path old : oldestFirst.subList(0, Math.max(0, oldestFirst.size() - KEEP))) {
        FileSystemUtils.deleteRecursively(old);
      }
    } catch (IOException e) {
      // Kept a little longer: the next store tries again.
    }
  }

  private static FileTime lastUsed(Path entry) {
    try {
      return Files.getLastModifiedTime(entry);
    } catch (IOException e) {
      return FileTime.fromMillis(0);
    }
  }

  /** Mirrors a directory tree with hard links to its files, or copies where links fail. */
  private static void link(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path file : files.toList()) {
        Path target = to.resolve(from.relativize(file).toString());
        if (Files.isDirectory(file)) {
          Files.createDirectories(target);
        } else {
          try {
            Files.createLink(target, file);
          } catch (IOException | UnsupportedOperationException e) {
            Files.copy(file, target, StandardCopyOption.REPLACE_EXISTING);
          }
        }
      }
    }
  }
}
