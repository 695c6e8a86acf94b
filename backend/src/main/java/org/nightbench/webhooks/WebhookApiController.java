package org.nightbench.webhooks;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;
import org.nightbench.web.NotFoundException;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/** Webhook deliveries and their failures, for admins only (see SecurityConfiguration). */
@RestController
@RequestMapping(path = "/api/webhooks", produces = "application/json")
@Tag(name = "Webhooks", description = "Deliveries of change point messages to configured URLs")
class WebhookApiController {

  private final WebhookDeliveries deliveries;
  private final WebhookWorker worker;

  WebhookApiController(WebhookDeliveries deliveries, WebhookWorker worker) {
    this.deliveries = deliveries;
    this.worker = worker;
  }

  @GetMapping("/deliveries")
  @Operation(
      summary = "Deliveries, newest first",
      description =
          "state (pending, delivered or failed; default all), limit (default 200, at most 5000);"
              + " each URL shows its scheme and host only")
  List<WebhookDelivery> list(
      @RequestParam(required = false) String state, @RequestParam(defaultValue = "200") int limit) {
    DeliveryState wanted = state == null || state.isBlank() ? null : DeliveryState.parse(state);
    return deliveries.list(wanted, limit <= 0 || limit > 5000 ? 200 : limit);
  }

  @PostMapping("/deliveries/{id}/retry")
  @Operation(
      summary = "Send a pending or failed delivery again at the next poll",
      description = "One more attempt; 409 when it was delivered already")
  WebhookDelivery retry(@PathVariable long id) {
    WebhookDelivery delivery =
        deliveries.find(id).orElseThrow(() -> new NotFoundException("No webhook delivery " + id));
    if (!worker.retry(id)) {
      throw new ResponseStatusException(
          HttpStatus.CONFLICT, "webhook delivery " + id + " was delivered already");
    }
    return deliveries.find(id).orElse(delivery);
  }
}
