package org.nightbench.benchjobs.vectors;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * Where a corpus's vectors are kept once embedded: one directory per corpus content (its SHA-256),
 * model and document count, holding {@code docs.vec} and one {@code queries-<hash>.vec} per query
 * list. A file appears whole or not at all, so a run stopped half-way embeds again rather than
 * reading a torn file.
 */
public final class EmbeddingCache {

  private final Path directory;

  private EmbeddingCache(Path directory) {
    this.directory = directory;
  }

  /** The cache entry for {@code corpus}'s first {@code docs} documents under {@code root}. */
  public static EmbeddingCache of(Path root, Path corpus, String model, int docs)
      throws IOException {
    String key = model + "-" + sha256(corpus).substring(0, 16) + "-" + docs;
    Path directory = root.resolve(key);
    Files.createDirectories(directory);
    return new EmbeddingCache(directory);
  }

  public Path documents() {
    return directory.resolve("docs.vec");
  }

  /** The file of the vectors of exactly these query texts. */
  public Path queries(List<String> texts) {
    return directory.resolve(
        "queries-" + sha256(String.join("\n", texts)).substring(0, 16) + ".vec");
  }

  /** Writes {@code vectors} to {@code file} atomically. */
  public static void store(Path file, List<float[]> vectors, int dimension) throws IOException {
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    VectorFile.write(tmp, vectors, dimension);
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  public static String sha256(Path file) throws IOException {
    MessageDigest digest = digest();
    try (InputStream in = new DigestInputStream(Files.newInputStream(file), digest)) {
      in.transferTo(java.io.OutputStream.nullOutputStream());
    }
    return HexFormat.of().formatHex(digest.digest());
  }

  static String sha256(String text) {
    return HexFormat.of()
        .formatHex(digest().digest(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
  }

  private static MessageDigest digest() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
