package org.nightbench.comparisons;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QueryIndexCacheTest {

  @TempDir Path dir;

  @Test
  void theSameJarsByContentCorpusJdkAndCommandAreTheSameIndexWhereverTheyLie() throws IOException {
    Path one = jar("one/lucene-core.jar", "9.12.3");
    Path sameElsewhere = jar("two/lucene-core.jar", "9.12.3");
    Path other = jar("three/lucene-core.jar", "10.6.0");
    String key = key(List.of("--index", "/w/run-1/index-baseline"), "/w/run-1", one, "c1", "25");
    assertThat(
            key(
                List.of("--index", "/w/run-2/index-baseline"),
                "/w/run-2",
                sameElsewhere,
                "c1",
                "25"))
        .isEqualTo(key);
    assertThat(key(List.of("--index", "/w/run-1/index-baseline"), "/w/run-1", other, "c1", "25"))
        .isNotEqualTo(key);
    assertThat(key(List.of("--index", "/w/run-1/index-baseline"), "/w/run-1", one, "c2", "25"))
        .isNotEqualTo(key);
    assertThat(key(List.of("--index", "/w/run-1/index-baseline"), "/w/run-1", one, "c1", "17"))
        .isNotEqualTo(key);
    assertThat(
            key(
                List.of("--index", "/w/run-1/index-baseline", "--max-docs", "10"),
                "/w/run-1",
                one,
                "c1",
                "25"))
        .isNotEqualTo(key);
  }

  @Test
  void aStoredIndexIsRestoredAndWhatAComparisonDoesToItsCopyLeavesTheCacheIntact()
      throws IOException {
    QueryIndexCache cache = new QueryIndexCache(dir.resolve("cache"));
    Path built = index("run-1", "_0.cfs", "segments_1");
    Path out = Files.writeString(dir.resolve("run-1/index.json"), "{\"docs\": 5000}");
    assertThat(cache.restore("k", dir.resolve("run-0/index"), dir.resolve("run-0/out.json")))
        .isFalse();
    cache.store("k", built, out);

    Files.createDirectories(dir.resolve("run-2"));
    Path copy = dir.resolve("run-2/index");
    Path copyOut = dir.resolve("run-2/index.json");
    assertThat(cache.restore("k", copy, copyOut)).isTrue();
    assertThat(Files.readString(copy.resolve("_0.cfs"))).isEqualTo("_0.cfs bytes");
    assertThat(Files.readString(copy.resolve("taxonomy/segments_1"))).isEqualTo("segments_1 bytes");
    assertThat(Files.readString(copyOut)).isEqualTo("{\"docs\": 5000}");

    // A writer deletes and adds files; the next comparison still gets the index as built.
    Files.delete(copy.resolve("_0.cfs"));
    Files.writeString(copy.resolve("_1.cfs"), "new segment");
    Path again = dir.resolve("run-3/index");
    Files.createDirectories(again.getParent());
    assertThat(cache.restore("k", again, dir.resolve("run-3/index.json"))).isTrue();
    assertThat(again.resolve("_0.cfs")).hasContent("_0.cfs bytes");
    assertThat(again.resolve("_1.cfs")).doesNotExist();
  }

  @Test
  void onlyTheMostRecentlyUsedIndexesAreKept() throws IOException {
    Path root = dir.resolve("cache");
    QueryIndexCache cache = new QueryIndexCache(root);
    Path built = index("run-1", "_0.cfs");
    Path out = Files.writeString(dir.resolve("run-1/index.json"), "{}");
    for (int i = 0; i < QueryIndexCache.KEEP; i++) {
      cache.store("k" + i, built, out);
      Files.setLastModifiedTime(root.resolve("k" + i), FileTime.fromMillis(1_000_000L * (i + 1)));
    }
    // k0 is used again: it stays, the least recently used go.
    Files.setLastModifiedTime(root.resolve("k0"), FileTime.fromMillis(1_000_000_000L));
    cache.store("k-last", built, out);
    try (var entries = Files.list(root)) {
      assertThat(entries.map(p -> p.getFileName().toString()))
          .hasSize(QueryIndexCache.KEEP)
          .contains("k0", "k-last")
          .doesNotContain("k1");
    }
  }

  private String key(List<String> command, String run, Path jar, String corpus, String jdk) {
    return QueryIndexCache.key(
        command,
        Path.of(run, "index-baseline"),
        Path.of(run, "index-baseline.json"),
        List.of(jar),
        corpus,
        jdk);
  }

  private Path jar(String name, String content) throws IOException {
    Path jar = dir.resolve(name);
    Files.createDirectories(jar.getParent());
    return Files.writeString(jar, content);
  }

  private Path index(String run, String... files) throws IOException {
    Path index = dir.resolve(run).resolve("index");
    Files.createDirectories(index.resolve("taxonomy"));
    for (String file : files) {
      Files.writeString(index.resolve(file), file + " bytes");
      Files.writeString(index.resolve("taxonomy").resolve(file), file + " bytes");
    }
    return index;
  }
}
