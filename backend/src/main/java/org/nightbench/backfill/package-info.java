/** The history measured on first start, so a new install shows real graphs within minutes. */
package org.nightbench.backfill;
