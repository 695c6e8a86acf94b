package org.nightbench.annotations;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.nightbench.web.ControlCharacters;
import org.nightbench.web.NotFoundException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * What the charts and the API know about annotations, and the rules for writing them: a date (or a
 * run), a short text of 1 to 200 characters on one line, an optional long text, a kind and a scope
 * with what the scope needs. Every error is one line, for a 400.
 */
@Service
public class AnnotationService {

  static final int MAX_SHORT_TEXT = 200;
  static final int MAX_LONG_TEXT = 10_000;
  static final int MAX_IMPORT_LINES = 10_000;

  /**
   * At most this many annotations in one scope (all series, a benchmark group, a series), of all
   * kinds together: every chart loads its scope's annotations, and imports repeated without end
   * would slow them all.
   */
  static final int MAX_PER_SCOPE = 20_000;

  /** At most this many new annotations by one editor within a day (one full import). */
  static final int MAX_PER_EDITOR_PER_DAY = 10_000;

  static final Set<String> KINDS = Set.of("code", "environment", "benchmark", "noise");
  static final Set<String> SCOPES = Set.of("series", "group", "all");

  private final AnnotationRepository repository;

  AnnotationService(AnnotationRepository repository) {
    this.repository = repository;
  }

  /** The most annotations one chart is sent; denser ones are thinned evenly. */
  static final int MAX_ON_A_CHART = 1_000;

  /**
   * What a chart is sent of its annotations: those in its window, thinned evenly when more than
   * asked for.
   *
   * @param shown in date order, each lettered by its place among all of the chart's (so a letter
   *     stays the same whatever the window)
   * @param inView how many lie in the window before thinning
   */
  public record InView(List<Annotation> shown, long inView) {

    /** Whether some in the window were left out. */
    public boolean thinned() {
      return inView > shown.size();
    }
  }

  /**
   * Those of one series' chart: its own, its benchmark group's and the global ones, within the
   * series' nights, at most {@link #MAX_ON_A_CHART} (thinned evenly over the dates when more), and
   * every automatic one at the series' segment starts.
   */
  public List<Annotation> forSeries(long seriesId, String benchmark) {
    return forSeries(seriesId, benchmark, null, null, null).shown();
  }

  /**
   * Those of one series' chart from {@code from} to {@code to} (either open when null; an ISO date
   * or instant), at most {@code limit} (null: {@link #MAX_ON_A_CHART}), thinned evenly over the
   * window's dates when more. A chart fetches its visible window's: whatever was imported, the
   * answer stays small. Bad input is a one-line {@link IllegalArgumentException}.
   */
  public InView forSeries(long seriesId, String benchmark, String from, String to, Integer limit) {
    Instant start = windowEnd("from", from);
    Instant end = windowEnd("to", to);
    if (start != null && end != null && start.isAfter(end)) {
      throw new IllegalArgumentException("from " + start + " is after to " + end);
    }
    if (limit != null && (limit < 1 || limit > MAX_ON_A_CHART)) {
      throw new IllegalArgumentException(
          "limit: between 1 and " + MAX_ON_A_CHART + ", not " + limit);
    }
    return repository.forSeries(
        seriesId, benchmark, start, end, limit == null ? MAX_ON_A_CHART : limit);
  }

