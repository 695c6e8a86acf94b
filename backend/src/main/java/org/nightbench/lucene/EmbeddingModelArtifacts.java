package org.nightbench.lucene;

import java.nio.file.Path;
import java.util.List;
import org.nightbench.protocol.EmbedSpec;
import org.springframework.stereotype.Component;

/**
 * The embedding model's jars (MiniLM with ONNX Runtime and its tokenizer), resolved from Maven
 * Central like the Lucene releases and kept in the same local repository, so only the first run
 * that embeds downloads them.
 */
@Component
public class EmbeddingModelArtifacts {

  private final MavenArtifacts artifacts;

  EmbeddingModelArtifacts(MavenArtifacts artifacts) {
    this.artifacts = artifacts;
  }

  /** The model's jars with their runtime dependencies, in class path order. */
  public List<Path> jars() {
    return artifacts.resolveWithDependencies(List.of(EmbedSpec.EMBEDDING_MODEL)).stream()
        .map(artifact -> artifact.getFile().toPath())
        .toList();
  }
}
