package org.nightbench;

import java.io.IOException;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.TypeExcludeFilter;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.type.classreading.MetadataReader;
import org.springframework.core.type.classreading.MetadataReaderFactory;

/**
 * The application started in this JVM by a lab command whose class path holds the backend's test
 * classes too: their components (tests' stand-ins, such as a {@code bisectPanels} of their own) are
 * left out of the scan, as a test context leaves them out.
 */
public final class InProcessApplication {

  private InProcessApplication() {}

  /** Starts the application with {@code args} (as on its command line). */
  public static ConfigurableApplicationContext start(String... args) {
    return new SpringApplicationBuilder(NightbenchApplication.class)
        .initializers(
            context ->
                context
                    .getBeanFactory()
                    .registerSingleton("testClassesExcluded", new TestClassesExcluded()))
        .run(args);
  }

  /** Leaves out every class read from test classes (a directory or the backend's test jar). */
  static final class TestClassesExcluded extends TypeExcludeFilter {

    @Override
    public boolean match(MetadataReader reader, MetadataReaderFactory factory) throws IOException {
      String where = reader.getResource().getDescription();
      return where.contains("test-classes") || where.contains("-tests.jar");
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof TestClassesExcluded;
    }

    @Override
    public int hashCode() {
      return TestClassesExcluded.class.hashCode();
    }
  }
}
