package org.nightbench.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.net.URI;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The spec records and definitions are found on the class path, from directories and jars. */
class SpecTypesTest {

  @TempDir Path tmp;

  @Test
  void everyStepIsFoundByItsNameInASpecFile() {
    assertThat(SpecTypes.all())
        .containsEntry("index", IndexSpec.class)
        .containsEntry("generate-tasks", GenerateTasksSpec.class)
        .containsEntry("cold-search", ColdSearchSpec.class)
        .containsEntry("pk-lookup", PkLookupSpec.class)
        .containsEntry("calibrate", CalibrateSpec.class)
        .containsEntry("bare-loop", BareLoopSpec.class)
        .containsEntry("vector-indexing", VectorIndexingSpec.class)
        .hasSize(16);
    assertThat(new PkPostingsSpec(null, null, null, null, null, null, null, null).type())
        .isEqualTo("pk-postings");
  }

  /** The series names are stored with every point: a definition may never rename one. */
  @Test
  void theBenchmarksKeepTheirOrderAndTheirStoredSeriesNames() {
    assertThat(Benchmarks.all())
        .extracting(BenchmarkDefinition::name)
        .containsExactly(
            "indexing",
            "search",
            "pk-lookup",
            "facet-timings",
            "nrt",
            "load",
            "pk-postings",
            "check-index",
            "cold-search",
            "stored-fields",
            "knn",
            "vector-indexing",
            "calibration",
            "embedding");
    assertThat(Benchmarks.all())
        .extracting(BenchmarkDefinition::series)
        .containsExactly(
            "indexing",
            "search",
            "pk",
            "facets",
            "nrt",
            "load",
            "pk",
            "checkIndex",
            "coldCache",
            "storedFields",
            "knn",
            "vectorIndexing",
            "calibration",
            "embedding");
    assertThat(Benchmarks.comparable())
        .doesNotContain(CalibrateSpec.DEFINITION, EmbedSpec.DEFINITION);
    assertThat(Benchmarks.of(GenerateTasksSpec.class)).isEmpty();
    assertThat(Benchmarks.of(ColdSearchSpec.class)).contains(ColdSearchSpec.DEFINITION);
  }

  @Test
  void recordsAreListedFromADirectory() throws Exception {
    // The main classes' folder of the package (the test classes' has one too).
    URL directory = StepSpec.class.getResource("StepSpec.class").toURI().resolve(".").toURL();

    assertThat(directory.getProtocol()).isEqualTo("file");
    assertThat(SpecTypes.classNamesAt(directory))
        .contains("org.nightbench.protocol.PkLookupSpec", "org.nightbench.protocol.IndexSpec")
        .doesNotContain("org.nightbench.protocol.Benchmarks", "org.nightbench.protocol.Input");
  }

  /** As the backend's packaged application reads the protocol jar. */
  @Test
  void recordsAreListedFromAJarLeavingOutOtherPackagesAndNestedClasses() throws Exception {
    Path jar = tmp.resolve("protocol.jar");
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
      for (String entry :
          List.of(
              "org/",
              "org/nightbench/",
              "org/nightbench/protocol/",
              "org/nightbench/protocol/JarOnlySpec.class",
              "org/nightbench/protocol/Helper.class",
              "org/nightbench/protocol/Outer$InnerSpec.class",
              "org/nightbench/protocol/sub/",
              "org/nightbench/protocol/sub/DeeperSpec.class")) {
        out.putNextEntry(new JarEntry(entry));
        if (!entry.endsWith("/")) {
          OutputStream body = out;
          body.write(new byte[] {(byte) 0xCA, (byte) 0xFE});
        }
        out.closeEntry();
      }
    }
    URL place = URI.create("jar:" + jar.toUri() + "!/org/nightbench/protocol").toURL();

    assertThat(SpecTypes.classNamesAt(place))
        .containsExactly("org.nightbench.protocol.JarOnlySpec");
  }

  @Test
  void aSpecsNameIsItsRecordsInKebabCase() {
    assertThat(SpecTypes.nameOf(StoredFieldsSpec.class)).isEqualTo("stored-fields");
    assertThat(SpecTypes.nameOf(KnnSpec.class)).isEqualTo("knn");
  }
}
