package org.nightbench.benchjobs.indexing;

import java.io.IOException;
import java.util.Set;
import java.util.TreeSet;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.codecs.Codec;
import org.apache.lucene.codecs.PostingsFormat;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;

/** The codec an indexing run writes with, from its {@link CodecOptions}. */
final class IndexCodec {

  private IndexCodec() {}

  /** Null when the options leave the default codec as it is, so the writer keeps its own. */
  static Codec create(CodecOptions options) {
    if (options.isDefault()) {
      return null;
    }
    Codec codec =
        options.storedFields() == null
            ? Codec.getDefault()
            : DefaultCodecWithMode.create(options.storedFields());
    if (options.postingsFormat() != null) {
      codec = new OnePostingsFormatCodec(codec, postingsFormat(options.postingsFormat()));
      checkWritesAndReads(codec, options.postingsFormat());
    }
    return codec;
  }

  private static PostingsFormat postingsFormat(String name) {
    Set<String> available = PostingsFormat.availablePostingsFormats();
    if (!available.contains(name)) {
      throw new IllegalArgumentException(
          "unknown postings format "
              + name
              + ": available are "
              + String.join(", ", new TreeSet<>(available)));
    }
    return PostingsFormat.forName(name);
  }

  /**
   * Some available formats cannot write (backward-codecs' old ones, BloomFilter without a
   * delegate), and would say so only at the first flush, after the earlier index is gone and maybe
   * minutes of indexing: one document through the codec and back through the default codec says it
   * now.
   */
  private static void checkWritesAndReads(Codec codec, String name) {
    try (Directory dir = new ByteBuffersDirectory()) {
      try (IndexWriter w =
          new IndexWriter(dir, new IndexWriterConfig(new StandardAnalyzer()).setCodec(codec))) {
        Document doc = new Document();
        doc.add(new TextField("probe", "postings format probe", Field.Store.NO));
        w.addDocument(doc);
      }
      try (DirectoryReader r = DirectoryReader.open(dir)) {
        if (r.numDocs() != 1) {
          throw new IllegalStateException("read back " + r.numDocs() + " docs instead of 1");
        }
      }
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException(
          "postings format "
              + name
              + " cannot write an index: "
              + e.getClass().getSimpleName()
              + ": "
              + e.getMessage(),
          e);
    }
  }
}
