/**
 * CSV import into a new table ({@code kanon import}). Two passes over the file in constant memory: the first
 * validates everything and infers column types ({@link org.kanon.ingest.CsvProfiler}), the second creates the table
 * and inserts the rows in one transaction ({@link org.kanon.ingest.TableWriter}), so bad input never leaves a trace.
 */
package org.kanon.ingest;