  private static Instant windowEnd(String name, String text) {
    if (text == null || text.isBlank()) {
      return null;
    }
    try {
      return date(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(name + ": " + e.getMessage(), e);
    }
  }

  /** Every annotation in date order, optionally only of one scope and of one benchmark group. */
  public List<Annotation> all(String scope, String benchmark) {
    String checkedScope = scope == null || scope.isBlank() ? null : scope(scope);
    String checkedBenchmark = benchmark == null || benchmark.isBlank() ? null : benchmark.strip();
    return repository.all(checkedScope, checkedBenchmark);
  }

  /** One annotation, or {@link NotFoundException}. */
  public Annotation get(long id) {
    return repository.find(id).orElseThrow(() -> new NotFoundException("No annotation " + id));
  }

  /** Stores a new annotation written by {@code user}. */
  @Transactional
  public Annotation create(AnnotationRequest request, String user) {
    AnnotationRepository.Row row = check(request);
    checkRoom(row, 1);
    checkEditorsDay(user, 1);
    return get(repository.insert(row, user));
  }

  /** Refuses {@code adding} more annotations in the scope of {@code row} when it is full. */
  private void checkRoom(AnnotationRepository.Row row, int adding) {
    long stored = repository.countInScope(row);
    if (stored + adding > MAX_PER_SCOPE) {
      throw new IllegalArgumentException(
          "too many annotations: "
              + stored
              + " in scope "
              + row.scope()
              + " already, at most "
              + MAX_PER_SCOPE
              + " of all kinds; delete some first");
    }
  }

  /** Refuses {@code adding} more annotations by {@code user} over their day's allowance. */
  private void checkEditorsDay(String user, int adding) {
    long today = repository.countCreatedWithinADayBy(user);
    if (today + adding > MAX_PER_EDITOR_PER_DAY) {
      throw new IllegalArgumentException(
          "too many annotations: "
              + today
              + " made by "
              + user
              + " within the last 24 hours, at most "
              + MAX_PER_EDITOR_PER_DAY
              + " a day; try again tomorrow");
    }
  }

  /**
   * Replaces an annotation's content (all of it, as a new one is given), recording who and when.
   */
  @Transactional
  public Annotation update(long id, AnnotationRequest request, String user) {
    AnnotationRepository.Row row = check(request);
    if (!repository.update(id, row, user)) {
      throw new NotFoundException("No annotation " + id);
    }
    return get(id);
  }

  @Transactional
  public void delete(long id) {
    if (!repository.delete(id)) {
      throw new NotFoundException("No annotation " + id);
    }
  }

  /**
   * Imports a known-changes file (see {@link AnnotationFile}): one annotation per line, all of the
   * same kind and scope, written by {@code user}. All or none: a bad line stores nothing and names
   * its line number.
   *
   * @param defaults kind and scope (with its series or benchmark) for every line
   * @return the new annotations' ids, in the file's order
   */
  @Transactional
  public List<Long> importFile(String text, AnnotationRequest defaults, String user) {
    if (KnownChanges.looksLike(text)) {
      return importKnownChanges(text, defaults, user);
    }
    // Kind and scope are the caller's, not a line's: a bad one is said once, without a line number.
    Classes shared =
        classes(defaults.kind(), defaults.scope(), defaults.seriesId(), defaults.benchmark());
    List<AnnotationFile.Line> lines = AnnotationFile.parse(text);
    if (lines.isEmpty()) {
      throw new IllegalArgumentException("no annotations in the file");
    }
    if (lines.size() > MAX_IMPORT_LINES) {
      throw new IllegalArgumentException(
          lines.size() + " annotations in the file, at most " + MAX_IMPORT_LINES + " at once");
    }
    List<AnnotationRepository.Row> rows = new ArrayList<>(lines.size());
    for (AnnotationFile.Line line : lines) {
      try {
        rows.add(
            new AnnotationRepository.Row(
                date(line.date()),
                null,
                shortText(line.shortText()),
                longText(line.longText()),
                shared.kind(),
                shared.scope(),
                shared.seriesId(),
                shared.benchmark()));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("line " + line.number() + ": " + e.getMessage(), e);
      }
    }
    checkRoom(rows.get(0), rows.size());
    checkEditorsDay(user, rows.size());
    // Every line is checked before the first is stored; the transaction covers the rest.
    List<Long> ids = new ArrayList<>(rows.size());
    for (AnnotationRepository.Row row : rows) {
      ids.add(repository.insert(row, user));
    }
    return ids;
  }

  /**
   * Imports luceneutil's {@code KNOWN_CHANGES} list (see {@link KnownChanges}). A kind or scope the
   * caller gives holds for every entry; else each entry's are told from its words, and an entry
   * naming a benchmark this instance has no series of stays on every chart. Each long text is made
   * plain and ends with a note of where it came from and why it is where it is.
   */
  private List<Long> importKnownChanges(String text, AnnotationRequest defaults, String user) {
    boolean scopeGiven =
        (defaults.scope() != null && !defaults.scope().isBlank())
            || defaults.seriesId() != null
            || (defaults.benchmark() != null && !defaults.benchmark().isBlank());
    boolean kindGiven = defaults.kind() != null && !defaults.kind().isBlank();
    Classes shared =
        classes(defaults.kind(), defaults.scope(), defaults.seriesId(), defaults.benchmark());
    List<KnownChanges.Entry> entries = KnownChanges.parse(text);
    if (entries.isEmpty()) {
      throw new IllegalArgumentException("no annotations in the file");
    }
    if (entries.size() > MAX_IMPORT_LINES) {
      throw new IllegalArgumentException(
          entries.size() + " annotations in the file, at most " + MAX_IMPORT_LINES + " at once");
    }
    List<AnnotationRepository.Row> rows = new ArrayList<>(entries.size());
    for (KnownChanges.Entry entry : entries) {
      try {
        String kind = kindGiven ? shared.kind() : KnownChanges.kindOf(entry);
        String benchmark = scopeGiven ? null : KnownChanges.benchmarkOf(entry);
        if (benchmark != null && !repository.benchmarkExists(benchmark)) {
          benchmark = null;
        }
        String plain = KnownChanges.plainText(entry.longText());
        if (plain != null && plain.equals(entry.shortText().strip())) {
          plain = null; // luceneutil often says the same twice
        }
        String note = KnownChanges.note(benchmark, scopeGiven);
        rows.add(
            new AnnotationRepository.Row(
                date(KnownChanges.isoDate(entry.date())),
                null,
                shortText(entry.shortText()),
                longText(plain == null ? note : plain + "\n\n" + note),
                kind,
                scopeGiven ? shared.scope() : benchmark == null ? "all" : "group",
                scopeGiven ? shared.seriesId() : null,
                scopeGiven ? shared.benchmark() : benchmark));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("line " + entry.line() + ": " + e.getMessage(), e);
      }
    }
    // Each kind and scope has its own room.
    Map<List<Object>, Integer> adding = new LinkedHashMap<>();
    Map<List<Object>, AnnotationRepository.Row> sample = new HashMap<>();
    for (AnnotationRepository.Row row : rows) {
      List<Object> key = Arrays.asList(row.kind(), row.scope(), row.seriesId(), row.benchmark());
      adding.merge(key, 1, Integer::sum);
      sample.putIfAbsent(key, row);
    }
    adding.forEach((key, count) -> checkRoom(sample.get(key), count));
    checkEditorsDay(user, adding.values().stream().mapToInt(Number::intValue).sum());
    List<Long> ids = new ArrayList<>(rows.size());
    for (AnnotationRepository.Row row : rows) {
      ids.add(repository.insert(row, user));
    }
    return ids;
  }

  private AnnotationRepository.Row check(AnnotationRequest request) {
    if (request == null) {
      throw new IllegalArgumentException("no annotation given");
    }
    Instant at;
    if (request.at() != null && !request.at().isBlank()) {
      at = date(request.at());
      if (request.runId() != null && repository.runDate(request.runId()).isEmpty()) {
        throw new IllegalArgumentException("no run " + request.runId());
      }
    } else if (request.runId() != null) {
      at =
          repository
              .runDate(request.runId())
              .orElseThrow(() -> new IllegalArgumentException("no run " + request.runId()));
    } else {
      throw new IllegalArgumentException("an annotation needs a date (at) or a runId");
    }
    String shortText = shortText(request.shortText());
    String longText = longText(request.longText());
    Classes classes =
        classes(request.kind(), request.scope(), request.seriesId(), request.benchmark());
    return new AnnotationRepository.Row(
        at,
        request.runId(),
        shortText,
        longText,
        classes.kind(),
        classes.scope(),
        classes.seriesId(),
        classes.benchmark());
  }

  /** What kind of change an annotation is and which charts show it. */
  private record Classes(String kind, String scope, Long seriesId, String benchmark) {}

  /**
   * The kind (default {@code code}) and the scope with what it needs; a scope left out follows from
   * which of seriesId and benchmark is given (neither: all charts).
   */
  private Classes classes(String kindText, String scopeText, Long seriesId, String benchmarkText) {
    String kind = kindText == null || kindText.isBlank() ? "code" : kind(kindText);
    String benchmark =
        benchmarkText == null || benchmarkText.isBlank() ? null : benchmarkText.strip();
    String scope;
    if (scopeText != null && !scopeText.isBlank()) {
      scope = scope(scopeText);
    } else if (seriesId != null && benchmark == null) {
      scope = "series";
    } else if (benchmark != null && seriesId == null) {
      scope = "group";
    } else if (seriesId == null) {
      scope = "all";
    } else {
      throw new IllegalArgumentException(
          "a seriesId and a benchmark: give a scope, series or group");
    }
    switch (scope) {
      case "series" -> {
        if (seriesId == null) {
          throw new IllegalArgumentException("scope series needs a seriesId");
        }
        if (benchmark != null) {
          throw new IllegalArgumentException("scope series takes a seriesId, not a benchmark");
        }
        if (!repository.seriesExists(seriesId)) {
          throw new IllegalArgumentException("no series " + seriesId);
        }
      }
      case "group" -> {
        if (benchmark == null) {
          throw new IllegalArgumentException("scope group needs a benchmark");
        }
        if (seriesId != null) {
          throw new IllegalArgumentException("scope group takes a benchmark, not a seriesId");
        }
        if (!repository.benchmarkExists(benchmark)) {
          throw new IllegalArgumentException("no benchmark '" + benchmark + "'");
        }
      }
      default -> {
        if (seriesId != null || benchmark != null) {
          throw new IllegalArgumentException("scope all takes no seriesId or benchmark");
        }
      }
    }
    return new Classes(kind, scope, seriesId, benchmark);
  }

  /** The first instant an annotation may be at: before it, no Lucene and no benchmark. */
  static final Instant EARLIEST = Instant.parse("1900-01-01T00:00:00Z");

  /** The last: four-digit years, well inside what PostgreSQL's timestamps hold. */
  static final Instant LATEST = Instant.parse("9999-12-31T23:59:59Z");

  /**
   * An ISO date (midnight UTC), an instant ({@code 2024-03-01T02:00:00Z}), a date-time with an
   * offset, or a local date-time, taken as UTC; from {@link #EARLIEST} to {@link #LATEST}.
   */
  static Instant date(String text) {
    String date = text == null ? "" : text.strip();
    Instant at;
    try {
      if (date.length() == 10) {
        at = LocalDate.parse(date).atStartOfDay(ZoneOffset.UTC).toInstant();
      } else if (date.endsWith("Z") || date.endsWith("z")) {
        at = Instant.parse(date.toUpperCase(Locale.ROOT));
      } else if (date.matches(".*[+-]\\d\\d:?\\d\\d$")) {
        at = OffsetDateTime.parse(date).toInstant();
      } else {
        at = LocalDateTime.parse(date).toInstant(ZoneOffset.UTC);
      }
    } catch (DateTimeException e) {
      // A parse error, or a date the calendar has but an instant cannot hold (+1000000000-01-01).
      throw new IllegalArgumentException("bad date '" + shown(text) + "'", e);
    }
    if (at.isBefore(EARLIEST) || at.isAfter(LATEST)) {
      throw new IllegalArgumentException(
          "date '" + shown(text) + "' is out of range: from 1900-01-01 to 9999-12-31");
    }
    return at;
  }

  private static String shown(String text) {
    return text == null || text.length() <= 40 ? text : text.substring(0, 40) + "…";
  }

  static String shortText(String text) {
    String stripped = text == null ? "" : text.strip();
    if (stripped.isEmpty()) {
      throw new IllegalArgumentException("short text is empty");
    }
    if (stripped.indexOf('\n') >= 0 || stripped.indexOf('\r') >= 0) {
      throw new IllegalArgumentException("short text must be one line");
    }
    // An import file is not read through the JSON checks: its texts are checked here too.
    ControlCharacters.refuse("short text", stripped);
    int length = stripped.codePointCount(0, stripped.length()); // as PostgreSQL counts
    if (length > MAX_SHORT_TEXT) {
      throw new IllegalArgumentException(
          "short text is " + length + " characters long, at most " + MAX_SHORT_TEXT);
    }
    return stripped;
  }

  static String longText(String text) {
    if (text == null || text.isBlank()) {
      return null;
    }
    String stripped = text.strip();
    ControlCharacters.refuse("long text", stripped);
    int length = stripped.codePointCount(0, stripped.length());
    if (length > MAX_LONG_TEXT) {
      throw new IllegalArgumentException(
          "long text is " + length + " characters long, at most " + MAX_LONG_TEXT);
    }
    return stripped;
  }

  static String kind(String text) {
    String kind = text.strip().toLowerCase(Locale.ROOT);
    if (!KINDS.contains(kind)) {
      throw new IllegalArgumentException(
          "unknown kind '" + text + "': code, environment, benchmark or noise");
    }
    return kind;
  }

  static String scope(String text) {
    String scope = text.strip().toLowerCase(Locale.ROOT);
    if (!SCOPES.contains(scope)) {
      throw new IllegalArgumentException("unknown scope '" + text + "': series, group or all");
    }
    return scope;
  }
}
