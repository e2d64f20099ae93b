package io.txbench.jdbc;

/**
 * sysbench's OLTP transactions and {@code --tables} against a real SQL server; every assertion
 * reads the effects back from the database.
 */
public abstract class SqlOltpContract extends SqlWorkloadsContract {}
