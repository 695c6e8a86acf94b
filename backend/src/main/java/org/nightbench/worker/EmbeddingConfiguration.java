package org.nightbench.worker;

import org.nightbench.harness.EmbeddingModel;
import org.nightbench.lucene.EmbeddingModelArtifacts;
import org.nightbench.runs.RunnerProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The embedding model of the vector search step: its jars resolved on first use, its vectors kept
 * under the work directory's {@code vectors}, which outlives every run's own directory.
 */
@Configuration(proxyBeanMethods = false)
class EmbeddingConfiguration {

  @Bean
  EmbeddingModel embeddingModel(RunnerProperties settings, EmbeddingModelArtifacts artifacts) {
    return new EmbeddingModel(settings.workDirectory().resolve("vectors"), artifacts::jars);
  }
}
