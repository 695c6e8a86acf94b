package org.nightbench.benchjobs.runner;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.Map;
import java.util.Optional;
import org.nightbench.protocol.BareLoopSpec;
import org.nightbench.protocol.BenchmarkDefinition;
import org.nightbench.protocol.Benchmarks;
import org.nightbench.protocol.GenerateTasksSpec;
import org.nightbench.protocol.StepSpec;

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
  static final Map<Class<? extends StepSpec>, String> WITHOUT_DEFINITION =
      Map.of(
          GenerateTasksSpec.class, "org.nightbench.benchjobs.taskgen.GenerateTasks",
          BareLoopSpec.class, "org.nightbench.benchjobs.search.BareLoop");

  private BenchmarkClasses() {}

  /** The benchmark whose spec record is {@code record}; empty for a step that is no benchmark. */
  private static Optional<BenchmarkDefinition> definitionOf(Class<? extends StepSpec> record) {
    return Benchmarks.of(record);
  }

  /** The fully qualified name of the class that runs the step of spec record {@code record}. */
  public static String className(Class<? extends StepSpec> record) {
    return definitionOf(record)
        .map(BenchmarkDefinition::benchmarkClass)
        .or(() -> Optional.ofNullable(WITHOUT_DEFINITION.get(record)))
        .orElseThrow(
            () -> new IllegalArgumentException("no benchmark class for " + record.getSimpleName()));
  }

  /**
   * A new instance of the class that runs {@code spec}: a {@link Benchmark} or a {@link
   * Preparation} of its record.
   */
  public static Object instantiate(StepSpec spec) {
    return instantiate(spec.getClass(), spec.type(), className(spec.getClass()));
  }

  /** As {@link #instantiate(StepSpec)}, for the record, the step's name and the class's name. */
  static Object instantiate(Class<? extends StepSpec> record, String step, String name) {
    String what = "benchmark class " + name + " of " + step;
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
    if (measures != record) {
      throw new IllegalArgumentException(
          what + " measures " + measures.getTypeName() + ", not " + record.getSimpleName());
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
