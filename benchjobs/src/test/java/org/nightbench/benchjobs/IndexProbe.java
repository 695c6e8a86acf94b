package org.nightbench.benchjobs;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SegmentCommitInfo;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/**
 * What a plain reader, knowing only the default codec, sees of an index's codec: in process, or as
 * a main on another release's classpath (printing {@link Seen#lines()}). Uses only API that 9.0 to
 * 10.x share.
 */
final class IndexProbe {

  static final String STORED_FIELDS_MODE = "Lucene90StoredFieldsFormat.mode";
  static final String POSTINGS_FORMAT = "PerFieldPostingsFormat.format";

  private IndexProbe() {}

  /**
   * @param codecs codec names of the commit's segments
   * @param storedFieldsModes the stored fields mode each segment records
   * @param postings {@code field=format} of every field with postings in every segment
   * @param hits a TermQuery's count
   */
  record Seen(Set<String> codecs, Set<String> storedFieldsModes, Set<String> postings, int hits) {

    List<String> lines() {
      List<String> out = new ArrayList<>();
      codecs.forEach(c -> out.add("codec " + c));
      storedFieldsModes.forEach(m -> out.add("storedFields " + m));
      postings.forEach(p -> out.add("postings " + p));
      out.add("hits " + hits);
      return out;
    }

    static Seen parse(List<String> lines) {
      Set<String> codecs = new TreeSet<>();
      Set<String> modes = new TreeSet<>();
      Set<String> postings = new TreeSet<>();
      int hits = -1;
      for (String line : lines) {
        String[] kv = line.split(" ", 2);
        switch (kv[0]) {
          case "codec" -> codecs.add(kv[1]);
          case "storedFields" -> modes.add(kv[1]);
          case "postings" -> postings.add(kv[1]);
          case "hits" -> hits = Integer.parseInt(kv[1]);
          default -> throw new IllegalArgumentException("not a probe line: " + line);
        }
      }
      return new Seen(codecs, modes, postings, hits);
    }
  }

  /** Opens {@code index} with a plain DirectoryReader and counts {@code field:term}. */
  static Seen look(Path index, String field, String term) throws IOException {
    Set<String> codecs = new TreeSet<>();
    Set<String> modes = new TreeSet<>();
    Set<String> postings = new TreeSet<>();
    try (Directory dir = FSDirectory.open(index);
        DirectoryReader reader = DirectoryReader.open(dir)) {
      for (SegmentCommitInfo si : SegmentInfos.readLatestCommit(dir)) {
        codecs.add(si.info.getCodec().getName());
        modes.add(String.valueOf(si.info.getAttribute(STORED_FIELDS_MODE)));
      }
      for (LeafReaderContext leaf : reader.leaves()) {
        for (FieldInfo fi : leaf.reader().getFieldInfos()) {
          String format = fi.getAttribute(POSTINGS_FORMAT);
          if (format != null) {
            postings.add(fi.name + "=" + format);
          }
        }
      }
      int hits = new IndexSearcher(reader).count(new TermQuery(new Term(field, term)));
      return new Seen(codecs, modes, postings, hits);
    }
  }

  /** {@code IndexProbe INDEX FIELD TERM}: prints what {@link #look} sees, one fact a line. */
  public static void main(String[] args) throws IOException {
    look(Path.of(args[0]), args[1], args[2]).lines().forEach(System.out::println);
  }
}
