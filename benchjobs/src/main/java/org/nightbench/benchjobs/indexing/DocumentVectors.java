package org.nightbench.benchjobs.indexing;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.nightbench.benchjobs.linedocs.LineDoc;
import org.nightbench.benchjobs.vectors.VectorFile;

/**
 * The embedded vectors of the corpus's documents, added to the search index as luceneutil's {@code
 * vector} field (dot product: MiniLM's vectors are unit length) so its {@code vector//} tasks can
 * run. Vector i belongs to the corpus's i-th document (line); every chunk cut from that line gets
 * it, and documents past the embedded ones get none. Vectors are read from the file as documents
 * need them, so the whole corpus's (375 MB for 243,899 documents) never sits on the heap.
 */
public final class DocumentVectors implements Closeable {

  /** luceneutil's vector field name. */
  public static final String FIELD = "vector";

  private final FileChannel channel;
  private final int dimension;
  private final int count;
  private final Map<Long, Integer> ordinalByLine = new ConcurrentHashMap<>();
  private int linesRead;

  private DocumentVectors(FileChannel channel, int dimension, int count) {
    this.channel = channel;
    this.dimension = dimension;
    this.count = count;
  }

  /** Whether this Lucene has float vector fields (9.6 on). */
  public static boolean available() {
    try {
      Class.forName("org.apache.lucene.document.KnnFloatVectorField");
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }

  public static DocumentVectors open(Path file, int dimension) throws IOException {
    int count = VectorFile.count(file, dimension);
    return new DocumentVectors(FileChannel.open(file, StandardOpenOption.READ), dimension, count);
  }

  /**
   * {@code lines} numbering the corpus's documents in the order read: call it with the reader's
   * supplier before documents are cut into chunks, from one thread at a time (the indexer reads
   * under its lock).
   */
  public Supplier<LineDoc> numbering(Supplier<LineDoc> lines) {
    return () -> {
      LineDoc line = lines.get();
      if (line != null && linesRead < count) {
        ordinalByLine.put(line.lineNumber(), linesRead);
      }
      if (line != null) {
        linesRead++;
      }
      return line;
    };
  }

  /** Adds the vector of {@code line}'s document to {@code doc}, if it was embedded. */
  public void add(Document doc, LineDoc line) throws IOException {
    Integer ordinal = ordinalByLine.get(line.lineNumber());
    if (ordinal == null) {
      return;
    }
    ByteBuffer buffer = ByteBuffer.allocate(dimension * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
    long position = (long) ordinal * dimension * Float.BYTES;
    while (buffer.hasRemaining()) {
      // Positional reads: indexing threads share the channel.
      int n = channel.read(buffer, position + buffer.position());
      if (n < 0) {
        throw new IOException("vector file ended at vector " + ordinal);
      }
    }
    buffer.flip();
    float[] vector = new float[dimension];
    buffer.asFloatBuffer().get(vector);
    doc.add(new KnnFloatVectorField(FIELD, vector, VectorSimilarityFunction.DOT_PRODUCT));
  }

  /** How many documents have a vector. */
  public int count() {
    return count;
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }
}
