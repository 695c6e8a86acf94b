package org.nightbench.protocol;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.Map;

/**
 * Completes a profile's section with what the run supplies: every component left out (null) whose
 * name the run has a value for ({@code indexDir}, {@code tasks}, {@code corpus}, {@code workDir},
 * {@code seed}, …) takes that value. The profile's own values win, so a section may pin a seed.
 */
public final class SpecInputs {

  private SpecInputs() {}

  /** {@code spec} with its missing components taken from {@code supplied}, by component name. */
  public static <S extends StepSpec> S complete(S spec, Map<String, ?> supplied) {
    RecordComponent[] components = spec.getClass().getRecordComponents();
    Object[] values = new Object[components.length];
    Class<?>[] types = new Class<?>[components.length];
    for (int i = 0; i < components.length; i++) {
      RecordComponent component = components[i];
      types[i] = component.getType();
      Object value = read(spec, component);
      Object given = supplied.get(component.getName());
      values[i] = value == null && given != null && types[i].isInstance(given) ? given : value;
    }
    try {
      Constructor<?> canonical = spec.getClass().getDeclaredConstructor(types);
      @SuppressWarnings("unchecked")
      S completed = (S) canonical.newInstance(values);
      return completed;
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof RuntimeException checkFailed) {
        throw checkFailed;
      }
      throw new IllegalStateException("cannot complete " + spec, e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot complete " + spec, e);
    }
  }

  private static Object read(StepSpec spec, RecordComponent component) {
    try {
      return component.getAccessor().invoke(spec);
    } catch (IllegalAccessException | InvocationTargetException e) {
      throw new IllegalStateException("cannot read " + component, e);
    }
  }
}
