package org.nightbench.series;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.nightbench.ingest.RunIngested;
import org.nightbench.web.NotFoundException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Async;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionalEventListener;
import tools.jackson.databind.json.JsonMapper;

/**
 * The points API's answers, written as JSON and gzipped once per version of a series (schema V7).
 * Reading, writing and compressing fifteen years of nights costs more than a chart should wait, and
 * a series changes once a night; checking the version is one primary-key read.
 */
@Component
class PreparedPoints {

  private static final Logger log = LoggerFactory.getLogger(PreparedPoints.class);

  /** Gzipped bytes kept at most: the longest series takes about 60 KB, so thousands fit. */
  private static final long MAX_BYTES = 64L << 20;

  /**
   * Versions restart with a new database; this keeps a browser from taking one database's points
   * for another's after a restart on a regenerated history.
   */
  private static final String BOOT = UUID.randomUUID().toString().substring(0, 8);

  /** One series' points at one version: the gzipped JSON and the ETag naming it. */
  record Prepared(long seriesId, long version, byte[] gzipped) {

    /** Weak: the gzipped and the plain bytes are the same JSON. */
    String etag() {
      return "W/\"" + seriesId + "." + version + "." + BOOT + "\"";
    }

    byte[] plain() {
      return gunzip(gzipped);
    }
  }

  private final SeriesRepository repository;
  private final JsonMapper json;
  private final Cache<Long, Prepared> prepared =
      Caffeine.newBuilder()
          .maximumWeight(MAX_BYTES)
          .<Long, Prepared>weigher((id, points) -> points.gzipped().length)
          .build();

  PreparedPoints(SeriesRepository repository, JsonMapper json) {
    this.repository = repository;
    this.json = json;
  }

  /** Several series' points in one answer, at their versions: what the KNN page reads. */
  record PreparedMany(List<Long> seriesIds, String versions, byte[] gzipped) {

    String etag() {
      return "W/\"many." + Integer.toHexString(versions.hashCode()) + "." + BOOT + "\"";
    }
  }

  /** A page's worth of series at a time: a KNN page per setting, a few settings. */
  private final Cache<List<Long>, PreparedMany> many =
      Caffeine.newBuilder()
          .maximumWeight(MAX_BYTES / 4)
          .<List<Long>, PreparedMany>weigher((ids, points) -> points.gzipped().length)
          .build();

  /**
   * The current points of {@code seriesIds} as one JSON object, {@code {"series": [<the points
   * API's answer of each>, …]}} in the order asked, or {@link NotFoundException} naming an unknown
   * id. One query for the versions; each series' points are the ones its own answer holds, so the
   * two can never disagree.
   */
  PreparedMany ofMany(List<Long> seriesIds) {
    Map<Long, Long> versions = repository.findPointsVersions(seriesIds);
    StringBuilder key = new StringBuilder();
    for (long id : seriesIds) {
      Long version = versions.get(id);
      if (version == null) {
        throw new NotFoundException("No series " + id);
      }
      key.append(id).append(':').append(version).append(',');
    }
    PreparedMany cached = many.getIfPresent(seriesIds);
    if (cached != null && cached.versions().contentEquals(key)) {
      return cached;
    }
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    body.writeBytes("{\"series\":[".getBytes(StandardCharsets.UTF_8));
    for (int i = 0; i < seriesIds.size(); i++) {
      long id = seriesIds.get(i);
      if (i > 0) {
        body.write(',');
      }
      body.writeBytes(of(id, versions.get(id)).plain());
    }
    body.writeBytes("]}".getBytes(StandardCharsets.UTF_8));
    PreparedMany fresh =
        new PreparedMany(List.copyOf(seriesIds), key.toString(), gzip(body.toByteArray()));
    many.put(fresh.seriesIds(), fresh);
    return fresh;
  }

  /** The current points of a series, or {@link NotFoundException} for an unknown id. */
  Prepared of(long seriesId) {
    long version =
        repository
            .findPointsVersion(seriesId)
            .orElseThrow(() -> new NotFoundException("No series " + seriesId));
    return of(seriesId, version);
  }

  /** The points of a series at {@code version}, as just read from its row. */
  private Prepared of(long seriesId, long version) {
    Prepared cached = prepared.getIfPresent(seriesId);
    if (cached != null && cached.version() == version) {
      return cached;
    }
    // Read after the version: points newer than it are at worst prepared twice, never kept stale.
    byte[] body =
        json.writeValueAsBytes(new SeriesPoints(seriesId, repository.findPoints(seriesId)));
    Prepared fresh = new Prepared(seriesId, version, gzip(body));
    // Versions only grow: of two requests racing, the newer answer is the one kept.
    return prepared
        .asMap()
        .merge(seriesId, fresh, (old, now) -> old.version() >= now.version() ? old : now);
  }

  /**
   * Prepares the points a run just added, off the worker's thread, so the morning's first look at a
   * chart finds them ready instead of paying for the reading and compressing.
   */
  @Async
  @TransactionalEventListener
  void prepareAfterIngest(RunIngested ingested) {
    for (long seriesId : ingested.seriesIds()) {
      try {
        of(seriesId);
      } catch (RuntimeException e) {
        // Only a head start: a request prepares what this could not.
        log.warn("preparing the points of series {} failed: {}", seriesId, e.getMessage());
      }
    }
  }

  static byte[] gunzip(byte[] gzipped) {
    try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gzipped))) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static byte[] gzip(byte[] body) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(body.length / 4);
    // The default level: the best one saves 2 % of the bytes and doubles a first request's time.
    try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
      gzip.write(body);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }
}
