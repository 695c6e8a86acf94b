package org.nightbench.bisect;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CommitLinksTest {

  @Test
  void aGitHubRemoteLinksCommitsToGitHubAndAnyOtherToNothing() {
    assertThat(CommitLinks.base("https://github.com/apache/lucene.git"))
        .isEqualTo("https://github.com/apache/lucene");
    assertThat(CommitLinks.base("https://github.com/apache/lucene"))
        .isEqualTo("https://github.com/apache/lucene");
    assertThat(CommitLinks.base("git@github.com:apache/lucene.git"))
        .isEqualTo("https://github.com/apache/lucene");
    assertThat(CommitLinks.base("/tmp/lucene.git-fixture")).isNull();
    assertThat(CommitLinks.base("https://gitbox.apache.org/repos/asf/lucene.git")).isNull();
    assertThat(CommitLinks.base("https://github.com.evil.example/apache/lucene")).isNull();
    assertThat(CommitLinks.base(null)).isNull();
  }
}
