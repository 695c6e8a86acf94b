package org.nightbench.series.digest;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.Set;
import org.nightbench.lucene.LuceneGitProperties;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.ApplicationContext;
import org.springframework.stereotype.Component;
import org.thymeleaf.ITemplateEngine;
import org.thymeleaf.context.Context;
import org.thymeleaf.spring6.expression.ThymeleafEvaluationContext;

/**
 * The overview's digest as HTML, rendered once per version of the data and context path and shared
 * by every reader, as the overview's list is: the page at {@code /} then costs one version read
 * more than before, not a digest.
 */
@Component
public class MorningDigestHtml {

  static final String TEMPLATE = "digest/morning";

  private record Key(String version, String contextPath) {}

  private final DigestService digests;
  private final ITemplateEngine templates;
  private final ApplicationContext application;
  private final String luceneWebUrl;
  private final Cache<Key, String> rendered = Caffeine.newBuilder().maximumSize(16).build();

  MorningDigestHtml(
      DigestService digests,
      ITemplateEngine templates,
      ApplicationContext application,
      @Value("${nightbench.lucene.git.web-url:" + LuceneGitProperties.APACHE_LUCENE_WEB + "}")
          String luceneWebUrl) {
    this.digests = digests;
    this.templates = templates;
    this.application = application;
    this.luceneWebUrl = luceneWebUrl;
  }

  /** The digest of every machine's newest run, for pages under {@code contextPath}. */
  public String html(String contextPath) {
    DigestService.Morning morning = digests.morning();
    return rendered.get(
        new Key(morning.version(), contextPath), key -> render(morning, contextPath));
  }

  private String render(DigestService.Morning morning, String contextPath) {
    Context context = new Context();
    context.setVariable("morning", morning);
    context.setVariable("contextPath", contextPath);
    context.setVariable("luceneWebUrl", luceneWebUrl);
    context.setVariable(
        ThymeleafEvaluationContext.THYMELEAF_EVALUATION_CONTEXT_CONTEXT_VARIABLE_NAME,
        new ThymeleafEvaluationContext(application, null));
    return templates.process(TEMPLATE, Set.of("morning-digest"), context);
  }
}
