package org.nightbench.browser;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.openqa.selenium.chrome.ChromeDriver;

/** axe-core (vendored in the test resources) run on the page a browser shows. */
public final class Axe {

  private static final String SOURCE = "/vendor/axe-core/4.14.1/axe.min.js";

  private final String axe;

  public Axe() {
    try (InputStream in = Axe.class.getResourceAsStream(SOURCE)) {
      if (in == null) {
        throw new IllegalStateException(SOURCE + " is not in the test resources");
      }
      axe = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** axe-core's serious and critical violations on the page, one line each. */
  @SuppressWarnings("unchecked")
  public List<String> violations(ChromeDriver browser) {
    browser.manage().timeouts().scriptTimeout(Duration.ofSeconds(60));
    browser.executeScript(axe);
    return (List<String>)
        browser.executeAsyncScript(
            """
            const done = arguments[arguments.length - 1];
            axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations
                .filter(v => v.impact === 'serious' || v.impact === 'critical')
                .map(v => v.id + ' (' + v.impact + '): ' + v.help + ' at '
                    + v.nodes.slice(0, 3).map(n => n.target.join(' ')
                        + (n.any.length ? ' [' + n.any[0].message + ']' : '')).join('; '))));
            """);
  }
}
