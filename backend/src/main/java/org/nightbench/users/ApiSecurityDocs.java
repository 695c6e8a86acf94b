package org.nightbench.users;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import java.util.List;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Declares HTTP Basic in the OpenAPI document and marks each operation that needs a sign-in (every
 * write but the public ones, and the admins' reads), so Swagger's "Authorize" and "Try it out" send
 * credentials. The operations are picked by the rules {@link SecurityConfiguration} enforces.
 */
@Configuration(proxyBeanMethods = false)
class ApiSecurityDocs {

  static final String SCHEME = "basicAuth";

  @Bean
  OpenApiCustomizer basicAuthInApiDocs() {
    return openApi -> {
      if (openApi.getComponents() == null) {
        openApi.components(new Components());
      }
      openApi
          .getComponents()
          .addSecuritySchemes(
              SCHEME,
              new SecurityScheme()
                  .type(SecurityScheme.Type.HTTP)
                  .scheme("basic")
                  .description(
                      "A Nightbench user's name and password. Reading needs none; writing needs"
                          + " an editor; users and webhook deliveries an admin."));
      if (openApi.getPaths() == null) {
        return;
      }
      openApi
          .getPaths()
          .forEach(
              (path, item) ->
                  item.readOperationsMap()
                      .forEach(
                          (method, operation) -> {
                            if (needsSignIn(path, method)) {
                              operation.addSecurityItem(new SecurityRequirement().addList(SCHEME));
                              if (operation.getResponses() == null) {
                                operation.setResponses(new ApiResponses());
                              }
                              operation
                                  .getResponses()
                                  .addApiResponse(
                                      "401",
                                      new ApiResponse()
                                          .description(
                                              "No or wrong credentials: a Basic challenge and a"
                                                  + " one-line problem detail"));
                            }
                          }));
    };
  }

  /** Whether {@link SecurityConfiguration} asks a sign-in for {@code method} on {@code path}. */
  static boolean needsSignIn(String path, PathItem.HttpMethod method) {
    if (SecurityConfiguration.ADMIN_API.stream().anyMatch(path::startsWith)
        || path.startsWith("/api/users/me/")) {
      return true;
    }
    if (method == PathItem.HttpMethod.GET || method == PathItem.HttpMethod.HEAD) {
      return false;
    }
    return !PUBLIC_WRITES.contains(path);
  }

  private static final List<String> PUBLIC_WRITES = SecurityConfiguration.PUBLIC_WRITES;
}
