package org.nightbench.harness.plan;

/**
 * One side of an interleaved plan: its name and how its index is written and read.
 *
 * @param name {@code baseline} or {@code candidate}, in its JVMs' labels and files
 * @param directory how its search JVMs read the index ({@code default}, {@code mmap}, {@code nio})
 * @param storedFields {@code speed} or {@code compression}; null for the codec's default
 * @param postingsFormat every field's postings format by its SPI name; null for the codec's
 */
public record PlanSide(String name, String directory, String storedFields, String postingsFormat) {}
