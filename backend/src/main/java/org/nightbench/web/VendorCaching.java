package org.nightbench.web;

import java.time.Duration;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.CacheControl;
import org.springframework.web.servlet.config.annotation.ResourceHandlerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Third-party files live under a path with their version in it (/vendor/dygraphs/2.2.2/), so they
 * never change under their URL: browsers keep them a year instead of asking again on every page.
 */
@Configuration
class VendorCaching implements WebMvcConfigurer {

  @Override
  public void addResourceHandlers(ResourceHandlerRegistry registry) {
    registry
        .addResourceHandler("/vendor/**")
        .addResourceLocations("classpath:/static/vendor/")
        .setCacheControl(CacheControl.maxAge(Duration.ofDays(365)).cachePublic().immutable());
  }
}
