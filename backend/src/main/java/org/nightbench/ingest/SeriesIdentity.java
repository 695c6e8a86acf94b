package org.nightbench.ingest;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.stream.Stream;

/**
 * Everything that makes two measurements comparable. Results are only ever compared within one
 * identity; a new machine, JDK, corpus or profile starts a new series rather than a fake jump.
 */
public record SeriesIdentity(
    String benchmark,
    String task,
    String metric,
    String machine,
    String jdk,
    String corpus,
    String profile) {

  /** A stable hash of the identifying fields, the series' unique key in the database. */
  public String fingerprint() {
    String joined =
        String.join(
            "\u001f", Stream.of(benchmark, task, metric, machine, jdk, corpus, profile).toList());
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(joined.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
