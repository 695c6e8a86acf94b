package org.nightbench.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AcceptEncodingTest {

  @Test
  void gzipWhenNamedOrAllowedByTheWildcard() {
    assertThat(AcceptEncoding.allowsGzip("gzip")).isTrue();
    assertThat(AcceptEncoding.allowsGzip("gzip, deflate, br, zstd")).isTrue();
    assertThat(AcceptEncoding.allowsGzip("br;q=1.0, GZIP;q=0.5")).isTrue();
    assertThat(AcceptEncoding.allowsGzip("*")).isTrue();
  }

  @Test
  void notWhenAbsentOrRefused() {
    assertThat(AcceptEncoding.allowsGzip(null)).isFalse();
    assertThat(AcceptEncoding.allowsGzip("identity")).isFalse();
    assertThat(AcceptEncoding.allowsGzip("br, deflate")).isFalse();
    assertThat(AcceptEncoding.allowsGzip("gzip;q=0")).isFalse();
    assertThat(AcceptEncoding.allowsGzip("gzip; q=0.000, *")).isFalse();
    assertThat(AcceptEncoding.allowsGzip("*;q=0")).isFalse();
  }
}
