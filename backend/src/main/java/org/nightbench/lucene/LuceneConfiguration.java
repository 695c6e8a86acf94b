package org.nightbench.lucene;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Registers {@link LuceneProperties}, the shared {@link MavenArtifacts} and the {@link
 * LuceneResolver}.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(LuceneProperties.class)
public class LuceneConfiguration {

  @Bean
  MavenArtifacts mavenArtifacts(LuceneProperties properties) {
    return new MavenArtifacts(properties); // closed by Spring via AutoCloseable
  }

  @Bean
  LuceneResolver luceneResolver(MavenArtifacts artifacts) {
    return new LuceneResolver(artifacts);
  }
}
