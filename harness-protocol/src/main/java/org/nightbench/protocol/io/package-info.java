/** File helpers of the contract: spec, result and task files are written whole or not at all. */
package org.nightbench.protocol.io;
