package org.nightbench.protocol.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes a file through a temporary sibling and a rename, so a reader (the backend, after the JVM
 * exits) sees the whole file or none of it, never half of one.
 */
public final class AtomicFile {

  /** Writes the content to a stream; may throw what writing throws. */
  @FunctionalInterface
  public interface Content {
    void writeTo(OutputStream out) throws IOException;
  }

  private AtomicFile() {}

  /** Replaces {@code target} with what {@code content} writes, creating parent directories. */
  public static void write(Path target, Content content) throws IOException {
    Path abs = target.toAbsolutePath();
    Files.createDirectories(abs.getParent());
    Path tmp = Files.createTempFile(abs.getParent(), abs.getFileName().toString(), ".tmp");
    try {
      try (OutputStream out = Files.newOutputStream(tmp)) {
        content.writeTo(out);
      }
      try {
        Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
      }
    } finally {
      Files.deleteIfExists(tmp);
    }
  }
}
