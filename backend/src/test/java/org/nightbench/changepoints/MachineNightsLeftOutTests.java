package org.nightbench.changepoints;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.nightbench.attribution.Attribution;
import org.nightbench.attribution.Attributions;
import org.nightbench.attribution.Verdict;
import org.nightbench.changepoints.evidence.MachineEvidence;
import org.nightbench.changepoints.marks.DetectionMarks;
import org.nightbench.ingest.ResultIngester;
import org.nightbench.ingest.RunContext;
import org.nightbench.ingest.RunIngested;
import org.nightbench.ingest.RunResults;
import org.nightbench.ingest.TestResults;
import org.nightbench.protocol.result.HarnessResult;
import org.nightbench.protocol.result.Metric;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A machine spell that the run's evidence sees (the control revision and every measured series 10 %
 * slower for three nights) is left out of each series' history once it is over, and a 5σ code step
 * in one series on the very next night stands as a change point at its own night (suspected, then
 * confirmed once it has stood {@code NightlyStep.CONFIRM_AFTER} nights); with the spell kept in the
 * history (the replay without the machine's nights), it does not. The nights go through real
 * ingestion ({@link ResultIngester#ingestPoints}) and detection after each run ({@link
 * DetectionAfterIngest}, called on the test's thread), and the endpoint's replay of the stepped
 * series with the machine's nights ends with the same change points. An editor's <em>code</em> on a
 * spell alert puts the spell back into that series' history.
 */
@SpringBootTest
@AutoConfigureMockMvc
@ActiveProfiles("test")
class MachineNightsLeftOutTests {

  private static final int SPELL = 55;
  private static final int SPELL_NIGHTS = 3;
  private static final int STEP = SPELL + SPELL_NIGHTS;

  /**
   * The step's night and the nine after it: a step is confirmed once it has stood {@code
   * NightlyStep.CONFIRM_AFTER} (10) nights. With this seed the step's first night alone falls just
   * short of a suspicion, and the next night's suspicion rests on that night alone, so it stays
   * there until the detector confirms the step at its own night.
   */
  private static final int NIGHTS = STEP + 10;

  private static final int MEASURED = 16;
  private static final int JVMS = 3;
  private static final Instant DAY0 = Instant.parse("2021-01-01T02:00:00Z");

  @Autowired ResultIngester ingester;
  @Autowired ChangePointDetection detection;
  @Autowired MachineEvidence machineEvidence;
  @Autowired ApplicationEventPublisher events;
  @Autowired JdbcClient jdbc;
  @Autowired MockMvc mvc;
  @Autowired Attributions attributions;
  @Autowired DetectionRepository histories;
  @Autowired DetectionMarks marks;

  private final JsonMapper json = JsonMapper.builder().build();

  @Test
  void aSpellIsLeftOutAndACodeStepRightAfterItIsStillSuspected() throws Exception {
    String machine = "spell-" + UUID.randomUUID().toString().substring(0, 8);
    List<Long> runs = new ArrayList<>();
    Map<String, double[][]> samples =
        ingest(
            machine,
            runs,
            (night, s) ->
                (night >= SPELL && night < STEP ? 0.9 : 1) * (s == 0 && night >= STEP ? 0.95 : 1));

    for (int night = SPELL; night < STEP; night++) {
      assertThat(machineEvidence.of(runs.get(night)).machine())
          .as("the evidence of spell night " + night)
          .isTrue();
    }
    assertThat(machineEvidence.of(runs.get(STEP)).machine()).as("the step's night").isFalse();

    long stepped = series(machine, "Term0");
    Map<Long, Integer> nightOf = new HashMap<>();
    for (int i = 0; i < runs.size(); i++) {
      nightOf.put(runs.get(i), i);
    }
    List<String> stored =
        jdbc.sql("select run_id, stage from change_point where series_id = ? order by x, id")
            .param(stepped)
            .query((rs, row) -> nightOf.get(rs.getLong(1)) + ":" + rs.getString(2))
            .list();
    assertThat(stored)
        .as("the code step right after the spell, through ingestion")
        .anyMatch(c -> c.startsWith(STEP + ":") && !c.endsWith("withdrawn"));

    double[][] steppedSamples = samples.get("Term0");
    Set<Integer> spell = Set.of(SPELL, SPELL + 1, SPELL + 2);
    List<String> replayed = replayed(steppedSamples, spell, moves(runs, spell));
    assertThat(replayed).as("the endpoint's replay with the machine's nights").isEqualTo(stored);
    assertThat(replayed(steppedSamples, Set.of(), Map.of()))
        .as("the replay with the spell kept in the history")
        .noneMatch(c -> c.startsWith(STEP + ":") && !c.endsWith("withdrawn"));

    // The unchanged series: whatever the spell raised there is withdrawn once it is over.
    List<String> quiet =
        jdbc.sql(
                "select c.stage from change_point c join series s on s.id = c.series_id"
                    + " where s.machine = ? and s.task <> 'Term0' and c.stage <> 'withdrawn'")
            .param(machine)
            .query(String.class)
            .list();
    assertThat(quiet).as("alerts left standing in the unchanged series").isEmpty();

    // An editor says a spell alert of one unchanged series is the code's: that series' history
    // takes the spell back (detected again), the others' do not; "automatic" leaves it out again.
    long quietSeries = series(machine, "Term1");
    long otherSeries = series(machine, "Term2");
    long spellAlert =
        jdbc.sql("select id from change_point where series_id = ? and run_id = ?")
            .params(quietSeries, runs.get(SPELL))
            .query(Long.class)
            .single();
    assertThat(leftOut(quietSeries)).containsAll(spell);
    attributions.override(spellAlert, "code", () -> "editor");
    assertThat(leftOut(quietSeries))
        .as("the series the editor spoke for")
        .doesNotContainAnyElementsOf(spell);
    assertThat(leftOut(otherSeries)).as("another series").containsAll(spell);
    attributions.override(spellAlert, "automatic", () -> "editor");
    assertThat(leftOut(quietSeries)).containsAll(spell);
  }

  /**
   * A code step on a spell's second night: one series 15 % slower on a night the machine made every
   * series 10 % slower. Judged net of the machine's move, the series moved beyond it: its alert
   * stands on that night, as the code's, saying both moves, and stays there once the spell is over
   * and left out of the history (confirmed there); the endpoint's replay with the machine's moves
   * ends the same. Without the moves (the spell's nights alone) that night is the machine's, left
   * out with its spell, and no alert stands on it.
   */
  @Test
  void aCodeStepOnAMachineNightIsJudgedNetOfTheMachinesMove() throws Exception {
    String machine = "beyond-" + UUID.randomUUID().toString().substring(0, 8);
    List<Long> runs = new ArrayList<>();
    int on = SPELL + 1;
    Map<String, double[][]> samples =
        ingest(
            machine,
            runs,
            (night, s) ->
                (night >= SPELL && night < STEP ? 0.9 : 1) * (s == 0 && night >= on ? 0.85 : 1));
    long stepped = series(machine, "Term0");
    Map<Long, Integer> nightOf = new HashMap<>();
    for (int i = 0; i < runs.size(); i++) {
      nightOf.put(runs.get(i), i);
    }
    List<String> stored =
        jdbc.sql("select run_id, stage from change_point where series_id = ? order by x, id")
            .param(stepped)
            .query((rs, row) -> nightOf.get(rs.getLong(1)) + ":" + rs.getString(2))
            .list();
    assertThat(stored).as("through ingestion").contains(on + ":confirmed");
    long alert =
        jdbc.sql("select id from change_point where series_id = ? and run_id = ?")
            .params(stepped, runs.get(on))
            .query(Long.class)
            .single();
    Attribution said = attributions.of(List.of(alert)).get(alert);
    assertThat(said.verdict()).isEqualTo(Verdict.CODE);
    assertThat(said.evidence())
        .matches(
            "the machine moved −(9\\.[5-9]|10\\.[0-5]) % that night; this series moved"
                + " −2[2-5]\\.\\d %, −1[3-7]\\.\\d % beyond it; .*");

    Set<Integer> spell = Set.of(SPELL, SPELL + 1, SPELL + 2);
    assertThat(replayed(samples.get("Term0"), spell, moves(runs, spell)))
        .as("the endpoint's replay with the machine's moves")
        .isEqualTo(stored);
    assertThat(replayed(samples.get("Term0"), spell, Map.of()))
        .as("the replay with the spell's nights alone")
        .noneMatch(c -> c.startsWith(on + ":") && !c.endsWith("withdrawn"));
  }

  /** The machine's move on each night of {@code nights}, as its run's kept evidence says it. */
  private Map<Integer, Double> moves(List<Long> runs, Set<Integer> nights) {
    Map<Integer, Double> moves = new HashMap<>();
    for (int night : nights) {
      moves.put(night, machineEvidence.of(runs.get(night)).machineMove());
    }
    return moves;
  }

  /** The nights (indices) that detection leaves out of the series' history. */
  private Set<Integer> leftOut(long seriesId) {
    SeriesHistory history = histories.history(seriesId).orElseThrow();
    return SeriesDetector.inputs(history, marks.read(seriesId)).excluded();
  }

  /** A night's level of series {@code s} (0 the stepped one, the last three the control's). */
  interface Level {
    double at(int night, int s);
  }

  /**
   * {@link #NIGHTS} nights of the measured and control series at 100 × {@code level} ± 1 %, each
   * ingested and detected as after a run; the runs into {@code runs}, the samples by task.
   */
  private Map<String, double[][]> ingest(String machine, List<Long> runs, Level level) {
    SplittableRandom random = new SplittableRandom(3801);
    DetectionAfterIngest afterIngest = new DetectionAfterIngest(detection, machineEvidence, events);
    Map<String, double[][]> samples = new LinkedHashMap<>();
    for (int night = 0; night < NIGHTS; night++) {
      long run = run(machine);
      runs.add(run);
      List<Metric>[] jvms = jvms();
      for (int s = 0; s < MEASURED + 3; s++) {
        boolean control = s >= MEASURED;
        String task = control ? "10.6.0 Term" + s : "Term" + s;
        double night0 = 100 * level.at(night, s) * (1 + 0.01 * random.nextGaussian());
        double[] values = new double[JVMS];
        for (int j = 0; j < JVMS; j++) {
          values[j] = night0 * (1 + 0.002 * random.nextGaussian());
          jvms[j].add(
              new Metric(
                  control ? "control" : "search", task, "qps", "q/s", true, values[j], Map.of()));
        }
        samples.computeIfAbsent(task, t -> new double[NIGHTS][])[night] = values;
      }
      List<HarnessResult> results = new ArrayList<>();
      for (List<Metric> metrics : jvms) {
        results.add(TestResults.result("search", metrics.toArray(Metric[]::new)));
      }
      List<Long> seriesIds =
          ingester
              .ingestPoints(List.of(new RunResults(context(run, machine, night), results)))
              .seriesIds()
              .values()
              .stream()
              .toList();
      afterIngest.detect(new RunIngested(run, seriesIds));
    }
    return samples;
  }

  /**
   * A lasting change of the machine (10 % slower from night 55 on, the control with it) is no
   * spell: the evidence sets later nights against the nights before it, the history keeps it, and
   * each series' alert stands where it began and says machine moved; no later night's alert says
   * code.
   */
  @Test
  void aLastingChangeOfTheMachineStaysTheMachines() {
    String machine = "lasting-" + UUID.randomUUID().toString().substring(0, 8);
    List<Long> runs = new ArrayList<>();
    ingest(machine, runs, (night, s) -> night >= SPELL ? 0.9 : 1);
    Map<Long, Integer> nightOf = new HashMap<>();
    for (int i = 0; i < runs.size(); i++) {
      nightOf.put(runs.get(i), i);
    }
    for (int s = 0; s < MEASURED; s++) {
      long id = series(machine, "Term" + s);
      List<long[]> standing =
          jdbc.sql(
                  "select id, run_id from change_point where series_id = ?"
                      + " and stage <> 'withdrawn' order by x")
              .param(id)
              .query((rs, row) -> new long[] {rs.getLong(1), rs.getLong(2)})
              .list();
      List<String> alerts = new ArrayList<>();
      for (long[] c : standing) {
        alerts.add(
            nightOf.get(c[1]) + ":" + attributions.of(List.of(c[0])).get(c[0]).verdict().key());
      }
      assertThat(alerts).as("Term" + s + "'s standing alerts").containsExactly(SPELL + ":machine");
    }
  }

  private List<String> replayed(
      double[][] samples, Set<Integer> machineNights, Map<Integer, Double> machineMoves)
      throws Exception {
    String body =
        json.writeValueAsString(
            Map.of(
                "samples", samples, "machineNights", machineNights, "machineMoves", machineMoves));
    JsonNode answer =
        json.readTree(
            mvc.perform(
                    post("/api/change-points/replay")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content(body))
                .andExpect(status().isOk())
                .andReturn()
                .getResponse()
                .getContentAsString());
    List<String> found = new ArrayList<>();
    for (JsonNode c : answer.get("changePoints")) {
      found.add(c.get("index").asInt() + ":" + c.get("stage").asString());
    }
    return found;
  }

  @SuppressWarnings("unchecked")
  private static List<Metric>[] jvms() {
    List<Metric>[] jvms = new List[JVMS];
    for (int j = 0; j < JVMS; j++) {
      jvms[j] = new ArrayList<>();
    }
    return jvms;
  }

  private long run(String machine) {
    return jdbc.sql(
            "insert into run (lucene_spec, lucene_version, machine, profile, corpus, status)"
                + " values ('git:main', '11.0.0', ?, 'nightly', 'c', 'succeeded') returning id")
        .param(machine)
        .query(Long.class)
        .single();
  }

  private static RunContext context(long run, String machine, int night) {
    return new RunContext(
        run,
        DAY0.plusSeconds(86_400L * night),
        machine,
        "Eclipse Adoptium 25",
        "c",
        "nightly",
        Map.of("luceneSpec", "git:main"));
  }

  private long series(String machine, String task) {
    return jdbc.sql("select id from series where machine = ? and task = ?")
        .params(machine, task)
        .query(Long.class)
        .single();
  }
}
