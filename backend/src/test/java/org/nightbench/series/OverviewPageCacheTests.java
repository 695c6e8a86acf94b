package org.nightbench.series;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.user;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.HttpHeaders;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.transaction.annotation.Transactional;

/**
 * The overview as anonymous readers get it: rendered once per version of the data and query and
 * sent as prepared gzip, revalidated by its ETag, never stale after the data moves, and never
 * shared with a signed-in reader, whose page names them.
 */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
@Transactional
class OverviewPageCacheTests {

  @Autowired MockMvc mvc;
  @Autowired JdbcClient jdbc;

  @Test
  void anonymousReadersShareOnePreparedPageUntilTheDataMoves() throws Exception {
    SeriesTestData data = new SeriesTestData(jdbc);
    long series = data.series("search", "AndHighHighCached", "qps", "queries/s");
    data.point(series, data.run("9.11.0"), Instant.parse("2024-06-01T00:00:00Z"), 100.0, 1.0);

    // The first reader of a history written without ingestion judges its newest run (the digest),
    // which is new data: the page after it is the one kept.
    gzipped();
    MvcResult first = gzipped();
    MvcResult second = gzipped();
    String etag = first.getResponse().getHeader(HttpHeaders.ETAG);
    assertThat(etag).startsWith("W/\"o-");
    assertThat(second.getResponse().getHeader(HttpHeaders.ETAG)).isEqualTo(etag);
    assertThat(second.getResponse().getContentAsByteArray())
        .isEqualTo(first.getResponse().getContentAsByteArray());
    String page = gunzip(first);
    assertThat(page).contains("AndHighHighCached").doesNotContain("OrHighLowCached");

    // The same page unzipped for a client that does not take gzip.
    MvcResult plain =
        mvc.perform(get("/"))
            .andExpect(status().isOk())
            .andExpect(header().doesNotExist(HttpHeaders.CONTENT_ENCODING))
            .andReturn();
    assertThat(plain.getResponse().getContentAsString(StandardCharsets.UTF_8)).isEqualTo(page);

    // Revalidation: unchanged data answers 304 without a body.
    mvc.perform(get("/").header(HttpHeaders.IF_NONE_MATCH, etag))
        .andExpect(status().isNotModified());

    // A new series shows at once, under a new tag.
    long other = data.series("search", "OrHighLowCached", "qps", "queries/s");
    data.point(other, data.run("9.11.1"), Instant.parse("2024-06-02T00:00:00Z"), 90.0, 1.0);
    MvcResult after = gzipped();
    assertThat(after.getResponse().getHeader(HttpHeaders.ETAG)).isNotEqualTo(etag);
    assertThat(gunzip(after)).contains("AndHighHighCached").contains("OrHighLowCached");
    mvc.perform(get("/").header(HttpHeaders.IF_NONE_MATCH, etag)).andExpect(status().isOk());
  }

  @Test
  void aQueryIsAPageOfItsOwn() throws Exception {
    SeriesTestData data = new SeriesTestData(jdbc);
    long series = data.series("search", "FilteredPrefixCached", "qps", "queries/s");
    data.point(series, data.run("9.11.0"), Instant.parse("2024-06-01T00:00:00Z"), 100.0, 1.0);

    assertThat(gunzip(gzipped())).contains("FilteredPrefixCached");
    MvcResult none =
        mvc.perform(get("/").param("q", "no-such-task-anywhere").header("Accept-Encoding", "gzip"))
            .andExpect(status().isOk())
            .andReturn();
    assertThat(gunzip(none)).doesNotContain("FilteredPrefixCached");
  }

  @Test
  void aSignedInReaderGetsTheirOwnPage() throws Exception {
    SeriesTestData data = new SeriesTestData(jdbc);
    long series = data.series("search", "Term", "qps", "queries/s");
    data.point(series, data.run("9.11.0"), Instant.parse("2024-06-01T00:00:00Z"), 100.0, 1.0);
    gzipped();

    MvcResult signedIn =
        mvc.perform(get("/").with(user("jane-cached").roles("EDITOR")))
            .andExpect(status().isOk())
            .andReturn();
    assertThat(signedIn.getResponse().getHeader(HttpHeaders.ETAG)).isNull();
    assertThat(signedIn.getResponse().getContentAsString(StandardCharsets.UTF_8))
        .contains("jane-cached")
        .contains("csrf-token");
    // ... and the next anonymous reader does not get it.
    assertThat(gunzip(gzipped())).doesNotContain("jane-cached").doesNotContain("csrf-token");
  }

  private MvcResult gzipped() throws Exception {
    return mvc.perform(get("/").header("Accept-Encoding", "gzip"))
        .andExpect(status().isOk())
        .andExpect(header().string(HttpHeaders.CONTENT_ENCODING, "gzip"))
        .andExpect(header().string(HttpHeaders.VARY, "Accept-Encoding"))
        .andReturn();
  }

  private static String gunzip(MvcResult result) {
    return new String(
        PreparedPoints.gunzip(result.getResponse().getContentAsByteArray()),
        StandardCharsets.UTF_8);
  }
}
