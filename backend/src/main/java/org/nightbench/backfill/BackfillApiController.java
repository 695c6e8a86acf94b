package org.nightbench.backfill;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;
import org.nightbench.runs.Run;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/api/backfill")
@Tag(name = "Backfill", description = "Queue runs of past Lucene releases and commits")
class BackfillApiController {

  private final BackfillService backfill;

  BackfillApiController(BackfillService backfill) {
    this.backfill = backfill;
  }

  @PostMapping
  @ResponseStatus(HttpStatus.CREATED)
  @Operation(
      summary =
          "Queue backfill runs, oldest first: {\"releases\": [\"9.12.3\"]}, {\"fromMinor\":"
              + " \"9.8\", \"toMinor\": \"10.6\"}, {\"commitRange\": {\"from\": \"<ref>\","
              + " \"to\": \"main\", \"every\": 10}} or {\"dateRange\": {\"from\":"
              + " \"2025-01-01\", \"to\": \"2025-01-31\", \"branch\": \"main\"}}")
  List<Run> backfill(@RequestBody BackfillRequest request) {
    return backfill.backfill(request);
  }
}
