package org.nightbench.lucene;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * Writes a minimal Maven snapshot repository holding the Lucene modules the harness uses, checksums
 * included.
 */
final class FakeSnapshotRepository {

  private FakeSnapshotRepository() {}

  static Path create(
      Path root, String release, String timestamp, int buildNumber, String implementationVersion)
      throws IOException {
    String snapshot = release + "-SNAPSHOT";
    String unique = release + "-" + timestamp + "-" + buildNumber;
    for (String artifactId : LuceneResolver.MODULES) {
      Path dir = root.resolve("org/apache/lucene").resolve(artifactId).resolve(snapshot);
      Files.createDirectories(dir);
      String dependencies =
          artifactId.equals("lucene-core")
              ? ""
              : """
                      <dependencies>
                        <dependency>
                          <groupId>org.apache.lucene</groupId>
                          <artifactId>lucene-core</artifactId>
                          <version>%s</version>
                          <scope>runtime</scope>
                        </dependency>
                      </dependencies>
                    """
                  .formatted(snapshot);
      write(
          dir.resolve(artifactId + "-" + unique + ".pom"),
          """
                    <project xmlns="http://maven.apache.org/POM/4.0.0">
                      <modelVersion>4.0.0</modelVersion>
                      <groupId>org.apache.lucene</groupId>
                      <artifactId>%s</artifactId>
                      <version>%s</version>
                    %s</project>
                    """
              .formatted(artifactId, snapshot, dependencies)
              .getBytes(StandardCharsets.UTF_8));
      write(dir.resolve(artifactId + "-" + unique + ".jar"), jar(implementationVersion));
      String updated = timestamp.replace(".", "");
      write(
          dir.resolve("maven-metadata.xml"),
          """
                    <metadata modelVersion="1.1.0">
                      <groupId>org.apache.lucene</groupId>
                      <artifactId>%1$s</artifactId>
                      <version>%2$s</version>
                      <versioning>
                        <snapshot><timestamp>%3$s</timestamp><buildNumber>%4$d</buildNumber></snapshot>
                        <lastUpdated>%5$s</lastUpdated>
                        <snapshotVersions>
                          <snapshotVersion><extension>jar</extension><value>%6$s</value><updated>%5$s</updated></snapshotVersion>
                          <snapshotVersion><extension>pom</extension><value>%6$s</value><updated>%5$s</updated></snapshotVersion>
                        </snapshotVersions>
                      </versioning>
                    </metadata>
                    """
              .formatted(artifactId, snapshot, timestamp, buildNumber, updated, unique)
              .getBytes(StandardCharsets.UTF_8));
    }
    return root;
  }

  private static byte[] jar(String implementationVersion) throws IOException {
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    manifest.getMainAttributes().put(Attributes.Name.IMPLEMENTATION_VERSION, implementationVersion);
    var bytes = new java.io.ByteArrayOutputStream();
    try (OutputStream out = new JarOutputStream(bytes, manifest)) {
      out.flush();
    }
    return bytes.toByteArray();
  }

  private static void write(Path file, byte[] content) throws IOException {
    Files.write(file, content);
    // The repositories are configured to fail on bad checksums, so the fake one must publish good
    // ones.
    for (String algorithm : new String[] {"SHA-1", "MD5"}) {
      try {
        String hex = HexFormat.of().formatHex(MessageDigest.getInstance(algorithm).digest(content));
        String ext = algorithm.equals("SHA-1") ? ".sha1" : ".md5";
        Files.writeString(file.resolveSibling(file.getFileName() + ext), hex);
      } catch (NoSuchAlgorithmException e) {
        throw new IllegalStateException(e);
      }
    }
  }
}
