package org.nightbench.protocol.result;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import org.nightbench.protocol.io.AtomicFile;

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
    // Jackson emits UTF-8 for byte streams.
    AtomicFile.write(out, stream -> MAPPER.writeValue(stream, result));
  }

  /** Reads a result back, for tests and tools. */
  public static HarnessResult read(Path file) throws IOException {
    return MAPPER.readValue(file.toFile(), HarnessResult.class);
  }
}
