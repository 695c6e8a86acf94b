/**
 * The nightly trigger: once a night, across any number of application instances, queues a run of
 * the configured branch on each configured machine, unless the branch head has not moved.
 */
package org.nightbench.nightly;
