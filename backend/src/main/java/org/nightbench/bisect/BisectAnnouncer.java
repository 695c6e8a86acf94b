package org.nightbench.bisect;

import java.util.LinkedHashMap;
import java.util.Map;
import org.nightbench.webhooks.WebhookNotifier;
import org.springframework.stereotype.Component;

/**
 * Announces an ended bisect through the webhook outbox, in the transaction that ends it: one
 * message per configured URL, with the culprit (or range) and a link to the bisect's page.
 */
@Component
class BisectAnnouncer {

  private final BisectRepository repository;
  private final WebhookNotifier notifier;
  private final CommitLinks links;

  BisectAnnouncer(BisectRepository repository, WebhookNotifier notifier, CommitLinks links) {
    this.repository = repository;
    this.notifier = notifier;
    this.links = links;
  }

  void announce(long id) {
    Bisect b = repository.find(id).orElseThrow();
    var commits = repository.commits(id);
    BisectCommit good = commits.get(b.goodPosition());
    BisectCommit bad = commits.get(b.badPosition());
    String page = notifier.publicUrl() + "/bisects/" + id;
    Map<String, Object> payload = new LinkedHashMap<>();
    payload.put("event", "bisect");
    payload.put(
        "text",
        "Bisect "
            + id
            + " of "
            + b.benchmark()
            + " "
            + b.task()
            + " "
            + b.metric()
            + " "
            + b.state()
            + ": "
            + b.message()
            + " "
            + page);
    payload.put("bisectId", id);
    payload.put("state", b.state());
    payload.put("benchmark", b.benchmark());
    payload.put("task", b.task());
    payload.put("metric", b.metric());
    payload.put("message", b.message());
    payload.put("good", good.sha());
    payload.put("bad", bad.sha());
    if (Bisect.FOUND.equals(b.state())) {
      payload.put("culprit", bad.sha());
      payload.put("culpritSubject", bad.subject());
      payload.put("culpritUrl", links.commit(bad.sha()));
    }
    payload.put("referenceEffect", b.referenceEffect());
    payload.put("changePointId", b.changePointId());
    payload.put("url", page);
    notifier.bisectFinished(id, payload);
  }
}
