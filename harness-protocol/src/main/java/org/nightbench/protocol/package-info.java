/**
 * The harness's contract, shared by the harness and the backend that forks it: one {@link
 * org.nightbench.protocol.StepSpec} record per benchmark step with its defaults and checks, and the
 * task categories the harness generates; its subpackages hold the files that cross the fork (spec,
 * result and task files). Only Jackson, so each side compiles against the one definition and the
 * web application gets no Lucene.
 */
package org.nightbench.protocol;
