package org.nightbench.protocol.spec;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.nightbench.protocol.SpecTypes;
import org.nightbench.protocol.StepSpec;

/**
 * Reads a spec file as {@link SpecFile#write} writes it straight into its record, with Jackson's
 * streaming parser only: every harness JVM reads one spec before it measures, and Jackson's data
 * binding costs some 550 classes and about a third of a second of that JVM's start. Only the plain
 * case: every value of the JSON type its component takes ({@code Integer} and {@code Long} from
 * whole numbers, {@code Double} from any number, {@code Boolean}, {@code String}, {@code Path} from
 * a string, lists of those), every key a component, the record's own checks passed. Anything else
 * is empty, and {@link SpecFile} reads the file with data binding, whose lenience and messages stay
 * the one definition of what a spec file may hold.
 */
final class PlainSpecReader {

  private static final JsonFactory JSON = new JsonFactory();

  private PlainSpecReader() {}

  /** The spec in {@code file}, or empty when it is not the plain case. */
  static Optional<StepSpec> read(Path file) throws IOException {
    Map<String, Object> values;
    try (JsonParser parser = JSON.createParser(Files.readAllBytes(file))) {
      values = object(parser);
      if (values == null || parser.nextToken() != null) {
        return Optional.empty();
      }
    } catch (IOException e) {
      // Not JSON, or not of the plain shape: the full reader says what is wrong with it.
      return Optional.empty();
    }
    Object type = values.remove("type");
    Class<? extends StepSpec> record = type == null ? null : SpecTypes.all().get(type);
    return record == null ? Optional.empty() : bind(record, values);
  }

  /** The top-level object's values: scalars and lists of scalars, else null. */
  private static Map<String, Object> object(JsonParser parser) throws IOException {
    if (parser.nextToken() != JsonToken.START_OBJECT) {
      return null;
    }
    Map<String, Object> values = new HashMap<>();
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String name = parser.currentName();
      JsonToken token = parser.nextToken();
      Object value;
      if (token == JsonToken.START_ARRAY) {
        List<Object> items = new ArrayList<>();
        while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
          Object item = scalar(parser, token);
          if (item == null) {
            return null;
          }
          items.add(item);
        }
        value = items;
      } else if (token == JsonToken.VALUE_NULL) {
        value = null;
      } else {
        value = scalar(parser, token);
        if (value == null) {
          return null;
        }
      }
      values.put(name, value);
    }
    return values;
  }

  /** A string, whole number (as Long), other number (as Double) or boolean; else null. */
  private static Object scalar(JsonParser parser, JsonToken token) throws IOException {
    return switch (token) {
      case VALUE_STRING -> parser.getText();
      case VALUE_NUMBER_INT ->
          parser.getNumberType() == JsonParser.NumberType.BIG_INTEGER
              ? null
              : (Object) parser.getLongValue();
      case VALUE_NUMBER_FLOAT -> parser.getDoubleValue();
      case VALUE_TRUE -> Boolean.TRUE;
      case VALUE_FALSE -> Boolean.FALSE;
      default -> null;
    };
  }

  private static Optional<StepSpec> bind(
      Class<? extends StepSpec> record, Map<String, Object> values) {
    RecordComponent[] components = record.getRecordComponents();
    Object[] arguments = new Object[components.length];
    Class<?>[] types = new Class<?>[components.length];
    int bound = 0;
    for (int i = 0; i < components.length; i++) {
      types[i] = components[i].getType();
      if (!values.containsKey(components[i].getName())) {
        if (types[i].isPrimitive()) {
          return Optional.empty();
        }
        continue;
      }
      Object value = values.get(components[i].getName());
      bound++;
      if (value == null) {
        if (types[i].isPrimitive()) {
          return Optional.empty();
        }
        continue;
      }
      arguments[i] = convert(value, components[i].getGenericType());
      if (arguments[i] == null) {
        return Optional.empty();
      }
    }
    if (bound != values.size()) {
      return Optional.empty(); // a key that is no setting of this record
    }
    StepSpec spec;
    try {
      Constructor<? extends StepSpec> canonical = record.getDeclaredConstructor(types);
      spec = canonical.newInstance(arguments);
      spec.checkRequired();
    } catch (InvocationTargetException | IllegalArgumentException e) {
      return Optional.empty(); // a bad value: the full reader names it
    } catch (ReflectiveOperationException e) {
      return Optional.empty();
    }
    return Optional.of(spec);
  }

  /** {@code value} as a component of type {@code type}, or null when it is not the plain case. */
  private static Object convert(Object value, Type type) {
    if (type instanceof ParameterizedType list && list.getRawType() == List.class) {
      if (!(value instanceof List<?> items)) {
        return null;
      }
      Type element = list.getActualTypeArguments()[0];
      List<Object> converted = new ArrayList<>(items.size());
      for (Object item : items) {
        Object one = convert(item, element);
        if (one == null) {
          return null;
        }
        converted.add(one);
      }
      return converted;
    }
    if (type == String.class) {
      return value instanceof String ? value : null;
    }
    if (type == Path.class) {
      return value instanceof String path ? Path.of(path) : null;
    }
    if (type == Integer.class || type == int.class) {
      return value instanceof Long whole && whole == (int) (long) whole ? (int) (long) whole : null;
    }
    if (type == Long.class || type == long.class) {
      return value instanceof Long ? value : null;
    }
    if (type == Double.class || type == double.class) {
      return value instanceof Number number ? number.doubleValue() : null;
    }
    if (type == Boolean.class || type == boolean.class) {
      return value instanceof Boolean ? value : null;
    }
    return null;
  }
}
