package org.nightbench;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.scheduling.annotation.EnableAsync;
import org.springframework.scheduling.annotation.EnableScheduling;

/** Nightbench: nightly performance tracking for Apache Lucene. */
@SpringBootApplication
@ConfigurationPropertiesScan
@EnableScheduling
@EnableAsync
public class NightbenchApplication {

  public static void main(String[] args) {
    SpringApplication.run(NightbenchApplication.class, args);
  }
}
