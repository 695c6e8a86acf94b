/**
 * The order of a run's benchmarks, for a nightly run's one side and a comparison's or bisect
 * probe's interleaved sides alike: {@link org.nightbench.harness.plan.BenchmarkPlanner} builds a
 * {@link org.nightbench.harness.plan.StepPlan} of {@link org.nightbench.harness.plan.PlanStep}s
 * (index → tasks → search, NRT, load; embed → KNN), and {@link
 * org.nightbench.harness.plan.PlanRunner} forks it. It builds on {@code harness}, which never
 * reaches down into it, and like {@code harness} knows nothing of runs or comparisons.
 */
package org.nightbench.harness.plan;
