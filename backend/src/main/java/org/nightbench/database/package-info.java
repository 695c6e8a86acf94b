/** Where the data lives: an embedded PostgreSQL by default, any PostgreSQL when configured. */
package org.nightbench.database;
