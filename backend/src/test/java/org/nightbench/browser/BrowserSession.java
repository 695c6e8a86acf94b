package org.nightbench.browser;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.openqa.selenium.chrome.ChromeDriver;
import org.springframework.util.FileSystemUtils;

/**
 * One headless Chromium for a test class, with a fresh profile that is deleted afterwards:
 * {@code @RegisterExtension static final BrowserSession chromium = new BrowserSession();}.
 */
public final class BrowserSession implements BeforeAllCallback, AfterAllCallback {

  private Path profileDir;
  private ChromeDriver browser;

  @Override
  public void beforeAll(ExtensionContext context) {
    try {
      profileDir = Files.createTempDirectory("nightbench-chromium");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    browser = HeadlessChromium.start(profileDir);
  }

  @Override
  public void afterAll(ExtensionContext context) {
    if (browser != null) {
      browser.quit();
    }
    if (profileDir != null) {
      FileSystemUtils.deleteRecursively(profileDir.toFile());
    }
  }

  /** The browser, started before the class's first test. */
  public ChromeDriver browser() {
    return browser;
  }
}
