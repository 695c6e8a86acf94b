package org.nightbench.benchjobs.indexing;

import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.nightbench.benchjobs.linedocs.LineDoc;

/**
 * The one place that decides which fields a benchmark document has: indexing, NRT updates and the
 * query families that need a field all agree through here.
 */
public final class BenchmarkDocuments {

  /** Primary key field: the document's position in the corpus, as a decimal string. */
  public static final String ID = "id";

  public static final String TITLE = "title";
  public static final String DATE = "date";
  public static final String BODY = "body";

  private BenchmarkDocuments() {}

  /** The document for corpus entry {@code id}. */
  public static Document build(long id, LineDoc line) {
    Document doc = new Document();
    doc.add(new StringField(ID, Long.toString(id), Field.Store.YES));
    doc.add(new TextField(TITLE, line.title(), Field.Store.NO));
    doc.add(new StringField(DATE, line.date(), Field.Store.NO));
    doc.add(new TextField(BODY, line.body(), Field.Store.NO));
    return doc;
  }
}
