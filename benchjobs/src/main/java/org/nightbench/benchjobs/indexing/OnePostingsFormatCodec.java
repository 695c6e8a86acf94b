package org.nightbench.benchjobs.indexing;

import org.apache.lucene.codecs.Codec;
import org.apache.lucene.codecs.FilterCodec;
import org.apache.lucene.codecs.PostingsFormat;
import org.apache.lucene.codecs.perfield.PerFieldPostingsFormat;

/**
 * The delegate codec, under the delegate's own name, writing every field with one postings format.
 * PerFieldPostingsFormat records that format's name in each field's attributes, so the plain
 * default codec reads the index back (given the format's jar): search, pk-lookup and nrt need not
 * know this class.
 */
public final class OnePostingsFormatCodec extends FilterCodec {

  private final PostingsFormat postings;

  public OnePostingsFormatCodec(Codec delegate, PostingsFormat format) {
    super(delegate.getName(), delegate);
    // PerFieldPostingsFormat rather than the format itself: only it writes the per-field attributes
    // the default codec's reader looks the format up by.
    this.postings =
        new PerFieldPostingsFormat() {
          @Override
          public PostingsFormat getPostingsFormatForField(String field) {
            return format;
          }
        };
  }

  @Override
  public PostingsFormat postingsFormat() {
    return postings;
  }
}
