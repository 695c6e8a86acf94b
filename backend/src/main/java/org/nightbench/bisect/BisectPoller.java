package org.nightbench.bisect;

import java.time.Duration;
import org.nightbench.jobs.Poller;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Steps running bisects every {@code nightbench.bisect.poll-interval} (5 s) in a thread of its own;
 * the comparisons it queues run on the workers like any other.
 */
@Component
class BisectPoller extends Poller {

  BisectPoller(
      BisectSteps steps, @Value("${nightbench.bisect.poll-interval:5s}") Duration interval) {
    super("bisects", "Bisect poll", interval, steps::work);
  }
}
