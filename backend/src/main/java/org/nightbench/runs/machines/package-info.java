/**
 * The machines runs are queued for and the workers that serve them: each worker beats its row in
 * {@code worker} every heartbeat interval (busy or idle), which makes its machine label known and
 * tells whether the label is served; the machines page and API, the queue and worker health
 * components, and the warning on a run queued for a label no live worker serves read it here. The
 * worker writes its beats through {@link org.nightbench.runs.machines.MachineRegistry}; nothing
 * here knows the worker.
 */
package org.nightbench.runs.machines;
