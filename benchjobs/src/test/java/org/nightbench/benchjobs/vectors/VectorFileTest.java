package org.nightbench.benchjobs.vectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VectorFileTest {

  @TempDir Path tmp;

  @Test
  void writesLittleEndianFloat32WithNoHeaderAndReadsItBack() throws Exception {
    Path file = tmp.resolve("docs.vec");
    VectorFile.write(file, List.of(new float[] {1f, -2.5f, 0f}, new float[] {3f, 4f, 5f}), 3);

    byte[] bytes = Files.readAllBytes(file);
    assertThat(bytes).hasSize(2 * 3 * 4);
    // luceneutil's layout: the first float of the first vector in the first four bytes, LE.
    assertThat(ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getFloat(4)).isEqualTo(-2.5f);
    assertThat(VectorFile.count(file, 3)).isEqualTo(2);
    assertThat(VectorFile.read(file, 3, 10)[1]).containsExactly(3f, 4f, 5f);
    assertThat(VectorFile.read(file, 3, 1)).hasNumberOfRows(1);
  }

  @Test
  void refusesAFileThatIsNoWholeNumberOfVectorsOfTheDimension() throws Exception {
    Path file = tmp.resolve("docs.vec");
    VectorFile.write(file, List.of(new float[] {1f, 2f, 3f}), 3);
    assertThatThrownBy(() -> VectorFile.read(file, 2, 10))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("docs.vec holds 12 bytes, not a whole number of 2-dimensional float32 vectors");
    assertThatThrownBy(() -> VectorFile.count(file, 0))
        .hasMessage("vector dimension must be positive, not 0");
    assertThatThrownBy(() -> VectorFile.write(tmp.resolve("x"), List.of(new float[2]), 3))
        .hasMessage("a vector of 2 dimensions in a file of 3");
  }

  @Test
  void exactNeighboursAreTheTrueNearestAndRecallCountsThem() {
    float[][] docs = {{1, 0}, {0, 1}, {0.9f, 0.1f}, {-1, 0}};
    float[][] queries = {{1, 0.05f}};
    int[][] exact = ExactNeighbours.compute(docs, queries, 2, VectorSimilarity.EUCLIDEAN);
    assertThat(exact[0]).containsExactly(0, 2);
    assertThat(ExactNeighbours.compute(docs, queries, 2, VectorSimilarity.DOT_PRODUCT)[0])
        .containsExactly(0, 2);
    assertThat(ExactNeighbours.recall(new int[] {0, 2}, new int[] {2, 3}, 2)).isEqualTo(0.5);
    assertThat(ExactNeighbours.recall(new int[] {0, 2}, new int[] {0, 2}, 2)).isEqualTo(1.0);
  }
}
