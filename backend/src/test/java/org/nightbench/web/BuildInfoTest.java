package org.nightbench.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.boot.actuate.info.GitInfoContributor;
import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.info.BuildProperties;
import org.springframework.boot.info.GitProperties;

/** The footer's build line, also for builds that recorded no commit or nothing at all. */
class BuildInfoTest {

  @Test
  void versionAndShortCommit() {
    Properties git = new Properties();
    git.setProperty("commit.id", "1a2b3c4d5e6f");
    assertThat(new BuildInfo(provider(build("1.2.3")), provider(new GitProperties(git))).line())
        .isEqualTo("version 1.2.3, commit 1a2b3c4");
  }

  @Test
  void aBuildOutsideAGitCheckoutShowsItsVersionOnly() {
    // git-commit-id writes an empty git.properties there; /actuator/info must cope too.
    GitProperties empty = new GitProperties(new Properties());
    assertThat(new BuildInfo(provider(build("1.2.3")), provider(empty)).line())
        .isEqualTo("version 1.2.3");
    Info.Builder info = new Info.Builder();
    new GitInfoContributor(empty).contribute(info);
    assertThat(info.build().getDetails()).doesNotContainKey("commit");
  }

  @Test
  void nothingRecordedIsAnEmptyLine() {
    DefaultListableBeanFactory none = new DefaultListableBeanFactory();
    assertThat(
            new BuildInfo(
                    none.getBeanProvider(BuildProperties.class),
                    none.getBeanProvider(GitProperties.class))
                .line())
        .isEmpty();
  }

  private static BuildProperties build(String version) {
    Properties build = new Properties();
    build.setProperty("version", version);
    return new BuildProperties(build);
  }

  @SuppressWarnings("unchecked")
  private static <T> ObjectProvider<T> provider(T bean) {
    DefaultListableBeanFactory factory = new DefaultListableBeanFactory();
    factory.registerSingleton("bean", bean);
    return (ObjectProvider<T>) factory.getBeanProvider(bean.getClass());
  }
}
