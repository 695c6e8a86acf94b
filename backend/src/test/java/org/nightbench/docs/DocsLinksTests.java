package org.nightbench.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every relative link in {@code README.md} and under {@code docs/} names a file that exists. */
class DocsLinksTests {

  @Test
  void everyRelativeLinkResolves() throws IOException {
    Path root = RepositoryFiles.root();
    List<String> broken = new ArrayList<>();
    int checked = 0;
    for (Path file : RepositoryFiles.documentation(root)) {
      for (MarkdownLinks.Link link : MarkdownLinks.relativeLinks(Files.readString(file))) {
        checked++;
        if (!Files.exists(MarkdownLinks.resolve(file, link))) {
          broken.add(root.relativize(file) + ":" + link.line() + " -> " + link.target());
        }
      }
    }
    assertThat(checked).as("relative links found").isGreaterThan(50);
    assertThat(broken).as("links to files that do not exist").isEmpty();
  }

  @Test
  void linksInCodeAndAbsoluteOnesAreNotChecked() {
    String markdown =
        """
        See [a](docs/a.md#part), ![b](../img/b.png "title"), [web](https://x.org/y), [top](#top).
        `[not](a link)` and
        ```
        [also not](there.md)
        ```
        [c](<with%20space.md>)
        """;
    assertThat(MarkdownLinks.relativeLinks(markdown))
        .containsExactly(
            new MarkdownLinks.Link(1, "docs/a.md"),
            new MarkdownLinks.Link(1, "../img/b.png"),
            new MarkdownLinks.Link(6, "with space.md"));
  }
}
