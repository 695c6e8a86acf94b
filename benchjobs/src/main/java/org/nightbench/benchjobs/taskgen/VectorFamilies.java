package org.nightbench.benchjobs.taskgen;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.FieldInfos;
import org.apache.lucene.index.IndexReader;
import org.nightbench.benchjobs.indexing.DocumentVectors;
import org.nightbench.protocol.HarnessTasks;
import org.nightbench.protocol.tasks.Task;

/**
 * luceneutil's vector categories, generated when the index holds document vectors: each text is two
 * words as luceneutil's {@code wikinightly.tasks} has them (a frequent and a rarer one; here the
 * OrHighMed family's pairs), searched plainly (VectorSearch), with luceneutil's random 5 % filter
 * inside the graph search (PreFilteredVectorSearch, {@code +preFilter=5%}) and on its hits
 * (PostFilteredVectorSearch, {@code +filter=5%}). The texts are embedded later by the embed JVM;
 * whether a task has hits cannot be checked here, where there is no query vector, and a KNN search
 * finds neighbours for any vector anyway.
 */
final class VectorFamilies {

  /** luceneutil's share for both filtered vector categories. */
  static final String FILTER_PERCENT = "5%";

  private VectorFamilies() {}

  /** Whether the index has luceneutil's vector field. */
  static boolean indexed(IndexReader reader) {
    FieldInfo field = FieldInfos.getMergedFieldInfos(reader).fieldInfo(DocumentVectors.FIELD);
    return field != null && field.getVectorDimension() > 0;
  }

  /** Up to {@code perCategory} tasks of each vector category, the same texts in each. */
  static List<Task> tasks(TermFamilies terms, int perCategory) throws IOException {
    Set<String> texts = new LinkedHashSet<>();
    for (Candidate c : terms.candidates("OrHighMed")) {
      if (texts.size() >= perCategory) {
        break;
      }
      texts.add(c.query());
    }
    List<Task> tasks = new ArrayList<>();
    List<String> categories = HarnessTasks.VECTOR_CATEGORIES;
    for (String text : texts) {
      tasks.add(new Task(categories.get(0), "vector//" + text, null, 0));
    }
    for (String text : texts) {
      tasks.add(
          new Task(
              categories.get(1), "vector//" + text + " +preFilter=" + FILTER_PERCENT, null, 0));
    }
    for (String text : texts) {
      tasks.add(
          new Task(categories.get(2), "vector//" + text + " +filter=" + FILTER_PERCENT, null, 0));
    }
    return tasks;
  }
}
