package org.nightbench.harness;

import org.nightbench.runs.RunnerProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Wires the launcher to the harness jar extracted into the runner's work directory. */
@Configuration(proxyBeanMethods = false)
class HarnessConfiguration {

  @Bean
  HarnessJar harnessJar(RunnerProperties runner) {
    return new HarnessJar(runner.workDirectory().resolve("harness"));
  }

  @Bean
  HarnessLauncher harnessLauncher(HarnessJar harnessJar) {
    return new HarnessLauncher(harnessJar);
  }
}
