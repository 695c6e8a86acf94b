package org.nightbench.jfr;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * Samples by call stack in async-profiler's collapsed format: one line per distinct stack, its
 * frames from the thread's root to the running method joined by {@code ;}, then a space and the
 * number of samples. What the converter writes and reads, and what a benchmark's JVMs add up to.
 */
public final class CollapsedStacks {

  private final Map<String, Long> samplesByStack = new LinkedHashMap<>();

  /** Parses collapsed text; lines without a count at their end are skipped. */
  public static CollapsedStacks parse(String text) {
    CollapsedStacks stacks = new CollapsedStacks();
    text.lines()
        .forEach(
            line -> {
              int space = line.lastIndexOf(' ');
              if (space <= 0) {
                return;
              }
              try {
                long count = Long.parseLong(line.substring(space + 1).strip());
                if (count > 0) {
                  stacks.add(line.substring(0, space), count);
                }
              } catch (NumberFormatException e) {
                // Not a stack line.
              }
            });
    return stacks;
  }

  /** Reads what {@link #gzip()} wrote. */
  public static CollapsedStacks gunzip(byte[] gzipped) {
    try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gzipped))) {
      return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("stored stacks are not gzip: " + e.getMessage(), e);
    }
  }

  /** Adds {@code count} samples of {@code stack}. */
  public void add(String stack, long count) {
    samplesByStack.merge(stack, count, Long::sum);
  }

  /** Adds every sample of {@code other}: a benchmark's JVMs make one recording. */
  public void addAll(CollapsedStacks other) {
    other.samplesByStack.forEach(this::add);
  }

  public Map<String, Long> samplesByStack() {
    return Collections.unmodifiableMap(samplesByStack);
  }

  public long samples() {
    return samplesByStack.values().stream().mapToLong(Long::longValue).sum();
  }

  public String text() {
    StringBuilder text = new StringBuilder();
    samplesByStack.forEach(
        (stack, count) -> text.append(stack).append(' ').append(count).append('\n'));
    return text.toString();
  }

  public byte[] gzip() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
      out.write(text().getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }
}
