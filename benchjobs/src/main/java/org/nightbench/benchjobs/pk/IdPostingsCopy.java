package org.nightbench.benchjobs.pk;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.lucene.codecs.Codec;
import org.apache.lucene.codecs.PostingsFormat;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.BytesRef;
import org.nightbench.benchjobs.indexing.BenchmarkDocuments;
import org.nightbench.benchjobs.indexing.LiveIds;
import org.nightbench.benchjobs.indexing.OnePostingsFormatCodec;

/**
 * A copy of an index's id field alone, one segment per segment of the original holding the same
 * live ids, written with a chosen postings format. A lookup reads nothing but the id field's terms
 * and postings, so timing lookups on copies that differ only in that format isolates the format, at
 * a fraction of re-indexing the corpus.
 */
final class IdPostingsCopy {

  private IdPostingsCopy() {}

  /**
   * Writes the copy into {@code dir} (which must be empty); {@code format} null keeps the release's
   * default postings format.
   */
  static void write(IndexReader original, Path dir, PostingsFormat format) throws IOException {
    IndexWriterConfig config =
        new IndexWriterConfig()
            .setOpenMode(IndexWriterConfig.OpenMode.CREATE)
            .setMergePolicy(NoMergePolicy.INSTANCE)
            // Flushed by hand only: the copy's documents are a few bytes each.
            .setMaxBufferedDocs(IndexWriterConfig.DISABLE_AUTO_FLUSH)
            .setRAMBufferSizeMB(1024);
    if (format != null) {
      config.setCodec(new OnePostingsFormatCodec(Codec.getDefault(), format));
    }
    try (Directory target = FSDirectory.open(dir);
        IndexWriter writer = new IndexWriter(target, config)) {
      StringField id = new StringField(BenchmarkDocuments.ID, "", Field.Store.NO);
      Document doc = new Document();
      doc.add(id);
      for (LeafReaderContext ctx : original.leaves()) {
        if (copyLeaf(ctx.reader(), writer, id, doc) > 0) {
          // One thread and one flush per original segment: the copy keeps the segment layout.
          writer.flush();
        }
      }
      writer.commit();
    }
  }

  private static int copyLeaf(LeafReader leaf, IndexWriter writer, StringField id, Document doc)
      throws IOException {
    Terms terms = leaf.terms(BenchmarkDocuments.ID);
    if (terms == null) {
      return 0;
    }
    Bits live = leaf.getLiveDocs();
    TermsEnum te = terms.iterator();
    PostingsEnum postings = null;
    int copied = 0;
    for (BytesRef term = te.next(); term != null; term = te.next()) {
      postings = te.postings(postings, PostingsEnum.NONE);
      if (LiveIds.firstLive(postings, live) != DocIdSetIterator.NO_MORE_DOCS) {
        id.setStringValue(term.utf8ToString());
        writer.addDocument(doc);
        copied++;
      }
    }
    return copied;
  }
}
