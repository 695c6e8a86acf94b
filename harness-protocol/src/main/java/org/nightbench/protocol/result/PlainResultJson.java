package org.nightbench.protocol.result;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.List;
import java.util.Map;

/**
 * A result file's JSON written with Jackson's streaming generator only, byte for byte as data
 * binding writes it (the records' components in order, nulls written, the same pretty printer):
 * every harness JVM writes one result, and data binding costs some 500 classes and about a third of
 * a second of that JVM's life. Only the plain case: a metric's detail of strings, numbers,
 * booleans, nulls, lists and maps with string keys; anything else is null, and {@link ResultWriter}
 * leaves the result to data binding.
 */
final class PlainResultJson {

  private static final JsonFactory JSON = new JsonFactory();

  /** Thrown where a value is not of the plain case; caught below. */
  private static final class NotPlain extends Exception {
    NotPlain() {
      super(null, null, false, false);
    }
  }

  private PlainResultJson() {}

  /** The result's JSON, or null when a detail holds what only data binding writes. */
  static byte[] of(HarnessResult result) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(8192);
    try (JsonGenerator gen = JSON.createGenerator(bytes)) {
      gen.useDefaultPrettyPrinter();
      value(gen, result);
    } catch (NotPlain e) {
      return null;
    }
    return bytes.toByteArray();
  }

  /** A value as data binding writes its runtime type, for the plain types only. */
  private static void value(JsonGenerator gen, Object value) throws IOException, NotPlain {
    if (value == null) {
      gen.writeNull();
    } else if (value instanceof Record record) {
      // The result's own records (HarnessResult, LuceneInfo, EnvironmentInfo, Metric, Curve):
      // their components in declaration order, as data binding writes a record without
      // annotations. A record from elsewhere (in a detail) is left to data binding.
      if (record.getClass().getPackage() != PlainResultJson.class.getPackage()) {
        throw new NotPlain();
      }
      gen.writeStartObject();
      for (RecordComponent component : record.getClass().getRecordComponents()) {
        gen.writeFieldName(component.getName());
        value(gen, component(record, component));
      }
      gen.writeEndObject();
    } else if (value instanceof String text) {
      gen.writeString(text);
    } else if (value instanceof Boolean flag) {
      gen.writeBoolean(flag);
    } else if (value instanceof Integer number) {
      gen.writeNumber(number);
    } else if (value instanceof Long number) {
      gen.writeNumber(number);
    } else if (value instanceof Double number) {
      gen.writeNumber(number);
    } else if (value instanceof Float number) {
      gen.writeNumber(number);
    } else if (value instanceof List<?> list) {
      gen.writeStartArray();
      for (Object item : list) {
        value(gen, item);
      }
      gen.writeEndArray();
    } else if (value instanceof Map<?, ?> map) {
      gen.writeStartObject();
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        if (!(entry.getKey() instanceof String key)) {
          throw new NotPlain();
        }
        gen.writeFieldName(key);
        value(gen, entry.getValue());
      }
      gen.writeEndObject();
    } else {
      throw new NotPlain();
    }
  }

  private static Object component(Record record, RecordComponent component) {
    try {
      return component.getAccessor().invoke(record);
    } catch (IllegalAccessException | InvocationTargetException e) {
      throw new IllegalStateException("reading " + component.getName() + " of " + record, e);
    }
  }
}
