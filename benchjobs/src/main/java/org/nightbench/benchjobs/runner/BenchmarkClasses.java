package org.nightbench.benchjobs.runner;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.Map;
import org.nightbench.protocol.BenchmarkDefinition;
import org.nightbench.protocol.Benchmarks;
import org.nightbench.protocol.StepType;

/**
 * Which class runs a step: the one its benchmark's definition names ({@link
 * BenchmarkDefinition#benchmarkClass()}), instantiated by its no-argument constructor. Reflective,
 * so a new benchmark is its definition and its class, with no dispatch to edit; a class that is
 * missing or of the wrong shape fails with one line naming it.
 */
public final class BenchmarkClasses {

  /**
   * The steps that are no benchmark of their own and so have no definition: the task file a run
   * prepares, and the lab's measure of the timing loop's own cost.
   */
  static final Map<StepType, String> WITHOUT_DEFINITION =
      Map.of(
          StepType.GENERATE_TASKS, "org.nightbench.benchjobs.taskgen.GenerateTasks",
          StepType.BARE_LOOP, "org.nightbench.benchjobs.search.BareLoop");

  private BenchmarkClasses() {}

  /** The fully qualified name of the class that runs {@code step}. */
  public static String className(StepType step) {
    return Benchmarks.ALL.stream()
        .filter(b -> b.step() == step)
        .map(BenchmarkDefinition::benchmarkClass)
        .findFirst()
        .or(() -> java.util.Optional.ofNullable(WITHOUT_DEFINITION.get(step)))
        .orElseThrow(
            () -> new IllegalArgumentException("no benchmark class for step " + step.specName()));
  }

  /**
   * A new instance of the class that runs {@code step}: a {@link Benchmark} or a {@link
   * Preparation} of the step's spec record.
   */
  public static Object instantiate(StepType step) {
    return instantiate(step, className(step));
  }

  static Object instantiate(StepType step, String name) {
    String what = "benchmark class " + name + " of " + step.specName();
    Class<?> type;
    try {
      type = Class.forName(name);
    } catch (ClassNotFoundException e) {
      // A LinkageError (Lucene missing from the class path) goes on: Harness names its cause.
      throw new IllegalArgumentException(what + " is not on the class path");
    }
    Class<?> shape = Benchmark.class.isAssignableFrom(type) ? Benchmark.class : Preparation.class;
    if (!shape.isAssignableFrom(type)) {
      throw new IllegalArgumentException(what + " implements neither Benchmark nor Preparation");
    }
    Type measures = specOf(type, shape);
    if (measures != step.record()) {
      throw new IllegalArgumentException(
          what + " measures " + measures.getTypeName() + ", not " + step.record().getSimpleName());
    }
    try {
      var constructor = type.getDeclaredConstructor();
      if (!Modifier.isPublic(constructor.getModifiers())
          || !Modifier.isPublic(type.getModifiers())) {
        throw new NoSuchMethodException();
      }
      return constructor.newInstance();
    } catch (NoSuchMethodException e) {
      throw new IllegalArgumentException(what + " has no public no-argument constructor");
    } catch (InvocationTargetException e) {
      throw new IllegalStateException(what + " failed to construct", e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalArgumentException(what + " cannot be instantiated: " + e);
    }
  }

  /** The spec type argument with which {@code type} implements {@code shape}. */
  private static Type specOf(Class<?> type, Class<?> shape) {
    for (Type implemented : type.getGenericInterfaces()) {
      if (implemented instanceof ParameterizedType p && p.getRawType() == shape) {
        return p.getActualTypeArguments()[0];
      }
    }
    // Through a superclass: not a shape the harness uses, so not looked into.
    return Object.class;
  }
}
