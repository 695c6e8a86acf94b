package org.nightbench.benchjobs.storedfields;

import java.io.IOException;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.StoredFields;

/**
 * Reads whole stored documents by doc id on any 9.x or 10.x: through {@code
 * IndexReader.storedFields()} where the release has it (9.5 on), else through {@code
 * IndexReader.document(int)}, which 10.0 removed.
 */
abstract class DocumentReads {

  private final int maxDoc;
  private long checksum;

  private DocumentReads(int maxDoc) {
    this.maxDoc = maxDoc;
  }

  static DocumentReads of(IndexReader reader) throws IOException {
    try {
      StoredFields fields = reader.storedFields();
      return new DocumentReads(reader.maxDoc()) {
        @Override
        Document read(int doc) throws IOException {
          return fields.document(doc);
        }
      };
    } catch (NoSuchMethodError before95) {
      return new DocumentReads(reader.maxDoc()) {
        @Override
        @SuppressWarnings("deprecation")
        Document read(int doc) throws IOException {
          return reader.document(doc);
        }
      };
    }
  }

  abstract Document read(int doc) throws IOException;

  /** Reads {@code count} documents from {@code first}, {@code stride} apart, wrapping. */
  void readAll(int first, int stride, int count) throws IOException {
    long doc = first % maxDoc;
    for (int i = 0; i < count; i++) {
      // Use what was read, so the JIT cannot skip decoding it.
      checksum += read((int) doc).getFields().size();
      doc = (doc + stride) % maxDoc;
    }
  }

  long checksum() {
    return checksum;
  }
}
