package org.nightbench.web;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Map;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Refuses query and form parameters holding {@link ControlCharacters} before any controller sees
 * them. As an interceptor rather than a filter, its refusal goes through the exception handlers: a
 * problem detail for the API, the 400 page for pages.
 */
@Configuration
class ParameterCheck implements WebMvcConfigurer, HandlerInterceptor {

  @Override
  public void addInterceptors(InterceptorRegistry registry) {
    registry.addInterceptor(this);
  }

  @Override
  public boolean preHandle(
      HttpServletRequest request, HttpServletResponse response, Object handler) {
    for (Map.Entry<String, String[]> parameter : request.getParameterMap().entrySet()) {
      ControlCharacters.refuse("a parameter name", parameter.getKey());
      for (String value : parameter.getValue()) {
        ControlCharacters.refuse("parameter '" + parameter.getKey() + "'", value);
      }
    }
    return true;
  }
}
