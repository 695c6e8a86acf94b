package org.nightbench.synthetic;

import org.nightbench.changepoints.ChangePointDetection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.stereotype.Component;

/** Writes the synthetic history at startup when {@code nightbench.synthetic.nights} is set. */
@Component
@ConditionalOnExpression("${nightbench.synthetic.nights:0} > 0")
class SyntheticHistoryRunner implements ApplicationRunner {

  private static final Logger log = LoggerFactory.getLogger(SyntheticHistoryRunner.class);

  private final SyntheticHistoryWriter writer;
  private final SyntheticHistoryProperties settings;
  private final ChangePointDetection detection;
  private final ConfigurableApplicationContext context;

  SyntheticHistoryRunner(
      SyntheticHistoryWriter writer,
      SyntheticHistoryProperties settings,
      ChangePointDetection detection,
      ConfigurableApplicationContext context) {
    this.writer = writer;
    this.settings = settings;
    this.detection = detection;
    this.context = context;
  }

  @Override
  public void run(ApplicationArguments args) {
    for (SyntheticHistoryProperties machine : settings.perMachine()) {
      writeAndDetect(machine);
    }
    if (settings.exit()) {
      System.exit(SpringApplication.exit(context, () -> 0));
    }
  }

  private void writeAndDetect(SyntheticHistoryProperties settings) {
    long start = System.nanoTime();
    SyntheticHistoryWriter.Written written = writer.write(settings);
    log.info(
        "Synthetic history on machine '{}': {} nights, {} series, {} points in {} ms",
        settings.machine(),
        written.runs(),
        written.series().size(),
        written.points(),
        (System.nanoTime() - start) / 1_000_000);
    // The whole history at once, as after a change of the detector: reading, detecting, storing.
    start = System.nanoTime();
    int found = 0;
    for (SyntheticHistoryWriter.WrittenSeries series : written.series()) {
      found += detection.detectAll(series.id()).size();
    }
    log.info(
        "Change points over the synthetic history: {} in {} series in {} ms",
        found,
        written.series().size(),
        (System.nanoTime() - start) / 1_000_000);
  }
}
