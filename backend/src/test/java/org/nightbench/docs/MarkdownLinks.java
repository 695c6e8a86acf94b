package org.nightbench.docs;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The relative links of a Markdown text: inline links and images ({@code [text](target)}), outside
 * fenced code blocks and code spans. Links with a scheme ({@code https:}, {@code mailto:}) and
 * links to an anchor of the same page are left out; a relative link's anchor is dropped.
 */
final class MarkdownLinks {

  /** A relative link: the line it is on (from 1) and its target without the anchor. */
  record Link(int line, String target) {}

  private static final Pattern INLINE =
      Pattern.compile("\\]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
  private static final Pattern CODE_SPAN = Pattern.compile("`+[^`]*`+");
  private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:");

  private MarkdownLinks() {}

  static List<Link> relativeLinks(String markdown) {
    List<Link> links = new ArrayList<>();
    String[] lines = markdown.split("\n", -1);
    boolean fenced = false;
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      if (line.strip().startsWith("```")) {
        fenced = !fenced;
        continue;
      }
      if (fenced) {
        continue;
      }
      Matcher m = INLINE.matcher(CODE_SPAN.matcher(line).replaceAll(""));
      while (m.find()) {
        String target = m.group(1);
        if (target.startsWith("#") || SCHEME.matcher(target).find()) {
          continue;
        }
        int cut = indexOfAny(target, '#', '?');
        String path = cut < 0 ? target : target.substring(0, cut);
        links.add(new Link(i + 1, URLDecoder.decode(path, StandardCharsets.UTF_8)));
      }
    }
    return links;
  }

  /** Where {@code link} points from the file {@code from}. */
  static Path resolve(Path from, Link link) {
    return from.getParent().resolve(link.target()).normalize();
  }

  private static int indexOfAny(String s, char a, char b) {
    int i = s.indexOf(a);
    int j = s.indexOf(b);
    return i < 0 ? j : j < 0 ? i : Math.min(i, j);
  }
}
