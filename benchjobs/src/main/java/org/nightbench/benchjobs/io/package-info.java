/** File helpers of the harness: results and task files are written whole or not at all. */
package org.nightbench.benchjobs.io;
