package org.nightbench.harness;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.HashMap;
import java.util.Map;
import org.nightbench.protocol.StepSpec;

/**
 * Spec records built and copied by their components' names, so the backend names only the
 * components it sets (the run's paths and seeds, a comparison side's codec) and a setting added to
 * a record reaches the spec file without a line here: the copy keeps every other component as the
 * profile's section bound it. The record's compact constructor runs again on each copy, so its
 * checks hold for what the run supplied too.
 */
public final class SpecCopies {

  private SpecCopies() {}

  /** {@code type} with every component left out: every setting at the record's default. */
  public static <S extends StepSpec> S defaults(Class<S> type) {
    return build(type, new Object[type.getRecordComponents().length]);
  }

  /**
   * {@code spec} with the components named in {@code values} replaced; a null value leaves the
   * component as it is.
   *
   * @throws IllegalArgumentException when a name is no component of the record or a value is not of
   *     its type: a mistake in the caller, not in a profile
   */
  public static <S extends StepSpec> S with(S spec, Map<String, ?> values) {
    RecordComponent[] components = spec.getClass().getRecordComponents();
    Object[] args = new Object[components.length];
    Map<String, Object> left = new HashMap<>(values);
    for (int i = 0; i < components.length; i++) {
      RecordComponent component = components[i];
      Object given = left.remove(component.getName());
      if (given != null && !component.getType().isInstance(given)) {
        throw new IllegalArgumentException(
            component.getName() + " of " + spec.type() + " is no " + given.getClass());
      }
      args[i] = given != null ? given : StepSettings.value(component, spec);
    }
    if (!left.isEmpty()) {
      throw new IllegalArgumentException(spec.type() + " has no settings " + left.keySet());
    }
    @SuppressWarnings("unchecked")
    Class<S> type = (Class<S>) spec.getClass();
    return build(type, args);
  }

  private static <S extends StepSpec> S build(Class<S> type, Object[] args) {
    RecordComponent[] components = type.getRecordComponents();
    Class<?>[] types = new Class<?>[components.length];
    for (int i = 0; i < components.length; i++) {
      types[i] = components[i].getType();
    }
    try {
      Constructor<S> canonical = type.getDeclaredConstructor(types);
      return canonical.newInstance(args);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof RuntimeException checkFailed) {
        throw checkFailed;
      }
      throw new IllegalStateException("cannot build " + type.getSimpleName(), e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot build " + type.getSimpleName(), e);
    }
  }
}
