package org.nightbench.harness.plan;

import java.io.IOException;
import java.nio.file.Path;

/** Writes the tasks of {@code all} a comparison measures to {@code selected}. */
@FunctionalInterface
public interface TaskSelection {
  void select(Path all, Path selected) throws IOException;
}
