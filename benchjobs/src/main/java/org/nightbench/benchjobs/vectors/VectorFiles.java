package org.nightbench.benchjobs.vectors;

import java.io.IOException;
import org.apache.lucene.store.Directory;

/**
 * The vector files of an index without compound files, by extension as Lucene's vector formats name
 * them: {@code .vec} the raw float32 vectors, {@code .vex} the HNSW graph, {@code .vem*} the
 * formats' metadata, and any other {@code .ve*} file a format's quantized vectors ({@code .veq}
 * scalar, {@code .veb} binary). What a graph search keeps hot is the graph and the vectors it
 * scores against: the quantized ones where the format has them (the raw ones are read again only to
 * rescore), else the raw ones; luceneutil reports the same split as disk and RAM.
 *
 * @param rawBytes {@code .vec}
 * @param graphBytes {@code .vex}
 * @param quantizedBytes other {@code .ve*} data files
 * @param metaBytes {@code .vem*}
 */
record VectorFiles(long rawBytes, long graphBytes, long quantizedBytes, long metaBytes) {

  static VectorFiles of(Directory dir) throws IOException {
    long raw = 0;
    long graph = 0;
    long quantized = 0;
    long meta = 0;
    for (String file : dir.listAll()) {
      int dot = file.lastIndexOf('.');
      String ext = dot < 0 ? "" : file.substring(dot + 1);
      if (!ext.startsWith("ve")) {
        continue;
      }
      long length = dir.fileLength(file);
      if (ext.equals("vec")) {
        raw += length;
      } else if (ext.equals("vex")) {
        graph += length;
      } else if (ext.startsWith("vem")) {
        meta += length;
      } else {
        quantized += length;
      }
    }
    return new VectorFiles(raw, graph, quantized, meta);
  }

  double diskMb() {
    return (rawBytes + graphBytes + quantizedBytes + metaBytes) / (1024.0 * 1024.0);
  }

  /** The graph plus the vectors a search scores against (see the class comment). */
  double searchedMb() {
    long vectors = quantizedBytes > 0 ? quantizedBytes : rawBytes;
    return (graphBytes + vectors + metaBytes) / (1024.0 * 1024.0);
  }
}
