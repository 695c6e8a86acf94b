package org.nightbench.web;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.info.BuildProperties;
import org.springframework.boot.info.GitProperties;
import org.springframework.stereotype.Component;

/**
 * The version and commit this app was built from, for the page footer ({@code @buildInfo.line()}):
 * from {@code META-INF/build-info.properties} and {@code git.properties}, which the build writes;
 * each part is left out when the build wrote none (an IDE run, a build outside a git checkout).
 */
@Component("buildInfo")
public class BuildInfo {

  private final String line;

  BuildInfo(ObjectProvider<BuildProperties> build, ObjectProvider<GitProperties> git) {
    BuildProperties b = build.getIfAvailable();
    GitProperties g = git.getIfAvailable();
    String version = b == null ? null : b.getVersion();
    String commit = g == null ? null : g.getShortCommitId();
    StringBuilder text = new StringBuilder();
    if (version != null) {
      text.append("version ").append(version);
    }
    if (commit != null) {
      text.append(text.isEmpty() ? "" : ", ").append("commit ").append(commit);
    }
    this.line = text.toString();
  }

  /** {@code version 0.1.0-SNAPSHOT, commit 1a2b3c4}; empty when the build recorded neither. */
  public String line() {
    return line;
  }
}
