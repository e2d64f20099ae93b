package io.txbench.jdbc;

/**
 * mongodb-performance-test's modes, the weighted mix and YCSB's presets against a real SQL server;
 * every assertion reads the effects back from the database.
 */
public abstract class SqlMixContract extends SqlOltpContract {}
