package io.txbench.jdbc.workloads;

import java.util.List;

/**
 * One table of an OLTP run and its statements ({@link OltpSql}, in their order), chosen together
 * for a transaction as sysbench chooses its table.
 */
record OltpTable(String name, List<String> statements) {

  OltpTable {
    statements = List.copyOf(statements);
  }

  @SuppressWarnings("EnumOrdinal") // statements are held in OltpSql's order, as documented above
  String sql(OltpSql which) {
    return statements.get(which.ordinal());
  }
}
