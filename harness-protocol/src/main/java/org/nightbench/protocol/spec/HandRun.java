package org.nightbench.protocol.spec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintStream;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.nightbench.protocol.SpecTypes;
import org.nightbench.protocol.StepSpec;

/**
 * A step spec typed by hand: {@code <type> --setting value … --out FILE}, each option a spec
 * record's setting in kebab case ({@code indexDir} is {@code --index-dir}), a boolean one a bare
 * flag, a list one comma-separated. The options come from the records, so none is declared twice.
 *
 * @param spec the step
 * @param out where the step writes its output (a result file; the task file of generate-tasks)
 * @param writeSpec where to write the spec instead of running it; null to run
 */
public record HandRun(StepSpec spec, Path out, Path writeSpec) {

  /** Parses {@code args}, the step type first. */
  public static HandRun parse(String... args) {
    if (args.length == 0 || !SpecTypes.all().containsKey(args[0])) {
      throw new IllegalArgumentException(
          args.length == 0
              ? "missing command: use one of " + String.join(", ", SpecTypes.all().keySet())
              : "Unmatched argument at index 0: '"
                  + args[0]
                  + "'; use one of "
                  + String.join(", ", SpecTypes.all().keySet()));
    }
    Class<? extends StepSpec> record = SpecTypes.all().get(args[0]);
    ObjectNode json = JsonNodeFactory.instance.objectNode();
    json.put("type", args[0]);
    Path out = null;
    Path writeSpec = null;
    for (int i = 1; i < args.length; i++) {
      String option = args[i];
      RecordComponent setting = option.startsWith("--") ? setting(record, option) : null;
      boolean flag = setting != null && setting.getType() == Boolean.class;
      boolean hasValue = i + 1 < args.length && !(flag && args[i + 1].startsWith("--"));
      if (option.equals("--out") || option.equals("--write-spec")) {
        if (!hasValue) {
          throw new IllegalArgumentException("Missing value for " + option);
        }
        Path path = Path.of(args[++i]);
        if (option.equals("--out")) {
          out = path;
        } else {
          writeSpec = path;
        }
      } else if (setting == null) {
        throw new IllegalArgumentException("Unknown option: '" + option + "'");
      } else if (flag) {
        json.put(setting.getName(), hasValue ? Boolean.parseBoolean(args[++i]) : true);
      } else if (!hasValue) {
        throw new IllegalArgumentException("Missing value for " + option);
      } else if (setting.getType() == List.class) {
        ArrayNode list = json.putArray(setting.getName());
        for (String item : args[++i].split(",", -1)) {
          list.add(item);
        }
      } else {
        json.put(setting.getName(), args[++i]);
      }
    }
    if (out == null && writeSpec == null) {
      throw new IllegalArgumentException("missing required setting out (--out)");
    }
    return new HandRun(SpecFile.fromJson(json), out, writeSpec);
  }

  /**
   * {@code spec} as the command line that runs it by hand ({@code <type> --setting value … --out
   * FILE}): what a log shows so a reader can rerun the step, and what {@link #parse} reads back.
   */
  public static List<String> args(StepSpec spec, Path out) {
    List<String> args = new ArrayList<>();
    args.add(spec.type());
    for (Map.Entry<String, JsonNode> field : SpecFile.toJson(spec).properties()) {
      JsonNode value = field.getValue();
      String option = "--" + kebab(field.getKey());
      if (field.getKey().equals("type") || value.isNull()) {
        continue;
      }
      if (value.isBoolean()) {
        if (value.booleanValue()) {
          args.add(option);
        }
      } else if (value.isArray()) {
        List<String> items = new ArrayList<>();
        value.forEach(item -> items.add(item.asText()));
        args.add(option);
        args.add(String.join(",", items));
      } else {
        args.add(option);
        args.add(value.asText());
      }
    }
    args.add("--out");
    args.add(out.toString());
    return args;
  }

  /** The {@code --out} of {@code args}, or null, read before anything else can fail. */
  public static Path out(String... args) {
    for (int i = 1; i + 1 < args.length; i++) {
      if (args[i].equals("--out")) {
        return Path.of(args[i + 1]);
      }
    }
    return null;
  }

  /** Which step types there are, or the settings of one. */
  public static void help(PrintStream out, String type) {
    Class<? extends StepSpec> record = type == null ? null : SpecTypes.all().get(type);
    if (record == null) {
      out.println("usage: harness <spec.json> <out>");
      out.println("       harness <type> [--setting value]... --out FILE [--write-spec FILE]");
      out.println("types: " + String.join(", ", SpecTypes.all().keySet()));
      out.println("       harness <type> --help lists a type's settings");
      return;
    }
    out.println("harness " + type + " settings (spec record " + record.getSimpleName() + "):");
    for (RecordComponent c : record.getRecordComponents()) {
      out.println("  --" + kebab(c.getName()) + "  " + typeName(c));
    }
    out.println("  --out FILE  where the step writes its output");
    out.println("  --write-spec FILE  write the spec JSON instead of running it");
  }

  private static RecordComponent setting(Class<? extends StepSpec> record, String option) {
    for (RecordComponent c : record.getRecordComponents()) {
      if (option.equals("--" + kebab(c.getName()))) {
        return c;
      }
    }
    return null;
  }

  private static String typeName(RecordComponent c) {
    if (c.getGenericType() instanceof ParameterizedType list) {
      return "comma-separated " + ((Class<?>) list.getActualTypeArguments()[0]).getSimpleName();
    }
    return c.getType() == Boolean.class ? "(flag)" : c.getType().getSimpleName();
  }

  /** {@code indexDir} is {@code index-dir} on the command line. */
  static String kebab(String setting) {
    return setting.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
  }
}
