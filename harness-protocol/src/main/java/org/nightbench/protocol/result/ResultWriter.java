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

  private ResultWriter() {}

  /** Built when first used: a plain result ({@link PlainResultJson}) never needs data binding. */
  private static final class Binding {
    static final ObjectMapper MAPPER =
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  }

  /** Writes {@code result} to {@code out}, replacing any previous file. */
  public static void write(Path out, HarnessResult result) throws IOException {
    byte[] plain = PlainResultJson.of(result);
    if (plain != null) {
      AtomicFile.write(out, stream -> stream.write(plain));
      return;
    }
    // Jackson emits UTF-8 for byte streams.
    AtomicFile.write(out, stream -> Binding.MAPPER.writeValue(stream, result));
  }

  /** As data binding writes {@code result}: the one definition of a result file's JSON. */
  static byte[] withDataBinding(HarnessResult result) throws IOException {
    return Binding.MAPPER.writeValueAsBytes(result);
  }

  /** Reads a result back, for tests and tools. */
  public static HarnessResult read(Path file) throws IOException {
    return Binding.MAPPER.readValue(file.toFile(), HarnessResult.class);
  }
}
