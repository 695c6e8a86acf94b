package org.nightbench.bisect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.transaction.annotation.Transactional;

/**
 * The bisects page lists a hundred a page, the newest first, and the "older" link walks them all; a
 * page out of range is a 400. Its finished bisects are written straight to the database, in a
 * transaction rolled back after.
 */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
@Transactional
class BisectListPagingTests {

  private static final int PAGE_SIZE = 100;

  @Autowired MockMvc mvc;
  @Autowired JdbcClient jdbc;

  @Test
  void theBisectsPageListsAHundredAPageNewestFirst() throws Exception {
    jdbc.sql(
            "insert into bisect (benchmark, task, metric, jvms, max_jvms, state, good_position,"
                + " bad_position, message, requested_by, finished_at) select 'search', 'Term',"
                + " 'qps', 2, 2, 'failed', 0, 1, 'paged ' || i, 'test', now()"
                + " from generate_series(1, 130) i")
        .update();
    List<Long> everyone =
        jdbc.sql("select id from bisect order by id desc").query(Long.class).list();

    List<Long> listed = new ArrayList<>();
    String next = "/bisects";
    int pages = 0;
    while (next != null) {
      String html =
          mvc.perform(get(next))
              .andExpect(status().isOk())
              .andReturn()
              .getResponse()
              .getContentAsString();
      List<String> page = matches(html, "<td><a href=\"/bisects/(\\d+)\">");
      assertThat(page).hasSizeLessThanOrEqualTo(PAGE_SIZE).isNotEmpty();
      page.forEach(id -> listed.add(Long.valueOf(id)));
      pages++;
      assertThat(pages).isLessThanOrEqualTo(everyone.size() / PAGE_SIZE + 1);
      List<String> links = matches(html, "href=\"([^\"]+)\" rel=\"next\"");
      next = links.isEmpty() ? null : links.get(0).replace("&amp;", "&");
    }
    assertThat(listed).containsExactlyElementsOf(everyone);
    assertThat(pages).isGreaterThanOrEqualTo(2);
    assertThat(
            mvc.perform(get("/bisects").param("page", "2"))
                .andReturn()
                .getResponse()
                .getContentAsString())
        .contains("href=\"/bisects?page=1\" rel=\"prev\"");
    for (String page : new String[] {"0", "10001", "x"}) {
      mvc.perform(get("/bisects").param("page", page)).andExpect(status().isBadRequest());
    }
  }

  private static List<String> matches(String html, String regex) {
    List<String> found = new ArrayList<>();
    Matcher m = Pattern.compile(regex).matcher(html);
    while (m.find()) {
      found.add(m.group(1));
    }
    return found;
  }
}
