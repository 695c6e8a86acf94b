package org.nightbench.attribution;

import java.security.Principal;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.nightbench.changepoints.Alert;
import org.nightbench.changepoints.AlertsPageContent;
import org.nightbench.changepoints.ChangePointDetection;
import org.nightbench.changepoints.evidence.MachineEvidence;
import org.nightbench.changepoints.evidence.RunEvidence;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Machine or code, for the pages: each alert's attribution (an editor's verdict, else the evidence
 * of its run), a run's evidence for the digest, and the editors' verdicts. A run's evidence is
 * detection's ({@link MachineEvidence}), worked out once per run.
 */
@Service("attributions")
public class Attributions implements AlertsPageContent {

  private final AttributionRepository repository;
  private final MachineEvidence machineEvidence;
  private final ChangePointDetection detection;
  private final JsonMapper json;

  Attributions(
      AttributionRepository repository,
      MachineEvidence machineEvidence,
      ChangePointDetection detection,
      JsonMapper json) {
    this.repository = repository;
    this.machineEvidence = machineEvidence;
    this.detection = detection;
    this.json = json;
  }

  /**
   * For the alerts page's cache: the editors' verdicts shown under the alerts, so an override shows
   * at once to anonymous readers too. (A run's evidence needs no part: it follows from the run's
   * points, which the alerts' own version covers.)
   */
  @Override
  public String version() {
    return repository.verdictsVersion();
  }

  /** The evidence of a run: as detection kept it, or worked out of its points now and kept. */
  public Evidence evidence(long runId) {
    return new Evidence(machineEvidence.of(runId));
  }

  /** Whose move a run as a whole is, for the digest. */
  public Attribution ofRun(long runId) {
    return evidence(runId).ofRun();
  }

  /**
   * What else changed from run {@code fromId} to run {@code toId} besides Lucene, one line per
   * difference ({@code kernel: 6.1.0-27 → 6.1.0-28}); empty when nothing did or either run recorded
   * nothing.
   */
  public List<String> environmentChanges(long fromId, long toId) {
    Optional<String[]> before = repository.recorded(fromId);
    Optional<String[]> after = repository.recorded(toId);
    if (before.isEmpty() || after.isEmpty()) {
      return List.of();
    }
    return EnvironmentChanges.between(
        tree(before.get()[0]), tree(before.get()[1]), tree(after.get()[0]), tree(after.get()[1]));
  }

  private JsonNode tree(String text) {
    return text == null ? null : json.readTree(text);
  }

  /** Per alert id, whose move the alerts shown are (grouped as the alerts page groups them). */
  public Map<Long, Attribution> ofAlerts(Collection<? extends Collection<Alert>> groups) {
    return of(groups.stream().flatMap(Collection::stream).map(Alert::id).distinct().toList());
  }

  /** Per change point id of {@code ids}, whose move it is; unknown ids are left out. */
  public Map<Long, Attribution> of(List<Long> ids) {
    Map<Long, Attribution> attributions = new LinkedHashMap<>();
    if (ids.isEmpty()) {
      return attributions;
    }
    Map<Long, AttributionRepository.Alerted> alerted = repository.alerted(ids);
    Map<Long, String[]> overrides = repository.overrides(ids);
    Map<Long, Evidence> byRun = new HashMap<>();
    for (long id : ids) {
      AttributionRepository.Alerted alert = alerted.get(id);
      if (alert == null) {
        continue;
      }
      Attribution found =
          byRun
              .computeIfAbsent(alert.runId(), this::evidence)
              .attribute(alert.regression(), alert.relativeChange(), alert.machineChange());
      String[] override = overrides.get(id);
      if (override != null) {
        Verdict verdict = Verdict.editable(override[0]);
        found =
            new Attribution(
                verdict,
                "set by " + override[1] + "; the evidence: " + found.evidence(),
                override[1]);
      }
      attributions.put(id, found);
    }
    return attributions;
  }

  /**
   * An editor's verdict on a change point: {@code machine}, {@code code}, or {@code automatic} to
   * let the evidence decide again. Detection leaves a spell of nights that the evidence put down to
   * the machine out of a series' history unless an editor said a change point of the series there
   * is the code's; when a verdict on such a night becomes or stops being {@code code}, the series
   * is detected again over its whole history.
   *
   * @throws IllegalArgumentException with a one-line message for an unknown change point or verdict
   */
  @Transactional
  public void override(long changePointId, String verdict, Principal user) {
    if (!repository.changePointExists(changePointId)) {
      throw new IllegalArgumentException("change point " + changePointId + " does not exist");
    }
    String[] before = repository.overrides(List.of(changePointId)).get(changePointId);
    if ("automatic".equals(verdict)) {
      repository.clearOverride(changePointId);
    } else {
      repository.override(changePointId, Verdict.editable(verdict), user.getName());
    }
    boolean wasCode = before != null && Verdict.CODE.key().equals(before[0]);
    if (wasCode != Verdict.CODE.key().equals(verdict)) {
      AttributionRepository.Alerted alert =
          repository.alerted(List.of(changePointId)).get(changePointId);
      if (machineEvidence.kept(alert.runId()).map(RunEvidence::machine).orElse(false)) {
        detection.detectAll(alert.seriesId());
      }
    }
  }
}
