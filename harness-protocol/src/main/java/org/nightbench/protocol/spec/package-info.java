/**
 * The step spec files of the harness contract: {@link org.nightbench.protocol.spec.SpecFile} writes
 * and reads them (the backend writes with it, the forked harness reads), and {@link
 * org.nightbench.protocol.spec.HandRun} builds one from a hand-typed command line.
 */
package org.nightbench.protocol.spec;
