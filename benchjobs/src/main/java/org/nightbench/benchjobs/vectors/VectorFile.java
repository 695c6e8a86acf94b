package org.nightbench.benchjobs.vectors;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * luceneutil's vector files: float32 vectors of one fixed dimension, little-endian, one after the
 * other with no header — documents and queries in two files. The dimension travels beside the file
 * (in the cache's metadata or on the command line), so a file whose size is not a whole number of
 * vectors of that dimension is refused rather than read shifted.
 */
public final class VectorFile {

  private VectorFile() {}

  /** Writes {@code vectors}, each of {@code dimension} floats, replacing {@code file}. */
  public static void write(Path file, List<float[]> vectors, int dimension) throws IOException {
    ByteBuffer buffer = ByteBuffer.allocate(dimension * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
    try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
      for (float[] vector : vectors) {
        if (vector.length != dimension) {
          throw new IllegalArgumentException(
              "a vector of " + vector.length + " dimensions in a file of " + dimension);
        }
        buffer.clear();
        buffer.asFloatBuffer().put(vector);
        out.write(buffer.array());
      }
    }
  }

  /** How many vectors of {@code dimension} the file holds. */
  public static int count(Path file, int dimension) throws IOException {
    if (dimension <= 0) {
      throw new IllegalArgumentException("vector dimension must be positive, not " + dimension);
    }
    long size = Files.size(file);
    long bytesPerVector = (long) dimension * Float.BYTES;
    if (size % bytesPerVector != 0) {
      throw new IllegalArgumentException(
          file.getFileName()
              + " holds "
              + size
              + " bytes, not a whole number of "
              + dimension
              + "-dimensional float32 vectors");
    }
    long count = size / bytesPerVector;
    if (count > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(file.getFileName() + " holds too many vectors");
    }
    return (int) count;
  }

  /** Reads the first {@code max} vectors (all when there are fewer). */
  public static float[][] read(Path file, int dimension, int max) throws IOException {
    int n = Math.min(max, count(file, dimension));
    float[][] vectors = new float[n][dimension];
    ByteBuffer buffer = ByteBuffer.allocate(dimension * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      for (int i = 0; i < n; i++) {
        buffer.clear();
        while (buffer.hasRemaining()) {
          if (channel.read(buffer) < 0) {
            throw new IOException(file + " ended early");
          }
        }
        buffer.flip();
        buffer.asFloatBuffer().get(vectors[i]);
      }
    }
    return vectors;
  }
}
