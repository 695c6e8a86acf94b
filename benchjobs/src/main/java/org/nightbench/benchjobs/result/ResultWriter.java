package org.nightbench.benchjobs.result;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes a {@link HarnessResult} as pretty JSON via temp file and rename, so no partial file
 * exists.
 */
public final class ResultWriter {

  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private ResultWriter() {}

  /** Writes {@code result} to {@code out}, replacing any previous file. */
  public static void write(Path out, HarnessResult result) throws IOException {
    Path abs = out.toAbsolutePath();
    Files.createDirectories(abs.getParent());
    Path tmp = Files.createTempFile(abs.getParent(), abs.getFileName().toString(), ".tmp");
    try {
      try (OutputStream os = Files.newOutputStream(tmp)) {
        MAPPER.writeValue(os, result); // Jackson emits UTF-8 for byte streams
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

  /** Reads a result back, for tests and tools. */
  public static HarnessResult read(Path file) throws IOException {
    return MAPPER.readValue(file.toFile(), HarnessResult.class);
  }
}
