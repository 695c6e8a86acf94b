package org.nightbench.browser;

import java.io.File;
import java.nio.file.Path;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's Chromium driven through its ChromeDriver, with the flags it needs to run headless as
 * root in a container; Selenium Manager is never asked to download a browser or driver.
 */
public final class HeadlessChromium {

  private static final String CHROMIUM = "/usr/bin/chromium";
  private static final String CHROMEDRIVER = "/usr/bin/chromedriver";

  private HeadlessChromium() {}

  /** A fresh browser whose profile lives in {@code profileDir} (deleted by the caller). */
  public static ChromeDriver start(Path profileDir) {
    ChromeDriverService service =
        new ChromeDriverService.Builder().usingDriverExecutable(new File(CHROMEDRIVER)).build();
    ChromeOptions options = new ChromeOptions().setBinary(CHROMIUM);
    options.addArguments(
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        "--force-device-scale-factor=1",
        "--window-size=1280,1000",
        "--user-data-dir=" + profileDir);
    return new ChromeDriver(service, options);
  }
}
