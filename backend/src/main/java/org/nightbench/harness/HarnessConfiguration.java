package org.nightbench.harness;

import java.nio.file.Path;
import java.util.List;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Wires the launcher to the harness jar extracted into the runner's work directory, read from its
 * setting so that this package needs nothing from the runs that use it.
 */
@Configuration(proxyBeanMethods = false)
class HarnessConfiguration {

  @Bean
  HarnessJar harnessJar(@Value("${nightbench.runner.work-directory}") Path workDirectory) {
    return new HarnessJar(workDirectory.resolve("harness"));
  }

  @Bean
  HarnessLauncher harnessLauncher(
      HarnessJar harnessJar,
      @Value("${nightbench.runner.harness-class-path:}") List<String> benchmarkClassPath) {
    return new HarnessLauncher(
        harnessJar,
        benchmarkClassPath.stream().filter(entry -> !entry.isBlank()).map(Path::of).toList());
  }
}
