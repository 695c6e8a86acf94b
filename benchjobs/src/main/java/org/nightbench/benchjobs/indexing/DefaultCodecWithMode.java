package org.nightbench.benchjobs.indexing;

import java.lang.reflect.Constructor;
import org.apache.lucene.codecs.Codec;

/**
 * The release's default codec with a chosen stored fields mode. Reached reflectively: the class
 * (Lucene90Codec ... Lucene104Codec) changes with most minors, but each has a public constructor
 * taking its nested {@code Mode} enum.
 */
public final class DefaultCodecWithMode {

  private DefaultCodecWithMode() {}

  public static Codec create(StoredFieldsMode mode) {
    Class<? extends Codec> type = Codec.getDefault().getClass();
    Class<?> modeType = nestedMode(type);
    Object constant = constant(modeType, mode.luceneName());
    try {
      Constructor<? extends Codec> constructor = type.getConstructor(modeType);
      return constructor.newInstance(constant);
    } catch (ReflectiveOperationException e) {
      throw new IllegalArgumentException(
          "stored-fields is not supported by "
              + type.getSimpleName()
              + ": no public constructor taking "
              + modeType.getName(),
          e);
    }
  }

  private static Class<?> nestedMode(Class<?> codec) {
    for (Class<?> nested : codec.getClasses()) {
      if (nested.isEnum() && nested.getSimpleName().equals("Mode")) {
        return nested;
      }
    }
    throw new IllegalArgumentException(
        "stored-fields is not supported by " + codec.getSimpleName() + ": it has no Mode enum");
  }

  private static Object constant(Class<?> modeType, String name) {
    for (Object c : modeType.getEnumConstants()) {
      if (((Enum<?>) c).name().equals(name)) {
        return c;
      }
    }
    throw new IllegalArgumentException(
        "stored-fields is not supported by " + modeType.getName() + ": it has no " + name);
  }
}
