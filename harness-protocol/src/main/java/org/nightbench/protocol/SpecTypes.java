package org.nightbench.protocol;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The spec records on the class path: every record of this package (in any jar or directory that
 * holds classes of it) named {@code …Spec} and implementing {@link StepSpec}. A new step is its
 * record file and nothing else: no list names it. Its name in a spec file is the record's name in
 * kebab case without {@code Spec}: {@code ColdSearchSpec} is {@code cold-search}.
 */
public final class SpecTypes {

  private static final String PACKAGE = StepSpec.class.getPackageName();
  private static final String SUFFIX = "Spec";

  private static volatile Map<String, Class<? extends StepSpec>> all;

  private SpecTypes() {}

  /** Every spec record by its name in a spec file, in the order of those names. */
  public static Map<String, Class<? extends StepSpec>> all() {
    Map<String, Class<? extends StepSpec>> found = all;
    if (found == null) {
      found = discover(StepSpec.class.getClassLoader());
      all = found;
    }
    return found;
  }

  /** The name of {@code record} in a spec file, e.g. {@code cold-search}. */
  public static String nameOf(Class<? extends StepSpec> record) {
    String simple = record.getSimpleName();
    String stem =
        simple.endsWith(SUFFIX) ? simple.substring(0, simple.length() - SUFFIX.length()) : simple;
    return stem.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
  }

  private static Map<String, Class<? extends StepSpec>> discover(ClassLoader loader) {
    Map<String, Class<? extends StepSpec>> types = new LinkedHashMap<>();
    for (String className : classNames(loader)) {
      Class<?> type;
      try {
        // Not initialised here: a record's definition is built when it is first read.
        type = Class.forName(className, false, loader);
      } catch (ClassNotFoundException | LinkageError e) {
        continue;
      }
      if (type.isRecord() && StepSpec.class.isAssignableFrom(type)) {
        Class<? extends StepSpec> record = type.asSubclass(StepSpec.class);
        Class<? extends StepSpec> clash = types.put(nameOf(record), record);
        if (clash != null && clash != record) {
          throw new IllegalStateException(
              "two spec records are named " + nameOf(record) + ": " + clash + ", " + record);
        }
      }
    }
    if (types.isEmpty()) {
      // Nothing found is a broken class path, not a run with nothing to measure.
      throw new IllegalStateException("no spec records of " + PACKAGE + " found by " + loader);
    }
    return Collections.unmodifiableMap(types);
  }

  /** The top-level classes named {@code …Spec} in this package, from directories and jars. */
  private static TreeSet<String> classNames(ClassLoader loader) {
    String path = PACKAGE.replace('.', '/');
    TreeSet<String> names = new TreeSet<>();
    try {
      Enumeration<URL> places = loader.getResources(path);
      while (places.hasMoreElements()) {
        names.addAll(classNamesAt(places.nextElement()));
      }
      // A jar written without folder entries lists no folder: read the contract's own place too.
      URL contract = StepSpec.class.getResource(StepSpec.class.getSimpleName() + ".class");
      if (contract != null) {
        String self = contract.toString();
        names.addAll(
            classNamesAt(URI.create(self.substring(0, self.lastIndexOf('/') + 1)).toURL()));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list the spec records of " + PACKAGE, e);
    }
    return names;
  }

  /**
   * The classes named {@code …Spec} of this package at {@code place}, a directory ({@code file:})
   * or a jar's folder ({@code jar:…!/org/nightbench/protocol}, Spring Boot's nested jars too).
   */
  static TreeSet<String> classNamesAt(URL place) throws IOException {
    TreeSet<String> names = new TreeSet<>();
    if (place.getProtocol().equals("file")) {
      try {
        fromDirectory(Path.of(place.toURI()), names);
      } catch (URISyntaxException e) {
        throw new IOException("not a directory: " + place, e);
      }
    } else {
      fromJar(place, PACKAGE.replace('.', '/'), names);
    }
    return names;
  }

  private static void fromDirectory(Path directory, TreeSet<String> names) throws IOException {
    try (Stream<Path> files = Files.list(directory)) {
      files.map(f -> f.getFileName().toString()).forEach(file -> add(file, names));
    }
  }

  private static void fromJar(URL place, String path, TreeSet<String> names) throws IOException {
    URLConnection connection = place.openConnection();
    if (!(connection instanceof JarURLConnection jar)) {
      return;
    }
    // A fresh JarFile of our own to close, not the class loader's cached one.
    jar.setUseCaches(false);
    try (JarFile file = jar.getJarFile()) {
      String prefix = path + "/";
      for (Enumeration<JarEntry> entries = file.entries(); entries.hasMoreElements(); ) {
        String entry = entries.nextElement().getName();
        if (entry.startsWith(prefix) && entry.indexOf('/', prefix.length()) < 0) {
          add(entry.substring(prefix.length()), names);
        }
      }
    }
  }

  private static void add(String file, TreeSet<String> names) {
    if (file.endsWith(SUFFIX + ".class") && file.indexOf('$') < 0) {
      names.add(PACKAGE + "." + file.substring(0, file.length() - ".class".length()));
    }
  }
}
