package org.nightbench.benchjobs.coldsearch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The operating system's file cache, dropped through Linux's {@code /proc/sys/vm/drop_caches}
 * (which needs root). Dirty pages are written first ({@code sync}), since only clean ones can go.
 */
final class PageCache {

  /** Linux's switch. */
  static final Path DROP_CACHES = Path.of("/proc/sys/vm/drop_caches");

  private final Path dropCaches;

  PageCache(Path dropCaches) {
    this.dropCaches = dropCaches;
  }

  /** Why the cache cannot be dropped here; null when it can. */
  String whyNot() {
    if (!Files.exists(dropCaches)) {
      return dropCaches + " does not exist (not Linux, or /proc is not mounted)";
    }
    if (Files.isDirectory(dropCaches) || !Files.isWritable(dropCaches)) {
      return "dropping the OS cache needs root and a writable "
          + dropCaches
          + " (user "
          + System.getProperty("user.name")
          + ")";
    }
    return null;
  }

  /** Writes dirty pages out, then drops the clean page cache (1: pages, not dentries/inodes). */
  void drop() throws IOException {
    sync();
    try {
      Files.writeString(dropCaches, "1\n", StandardCharsets.US_ASCII);
    } catch (IOException e) {
      // A container may refuse even root.
      throw new IOException("cannot drop the OS cache through " + dropCaches + ": " + e, e);
    }
  }

  private static void sync() throws IOException {
    try {
      Process p = new ProcessBuilder("sync").redirectErrorStream(true).start();
      p.getInputStream().readAllBytes();
      if (!p.waitFor(60, TimeUnit.SECONDS)) {
        p.destroyForcibly();
      }
    } catch (IOException e) {
      // No sync binary: the index was written minutes ago and is clean by now in practice.
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while syncing", e);
    }
  }
}
