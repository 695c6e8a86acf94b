package org.nightbench.series;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.Set;
import org.springframework.context.ApplicationContext;
import org.springframework.stereotype.Component;
import org.thymeleaf.ITemplateEngine;
import org.thymeleaf.context.Context;
import org.thymeleaf.spring6.expression.ThymeleafEvaluationContext;

/**
 * The overview's list of series as HTML, rendered once per version of the data, filter and context
 * path and then shared by every reader: rendering the rows (sparklines, formatted values, links)
 * was most of a request's time, and thirty-two readers of the same page need it once, not
 * thirty-two times. The list holds nothing of the reader (no session, no user, no token), which is
 * why it may be shared; the page around it is still rendered per request.
 */
@Component
class OverviewListHtml {

  static final String TEMPLATE = "series/overview-list";

  /** Characters of HTML kept: the default page of the nightly's groups is about 0.3 M. */
  private static final long MAX_CHARACTERS = 32L * 1024 * 1024;

  private record Key(String version, OverviewFilter filter, String contextPath) {}

  private final ITemplateEngine templates;
  private final ApplicationContext application;
  private final Cache<Key, String> rendered =
      Caffeine.newBuilder()
          .maximumWeight(MAX_CHARACTERS)
          .weigher((Key key, String html) -> html.length())
          .build();

  OverviewListHtml(ITemplateEngine templates, ApplicationContext application) {
    this.templates = templates;
    this.application = application;
  }

  /** The list of {@code overview} for pages under {@code contextPath} (empty at the root). */
  String html(Overview overview, String contextPath) {
    return rendered.get(
        new Key(overview.version(), overview.filter(), contextPath),
        key -> render(overview, contextPath));
  }

  private String render(Overview overview, String contextPath) {
    Context context = new Context();
    context.setVariable("overview", overview);
    context.setVariable("contextPath", contextPath);
    // Lets the template call @sparkline and @valueFormat outside a request.
    context.setVariable(
        ThymeleafEvaluationContext.THYMELEAF_EVALUATION_CONTEXT_CONTEXT_VARIABLE_NAME,
        new ThymeleafEvaluationContext(application, null));
    return templates.process(TEMPLATE, Set.of("series-list"), context);
  }
}
