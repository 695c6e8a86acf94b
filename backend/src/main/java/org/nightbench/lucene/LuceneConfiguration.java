package org.nightbench.lucene;

import org.nightbench.jdk.JdkFinder;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Registers {@link LuceneProperties}, {@link LuceneGitProperties}, the shared {@link
 * MavenArtifacts}, the {@link GitLuceneBuilder}, the {@link LuceneSpecCheck} and the {@link
 * LuceneResolver}.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({LuceneProperties.class, LuceneGitProperties.class})
public class LuceneConfiguration {

  @Bean
  MavenArtifacts mavenArtifacts(LuceneProperties properties) {
    return new MavenArtifacts(properties); // closed by Spring via AutoCloseable
  }

  @Bean
  GitLuceneBuilder gitLuceneBuilder(LuceneGitProperties properties, JdkFinder jdks) {
    return new GitLuceneBuilder(properties, jdks);
  }

  @Bean
  LuceneSpecCheck luceneSpecCheck(LuceneProperties properties) {
    return new LuceneSpecCheck(properties.jarRoots());
  }

  @Bean
  LuceneResolver luceneResolver(
      MavenArtifacts artifacts, GitLuceneBuilder git, LuceneSpecCheck check) {
    return new LuceneResolver(artifacts, git, check);
  }
}
