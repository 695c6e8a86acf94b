package org.nightbench.corpus;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.nightbench.jdk.JdkConfiguration;
import org.nightbench.jdk.JdkFinder;
import org.nightbench.jdk.JdkProperties;
import org.nightbench.lucene.LuceneConfiguration;
import org.nightbench.lucene.LuceneProperties;
import org.nightbench.lucene.LuceneResolver;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** The three configurations alone, without the application (and so without a DataSource). */
class ConfigurationBindingTest {

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withUserConfiguration(
              LuceneConfiguration.class, JdkConfiguration.class, CorpusConfiguration.class);

  @Test
  void defaultsNeedNoProperties() {
    runner.run(
        context -> {
          assertThat(context)
              .hasNotFailed()
              .hasSingleBean(LuceneResolver.class)
              .hasSingleBean(JdkFinder.class)
              .hasSingleBean(CorpusProvider.class);
          assertThat(context.getBean(LuceneProperties.class))
              .isEqualTo(LuceneProperties.defaults());
          assertThat(context.getBean(JdkProperties.class)).isEqualTo(JdkProperties.defaults());
          assertThat(context.getBean(CorpusProperties.class))
              .isEqualTo(CorpusProperties.defaults());
        });
  }

  @Test
  void bindsEveryProperty() {
    String home = System.getProperty("user.home");
    runner
        .withPropertyValues(
            "nightbench.lucene.repositories="
                + LuceneProperties.MAVEN_CENTRAL
                + ","
                + LuceneProperties.APACHE_SNAPSHOTS,
            "nightbench.lucene.local-repository=~/m2-nightbench",
            "nightbench.jdk.search-roots=/opt/jdks,~/jdks",
            "nightbench.jdk.home=/opt/jdks/temurin-25",
            "nightbench.corpus.source=/data/enwiki.lines.txt",
            "nightbench.corpus.cache-dir=/var/cache/nightbench")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context.getBean(LuceneProperties.class))
                  .isEqualTo(
                      new LuceneProperties(
                          List.of(
                              URI.create(LuceneProperties.MAVEN_CENTRAL),
                              URI.create(LuceneProperties.APACHE_SNAPSHOTS)),
                          Path.of(home, "m2-nightbench")));
              assertThat(context.getBean(JdkProperties.class))
                  .isEqualTo(
                      new JdkProperties(
                          List.of(Path.of("/opt/jdks"), Path.of(home, "jdks")),
                          Path.of("/opt/jdks/temurin-25")));
              assertThat(context.getBean(CorpusProperties.class))
                  .isEqualTo(
                      new CorpusProperties(
                          "/data/enwiki.lines.txt", Path.of("/var/cache/nightbench")));
            });
  }
}
