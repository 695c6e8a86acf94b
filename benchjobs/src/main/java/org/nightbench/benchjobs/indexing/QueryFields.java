package org.nightbench.benchjobs.indexing;

import java.util.List;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.util.BytesRef;

/**
 * The fields luceneutil's grouping, doc-values range and skipper-sort tasks read, with its names:
 * {@code group100}, {@code group10K}, {@code group1M} (sorted doc values whose value depends on the
 * doc id modulo the cardinality, so a corpus smaller than the cardinality has one group per
 * document), {@code groupblock} and the {@code groupend} marker of documents indexed in blocks of
 * {@link #BLOCK_DOCS}, and on Lucene 10.x the skipper twins {@code lastMod_skipper}, {@code
 * month_skipper}, {@code dayOfYear_skipper} and {@code title_skipper}.
 */
public final class QueryFields {

  /** Term-grouping fields and their nominal cardinalities, as luceneutil's nightly. */
  public static final String GROUP_100 = "group100";

  public static final String GROUP_10K = "group10K";
  public static final String GROUP_1M = "group1M";

  /** Group fields by nominal cardinality, in luceneutil's order. */
  public static final List<String> GROUP_FIELDS = List.of(GROUP_100, GROUP_10K, GROUP_1M);

  /** The block a document was indexed in, as sorted doc values (one value per block). */
  public static final String GROUP_BLOCK = "groupblock";

  /** Marks the last document of each block ({@code groupend:x}), as luceneutil. */
  public static final String GROUP_END = "groupend";

  public static final String GROUP_END_VALUE = "x";

  /**
   * Documents per block. luceneutil sizes blocks from the total it will index; a streamed corpus
   * has no total up front, so blocks have a fixed size and their count follows the corpus.
   */
  public static final int BLOCK_DOCS = 16;

  /**
   * The title as analysed text, for luceneutil's {@code +dismaxFields=} and {@code
   * +combinedFields=}.
   */
  public static final String TITLE_TOKENIZED = "titleTokenized";

  public static final String LAST_MOD_SKIPPER = "lastMod_skipper";
  public static final String MONTH_SKIPPER = "month_skipper";
  public static final String DAY_OF_YEAR_SKIPPER = "dayOfYear_skipper";
  public static final String TITLE_SKIPPER = "title_skipper";

  private static final int[] CARDINALITIES = {100, 10_000, 1_000_000};

  private QueryFields() {}

  /** Nominal cardinality of a group field. */
  public static int cardinality(String groupField) {
    return CARDINALITIES[GROUP_FIELDS.indexOf(groupField)];
  }

  /** Adds the group fields of document {@code id} (and its block's value) to {@code doc}. */
  static void addGroups(Document doc, long id) {
    for (int i = 0; i < CARDINALITIES.length; i++) {
      doc.add(new SortedDocValuesField(GROUP_FIELDS.get(i), group(CARDINALITIES[i], id)));
    }
    doc.add(new SortedDocValuesField(GROUP_BLOCK, new BytesRef(blockLabel(id / BLOCK_DOCS))));
  }

  /** Adds the title as text of its own field, as luceneutil's {@code titleTokenized}. */
  static void addTitleTokenized(Document doc, String title) {
    doc.add(new TextField(TITLE_TOKENIZED, title, Field.Store.NO));
  }

  /** Adds the skipper twins of the date and title fields, where this Lucene has skippers. */
  static void addSkippers(Document doc, CorpusDate date, BytesRef title) {
    if (!SkipperFields.available()) {
      return;
    }
    doc.add(SkipperFields.sorted(TITLE_SKIPPER, title));
    if (date != null) {
      doc.add(SkipperFields.numeric(LAST_MOD_SKIPPER, date.epochMillis()));
      doc.add(SkipperFields.sorted(MONTH_SKIPPER, new BytesRef(date.monthName())));
      doc.add(SkipperFields.numeric(DAY_OF_YEAR_SKIPPER, date.dayOfYear()));
    }
  }

  /** Marks {@code doc} as the last of its block, for block grouping. */
  public static void markBlockEnd(Document doc) {
    doc.add(new StringField(GROUP_END, GROUP_END_VALUE, Field.Store.NO));
  }

  /**
   * A stable, well-spread label for slot {@code id % cardinality}: luceneutil draws random strings;
   * a hash of the slot gives the same spread without a random source shared between threads.
   */
  private static BytesRef group(int cardinality, long id) {
    long slot = id % cardinality;
    return new BytesRef(Long.toHexString(mix(cardinality * 0x9E3779B97F4A7C15L + slot)));
  }

  private static String blockLabel(long block) {
    return Long.toHexString(mix(block ^ 0xB10C4L));
  }

  /** SplitMix64's finaliser. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
