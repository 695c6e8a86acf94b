package org.nightbench.corpus;

import java.nio.file.Path;

/**
 * A line-docs file to index.
 *
 * @param name the file name without {@code .gz} and {@code .txt}, e.g. {@code europarl.lines}
 * @param path the absolute path of the file
 * @param sha256 lower-case hex SHA-256 of the file's bytes, so results on different corpora never
 *     mix
 * @param sizeBytes the file's size
 */
public record Corpus(String name, Path path, String sha256, long sizeBytes) {}
