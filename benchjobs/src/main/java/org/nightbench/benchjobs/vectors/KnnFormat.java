package org.nightbench.benchjobs.vectors;

import java.lang.reflect.Constructor;
import java.util.List;
import java.util.Optional;
import org.apache.lucene.codecs.Codec;
import org.apache.lucene.codecs.FilterCodec;
import org.apache.lucene.codecs.KnnVectorsFormat;
import org.apache.lucene.codecs.perfield.PerFieldKnnVectorsFormat;

/**
 * The vector formats a run compares, found in the Lucene under test by class name at run time (the
 * harness is compiled against 9.12 and runs on 9.x and 10.x): a release without one skips it with a
 * note saying so.
 *
 * <ul>
 *   <li>{@code hnsw}: the codec's own float32 HNSW format, in every release with KNN;
 *   <li>{@code int7}, {@code int4}: scalar-quantized HNSW
 *       (Lucene99HnswScalarQuantizedVectorsFormat: 7 bits from 9.9, the bit count and 4 bits from
 *       9.11);
 *   <li>{@code bq}: binary-quantized HNSW (Lucene102HnswBinaryQuantizedVectorsFormat, 10.2 on).
 * </ul>
 */
public enum KnnFormat {
  HNSW("hnsw"),
  INT7("int7"),
  INT4("int4"),
  BQ("bq");

  /** Lucene's defaults for graph degree and construction beam width. */
  static final int MAX_CONN = 16;

  static final int BEAM_WIDTH = 100;

  private static final String SCALAR =
      "org.apache.lucene.codecs.lucene99.Lucene99HnswScalarQuantizedVectorsFormat";
  private static final String BINARY =
      "org.apache.lucene.codecs.lucene102.Lucene102HnswBinaryQuantizedVectorsFormat";
  private static final String QUANTIZED_104 =
      "org.apache.lucene.codecs.lucene104.Lucene104HnswScalarQuantizedVectorsFormat";

  /** Where 10.4's encodings live: in the format itself in 10.4, moved to util later. */
  private static final List<String> ENCODINGS =
      List.of(
          "org.apache.lucene.util.quantization.QuantizedByteVectorValues$ScalarEncoding",
          "org.apache.lucene.codecs.lucene104.Lucene104ScalarQuantizedVectorsFormat$ScalarEncoding");

  private final String label;

  KnnFormat(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }

  public static KnnFormat of(String label) {
    for (KnnFormat format : values()) {
      if (format.label.equals(label.strip())) {
        return format;
      }
    }
    throw new IllegalArgumentException(
        "unknown vector format '" + label + "': use hnsw, int7, int4 or bq");
  }

  /**
   * The format to write the vector field with; empty for {@link #HNSW}, which is the codec's own.
   *
   * @throws UnsupportedOperationException naming the class the release lacks
   */
  public Optional<KnnVectorsFormat> create() {
    return switch (this) {
      case HNSW -> Optional.empty();
      case INT7 -> Optional.of(newest("SEVEN_BIT").orElseGet(() -> scalar(7)));
      case INT4 -> Optional.of(newest("PACKED_NIBBLE").orElseGet(() -> scalar(4)));
      case BQ ->
          Optional.of(
              newest("SINGLE_BIT_QUERY_NIBBLE")
                  .orElseGet(() -> instantiate(BINARY, List.of(), List.of())));
    };
  }

  /** 10.4's quantized HNSW with {@code encoding}; empty in releases before it. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Optional<KnnVectorsFormat> newest(String encoding) {
    try {
      Class.forName(QUANTIZED_104);
    } catch (ClassNotFoundException e) {
      return Optional.empty();
    }
    Class<?> encodings = null;
    for (String name : ENCODINGS) {
      try {
        encodings = Class.forName(name);
        break;
      } catch (ClassNotFoundException e) {
        // the other place
      }
    }
    if (encodings == null) {
      throw new UnsupportedOperationException(
          "this Lucene's " + simpleName(QUANTIZED_104) + " has no ScalarEncoding we know");
    }
    Object value = Enum.valueOf((Class<Enum>) encodings, encoding);
    return Optional.of(
        instantiate(
            QUANTIZED_104,
            List.of(encodings, int.class, int.class),
            List.of(value, MAX_CONN, BEAM_WIDTH)));
  }

  private static KnnVectorsFormat scalar(int bits) {
    try {
      return scalarWithBits(bits);
    } catch (UnsupportedOperationException e) {
      if (!e.getMessage().contains("constructor")) {
        throw e;
      }
      if (bits != 7) {
        throw new UnsupportedOperationException(
            "this Lucene's " + simpleName(SCALAR) + " quantizes to 7 bits only (4 bits from 9.11)");
      }
      // 9.9 introduced the format with 7 bits only, and no bit count in its constructor until
      // 9.11:
      // (maxConn, beamWidth, numMergeWorkers, confidenceInterval, mergeExec).
      return instantiate(
          SCALAR,
          List.of(
              int.class,
              int.class,
              int.class,
              Float.class,
              java.util.concurrent.ExecutorService.class),
          java.util.Arrays.asList(MAX_CONN, BEAM_WIDTH, 1, null, null));
    }
  }

  private static KnnVectorsFormat scalarWithBits(int bits) {
    // (maxConn, beamWidth, numMergeWorkers, bits, compress, confidenceInterval, mergeExec)
    return instantiate(
        SCALAR,
        List.of(
            int.class,
            int.class,
            int.class,
            int.class,
            boolean.class,
            Float.class,
            java.util.concurrent.ExecutorService.class),
        java.util.Arrays.asList(MAX_CONN, BEAM_WIDTH, 1, bits, bits == 4, null, null));
  }

  private static KnnVectorsFormat instantiate(
      String className, List<Class<?>> types, List<Object> args) {
    try {
      Class<?> type = Class.forName(className);
      Constructor<?> constructor = type.getConstructor(types.toArray(Class<?>[]::new));
      return (KnnVectorsFormat) constructor.newInstance(args.toArray());
    } catch (ClassNotFoundException e) {
      throw new UnsupportedOperationException("this Lucene has no " + simpleName(className));
    } catch (NoSuchMethodException e) {
      throw new UnsupportedOperationException(
          "this Lucene's " + simpleName(className) + " has no constructor taking " + types);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot create " + className + ": " + e, e);
    }
  }

  /** The default codec writing every vector field with {@code format}. */
  public static Codec codecWith(KnnVectorsFormat format) {
    Codec base = Codec.getDefault();
    KnnVectorsFormat perField =
        new PerFieldKnnVectorsFormat() {
          @Override
          public KnnVectorsFormat getKnnVectorsFormatForField(String field) {
            return format;
          }
        };
    // Reading needs no such codec: the per-field format records the format's name per field.
    return new FilterCodec(base.getName(), base) {
      @Override
      public KnnVectorsFormat knnVectorsFormat() {
        return perField;
      }
    };
  }

  private static String simpleName(String className) {
    return className.substring(className.lastIndexOf('.') + 1);
  }
}
