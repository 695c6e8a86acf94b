/**
 * The harness's protocol, shared by the harness and the backend that forks it: subcommand and
 * option names, and the task categories it generates. Constants only, with no dependencies, so each
 * side compiles against the one definition and the web application gets no Lucene.
 */
package org.nightbench.protocol;
