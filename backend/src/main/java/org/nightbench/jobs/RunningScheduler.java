package org.nightbench.jobs;

import com.github.kagkarlsson.scheduler.Scheduler;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;

/**
 * A scheduler that starts polling once the application is ready (migrations done, beans wired) and
 * stops with the application.
 */
public final class RunningScheduler
    implements ApplicationListener<ApplicationReadyEvent>, DisposableBean {

  private final Scheduler scheduler;

  public RunningScheduler(Scheduler scheduler) {
    this.scheduler = scheduler;
  }

  @Override
  public void onApplicationEvent(ApplicationReadyEvent event) {
    scheduler.start();
  }

  @Override
  public void destroy() {
    scheduler.stop();
  }
}
