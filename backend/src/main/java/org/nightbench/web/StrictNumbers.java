package org.nightbench.web;

import java.beans.PropertyEditorSupport;
import org.springframework.web.bind.WebDataBinder;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.InitBinder;

/**
 * Ids and counts in paths and query parameters are ASCII digits: Java's own parsing also takes
 * other scripts' digits ({@code /api/runs/１２} would be run 12), which no client means and which
 * lets one resource answer under many names. An editor, not a converter: Spring falls back to its
 * lenient number editors when a converter refuses.
 */
@ControllerAdvice
class StrictNumbers {

  @InitBinder
  void asciiDigitsOnly(WebDataBinder binder) {
    binder.registerCustomEditor(long.class, new Digits(Long.class, false));
    binder.registerCustomEditor(Long.class, new Digits(Long.class, true));
    binder.registerCustomEditor(int.class, new Digits(Integer.class, false));
    binder.registerCustomEditor(Integer.class, new Digits(Integer.class, true));
  }

  /** A whole number of ASCII digits, optionally signed; empty is null where null is allowed. */
  private static final class Digits extends PropertyEditorSupport {

    private final Class<? extends Number> type;
    private final boolean emptyIsNull;

    Digits(Class<? extends Number> type, boolean emptyIsNull) {
      this.type = type;
      this.emptyIsNull = emptyIsNull;
    }

    @Override
    public void setAsText(String text) {
      String trimmed = text == null ? "" : text.strip();
      if (trimmed.isEmpty() && emptyIsNull) {
        setValue(null);
        return;
      }
      if (!trimmed.matches("[+-]?[0-9]{1,19}")) {
        throw new IllegalArgumentException("not a whole number in ASCII digits");
      }
      setValue(type == Long.class ? Long.valueOf(trimmed) : Integer.valueOf(trimmed));
    }

    @Override
    public String getAsText() {
      Object value = getValue();
      return value == null ? "" : value.toString();
    }
  }
}
