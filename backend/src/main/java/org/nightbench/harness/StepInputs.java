package org.nightbench.harness;

import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.nightbench.protocol.StepSpec;

/**
 * Which earlier step of a run wrote what a step reads, so that a step's settings carry those that
 * shaped its input: search's numbers move when the index it queries was built with another codec,
 * so its points record {@code index.codec} and a changed indexing setting starts a segment on the
 * search series too. A path a spec names that does not exist when its step starts is that step's
 * product (the index directory, the task file, the embedded vectors); a later step naming the same
 * path reads it. Found from the paths themselves rather than from a list of which step feeds which,
 * so a new benchmark needs nothing here.
 */
final class StepInputs {

  private final Map<Path, StepSettings> producers = new HashMap<>();
  private final Map<StepSpec, StepSettings> settings = new IdentityHashMap<>();
  private final Map<StepSpec, List<Path>> pending = new IdentityHashMap<>();

  /**
   * Before {@code spec}'s JVM starts: what it reads, and what it is about to write, {@code out}
   * among them (a generated task file is a step's output, not a path of its spec).
   */
  void before(StepSpec spec, StepSettings own, Path out) {
    StepSettings merged = own;
    List<Path> products = new ArrayList<>();
    List<Path> paths = paths(spec);
    paths.add(out.toAbsolutePath().normalize());
    for (Path path : paths) {
      StepSettings producer = producers.get(path);
      if (producer != null) {
        merged = merged.readingFrom(producer);
      } else if (!Files.exists(path)) {
        products.add(path);
      }
    }
    settings.put(spec, merged);
    pending.put(spec, products);
  }

  /** After its JVM ended: the paths it wrote are its products for the steps after it. */
  void after(StepSpec spec) {
    StepSettings own = settings.get(spec);
    for (Path path : pending.remove(spec)) {
      if (Files.exists(path)) {
        producers.put(path, own);
      }
    }
  }

  /** The settings {@code spec}'s points record, with its inputs' (as it ran, or as it would). */
  StepSettings settings(StepSpec spec, List<String> jvmArgs) {
    StepSettings known = settings.get(spec);
    return known != null ? known : StepSettings.of(spec, jvmArgs);
  }

  private static List<Path> paths(StepSpec spec) {
    List<Path> paths = new ArrayList<>();
    for (RecordComponent component : spec.getClass().getRecordComponents()) {
      Object value = StepSettings.value(component, spec);
      if (value instanceof Path path) {
        paths.add(path.toAbsolutePath().normalize());
      } else if (value instanceof Collection<?> items) {
        items.stream()
            .filter(Path.class::isInstance)
            .map(item -> ((Path) item).toAbsolutePath().normalize())
            .forEach(paths::add);
      }
    }
    return paths;
  }
}
