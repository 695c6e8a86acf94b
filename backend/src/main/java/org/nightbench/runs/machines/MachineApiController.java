package org.nightbench.runs.machines;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;
import org.nightbench.web.NotFoundException;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping(path = "/api/machines", produces = "application/json")
@Tag(name = "Machines", description = "Machine labels, their workers' heartbeats and queues")
class MachineApiController {

  private final MachineRegistry machines;

  MachineApiController(MachineRegistry machines) {
    this.machines = machines;
  }

  @GetMapping
  @Operation(
      summary =
          "Every machine label with its workers, last heartbeat, current run and queue depth; a"
              + " warning when runs wait for a label no live worker serves")
  List<MachineStatus> all() {
    return machines.overview();
  }

  @DeleteMapping("/{label}")
  @ResponseStatus(HttpStatus.NO_CONTENT)
  @Operation(
      summary =
          "Forget a retired machine (admins): runs can no longer be queued for it until a worker"
              + " serves it again; its runs and series stay")
  void forget(@PathVariable String label) {
    if (!machines.forget(label)) {
      throw new NotFoundException("No machine '" + label + "'");
    }
  }
}
