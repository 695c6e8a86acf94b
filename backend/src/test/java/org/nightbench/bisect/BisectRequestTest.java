package org.nightbench.bisect;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** A bisect asks for JFR profiles as a comparison does, {@code "jfr": true}; the old word works. */
class BisectRequestTest {

  // As the API reads bodies: an unknown property is dropped, not refused.
  private static final JsonMapper JSON =
      JsonMapper.builder().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

  @Test
  void jfrTrueRecordsProfilesAsProfilesTrueDid() {
    assertThat(read("{\"changePointId\": 7, \"jfr\": true}").recordsJfr()).isTrue();
    assertThat(read("{\"changePointId\": 7, \"profiles\": true}").recordsJfr()).isTrue();
    assertThat(read("{\"changePointId\": 7}").recordsJfr()).isFalse();
    assertThat(read("{\"changePointId\": 7, \"jfr\": false}").recordsJfr()).isFalse();
  }

  private static BisectRequest read(String body) {
    return JSON.readValue(body, BisectRequest.class);
  }
}
