/** CheckIndex's time on the nightly index, as Lucene's nightly charts it. */
package org.nightbench.benchjobs.checkindex;
