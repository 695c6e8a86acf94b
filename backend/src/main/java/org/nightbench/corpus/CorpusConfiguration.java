package org.nightbench.corpus;

import org.nightbench.lucene.MavenArtifacts;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Registers {@link CorpusProperties} and the {@link CorpusProvider}, which shares the Lucene Maven
 * setup.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(CorpusProperties.class)
public class CorpusConfiguration {

  @Bean
  CorpusProvider corpusProvider(CorpusProperties properties, MavenArtifacts artifacts) {
    return new CorpusProvider(properties, artifacts);
  }
}
