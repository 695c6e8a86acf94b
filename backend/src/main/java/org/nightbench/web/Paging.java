package org.nightbench.web;

import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import org.springframework.ui.Model;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * One page of a list page ({@code ?page=2}, from 1): what to read (one row more than a page, to
 * know whether another follows) and the model's {@code page}, {@code previousPage} and {@code
 * nextPage} for the {@code fragments/pages} navigation, whose links keep the page's other
 * parameters.
 */
public record Paging(int page, int size) {

  /** The last page one may ask for. */
  public static final int MAX_PAGE = 10_000;

  /** Page {@code page} (null: the first) of {@code size} rows; a one-line error out of range. */
  public static Paging of(Integer page, int size) {
    int number = page == null ? 1 : page;
    if (number < 1 || number > MAX_PAGE) {
      throw new IllegalArgumentException("page: between 1 and " + MAX_PAGE + ", not " + page);
    }
    return new Paging(number, size);
  }

  /** Rows before this page's first. */
  public int offset() {
    return (page - 1) * size;
  }

  /** Rows to read: a page's and one more. */
  public int limit() {
    return size + 1;
  }

  /** The page's rows of {@code read} (read with {@link #limit()}); adds the navigation. */
  public <T> List<T> shown(List<T> read, HttpServletRequest request, Model model) {
    model.addAttribute("page", page);
    model.addAttribute("previousPage", page > 1 ? link(request, page - 1) : null);
    model.addAttribute("nextPage", read.size() > size ? link(request, page + 1) : null);
    return read.subList(0, Math.min(size, read.size()));
  }

  private static String link(HttpServletRequest request, int page) {
    UriComponentsBuilder link = UriComponentsBuilder.fromPath(request.getRequestURI());
    request
        .getParameterMap()
        .forEach(
            (name, values) -> {
              if (!name.equals("page")) {
                link.queryParam(name, (Object[]) values);
              }
            });
    return link.queryParam("page", page).build().encode().toUriString();
  }
}
