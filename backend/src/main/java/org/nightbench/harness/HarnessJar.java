package org.nightbench.harness;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The harness's shaded jar as a plain file: it ships inside the application as a resource (which
 * may sit in a nested jar), but a forked JVM needs a real path on its class path.
 */
public final class HarnessJar {

  static final String RESOURCE = "harness/nightbench-harness.jar";

  private final Path directory;
  private Path extracted;

  public HarnessJar(Path directory) {
    this.directory = directory;
  }

  /** The extracted jar, named by its content hash so a new build never reuses a stale file. */
  public synchronized Path path() {
    if (extracted == null) {
      extracted = extract();
    }
    return extracted;
  }

  private Path extract() {
    try {
      Files.createDirectories(directory);
      Path temp = Files.createTempFile(directory, "harness", ".tmp");
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      try (InputStream in = open();
          DigestInputStream digesting = new DigestInputStream(in, sha)) {
        Files.copy(digesting, temp, StandardCopyOption.REPLACE_EXISTING);
      }
      String hash = HexFormat.of().formatHex(sha.digest()).substring(0, 16);
      Path target = directory.resolve("nightbench-harness-" + hash + ".jar");
      Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      return target;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot extract the harness jar into " + directory, e);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static InputStream open() throws IOException {
    InputStream in = HarnessJar.class.getClassLoader().getResourceAsStream(RESOURCE);
    if (in == null) {
      throw new IOException(
          RESOURCE
              + " is not on the class path; build with ./mvnw package so the backend carries it");
    }
    return in;
  }
}
