package org.nightbench.harness;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;

/**
 * What the embedding step needs beyond the harness: the model's jars (MiniLM on ONNX Runtime, about
 * 110 MB, resolved only when a profile embeds) and the directory where a corpus's vectors are kept
 * between runs.
 */
public record EmbeddingModel(Path cacheDirectory, Supplier<List<Path>> jars) {}
