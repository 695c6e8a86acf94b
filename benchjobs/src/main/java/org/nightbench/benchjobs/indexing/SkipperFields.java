package org.nightbench.benchjobs.indexing;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.Version;

/**
 * Doc-values fields with a skip index ({@code DocValuesSkipper}), which Lucene 10.0 introduced:
 * their factories ({@code NumericDocValuesField.indexedField}, {@code
 * SortedDocValuesField.indexedField}) are looked up by reflection because the harness compiles
 * against 9.x. On a 9.x release {@link #available()} is false and the fields are not added.
 */
public final class SkipperFields {

  private static final MethodHandle NUMERIC = factory(NumericDocValuesField.class, long.class);
  private static final MethodHandle SORTED = factory(SortedDocValuesField.class, BytesRef.class);

  private SkipperFields() {}

  /** Whether this Lucene can index doc-values skippers. */
  public static boolean available() {
    return NUMERIC != null && SORTED != null;
  }

  /**
   * The one-line reason skipper tasks cannot run on this Lucene, naming the release; null when they
   * can.
   */
  public static String missingReason() {
    return available()
        ? null
        : "Lucene "
            + Version.LATEST
            + " has no doc-values skippers (DocValuesSkipper arrived in Lucene 10.0)";
  }

  static Field numeric(String name, long value) {
    try {
      return (Field) NUMERIC.invoke(name, value);
    } catch (Throwable t) {
      throw new IllegalStateException("cannot create skipper field " + name, t);
    }
  }

  static Field sorted(String name, BytesRef value) {
    try {
      return (Field) SORTED.invoke(name, value);
    } catch (Throwable t) {
      throw new IllegalStateException("cannot create skipper field " + name, t);
    }
  }

  private static MethodHandle factory(Class<?> type, Class<?> valueType) {
    try {
      return MethodHandles.publicLookup()
          .findStatic(type, "indexedField", MethodType.methodType(type, String.class, valueType));
    } catch (NoSuchMethodException | IllegalAccessException e) {
      return null;
    }
  }
}
