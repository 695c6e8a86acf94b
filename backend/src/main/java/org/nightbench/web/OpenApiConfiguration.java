package org.nightbench.web;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.info.License;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The OpenAPI description served at {@code /api/openapi} and browsable at {@code /api/docs}. */
@Configuration(proxyBeanMethods = false)
class OpenApiConfiguration {

  @Bean
  OpenAPI nightbenchOpenApi() {
    return new OpenAPI()
        .info(
            new Info()
                .title("Nightbench API")
                .version("v1")
                .description(
                    "Apache Lucene performance, night by night: benchmark series, their points"
                        + " and the runs that measured them.")
                .license(new License().name("Apache-2.0")));
  }

  /** Pages are HTML for people; only {@code /api/**} belongs in the API description. */
  @Bean
  OpenApiCustomizer onlyApiPaths() {
    return openApi -> {
      if (openApi.getPaths() != null) {
        openApi.getPaths().keySet().removeIf(path -> !path.startsWith("/api/"));
      }
    };
  }
}
