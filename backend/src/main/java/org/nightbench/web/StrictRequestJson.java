package org.nightbench.web;

import java.util.Locale;
import org.springframework.boot.http.converter.autoconfigure.ServerHttpMessageConvertersCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.http.converter.json.JacksonJsonHttpMessageConverter;
import tools.jackson.core.JsonParser;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.cfg.MutableCoercionConfig;
import tools.jackson.databind.deser.jdk.StringDeserializer;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.type.LogicalType;

/**
 * How request bodies are read as JSON: as the application's mapper reads, but a float where an
 * integer is expected ({@code "jvms": 2.5}) and {@link ControlCharacters} in text are refused
 * rather than quietly truncated or stored, and a key given twice is refused (which one wins is no
 * client's intent). Unknown properties stay tolerated. Only the HTTP converter is stricter; result
 * files and stored JSON are read as before.
 */
@Configuration
class StrictRequestJson {

  /**
   * Replaces the JSON converter Spring Boot's own customizer (order 0) set, keeping its place among
   * the converters (a converter bean would go before them all and write byte[] as base64).
   */
  @Bean
  @Order(100)
  ServerHttpMessageConvertersCustomizer strictJsonConverter(JsonMapper json) {
    SimpleModule text = new SimpleModule("text-without-controls");
    text.addDeserializer(String.class, new TextWithoutControls());
    JsonMapper strict =
        json.rebuild()
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            // {"role":"viewer","role":"admin"}: which one a reader sees is a matter of order.
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .withCoercionConfig(LogicalType.Integer, StrictRequestJson::noTextForNumbers)
            .withCoercionConfig(LogicalType.Float, StrictRequestJson::noTextForNumbers)
            .withCoercionConfig(LogicalType.Boolean, StrictRequestJson::noTextForNumbers)
            .addModule(text)
            .build();
    return converters -> converters.withJsonConverter(new JacksonJsonHttpMessageConverter(strict));
  }

  /** {@code "jvms": "3"} is a typed field given as text: refused, as a float for an int is. */
  private static void noTextForNumbers(MutableCoercionConfig coercion) {
    coercion.setCoercion(CoercionInputShape.String, CoercionAction.Fail);
    coercion.setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail);
  }

  /** A string without {@link ControlCharacters}. */
  static final class TextWithoutControls extends StringDeserializer {

    @Override
    public String deserialize(JsonParser parser, DeserializationContext context) {
      String value = super.deserialize(parser, context);
      int bad = ControlCharacters.first(value);
      if (bad >= 0) {
        throw MismatchedInputException.from(
            parser,
            String.class,
            String.format(
                Locale.ROOT,
                "text contains the control character U+%04X at position %d",
                (int) value.charAt(bad),
                bad));
      }
      return value;
    }
  }
}
