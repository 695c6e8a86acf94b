package org.nightbench.benchjobs.environment;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.security.CodeSource;
import java.util.jar.JarInputStream;
import java.util.jar.Manifest;
import org.apache.lucene.util.Version;
import org.nightbench.protocol.result.LuceneInfo;

/**
 * Identifies the Lucene actually loaded, which is what the backend records, not what it asked for.
 */
public final class LuceneProbe {

  private LuceneProbe() {}

  /** Version.LATEST plus lucene-core's manifest Implementation-Version (null when missing). */
  public static LuceneInfo capture() {
    Package p = Version.class.getPackage();
    String impl = p == null ? null : p.getImplementationVersion();
    if (impl == null) {
      impl = fromJarManifest();
    }
    return new LuceneInfo(Version.LATEST.toString(), impl);
  }

  /** Reads the manifest of the jar Version came from, for class loaders that drop package info. */
  private static String fromJarManifest() {
    try {
      CodeSource cs = Version.class.getProtectionDomain().getCodeSource();
      URL url = cs == null ? null : cs.getLocation();
      if (url == null || !url.getPath().endsWith(".jar")) {
        return null;
      }
      try (InputStream in = url.openStream();
          JarInputStream jar = new JarInputStream(in)) {
        Manifest m = jar.getManifest();
        return m == null ? null : m.getMainAttributes().getValue("Implementation-Version");
      }
    } catch (IOException | SecurityException e) {
      return null;
    }
  }
}
