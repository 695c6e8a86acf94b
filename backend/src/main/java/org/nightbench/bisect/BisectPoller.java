package org.nightbench.bisect;

import java.time.Duration;
import org.nightbench.jobs.PollingThread;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.stereotype.Component;

/**
 * Steps running bisects every {@code nightbench.bisect.poll-interval} (5 s) in a thread of its own;
 * the comparisons it queues run on the workers like any other.
 */
@Component
class BisectPoller implements ApplicationListener<ApplicationReadyEvent>, DisposableBean {

  private final PollingThread thread;

  BisectPoller(
      BisectSteps steps, @Value("${nightbench.bisect.poll-interval:5s}") Duration interval) {
    this.thread =
        new PollingThread(
            "bisects",
            "Bisect poll",
            interval,
            steps::work,
            LoggerFactory.getLogger(BisectPoller.class));
  }

  @Override
  public void onApplicationEvent(ApplicationReadyEvent event) {
    thread.start();
  }

  @Override
  public void destroy() throws InterruptedException {
    thread.close();
  }
}
