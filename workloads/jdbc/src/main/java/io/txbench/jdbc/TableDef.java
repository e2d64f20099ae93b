package io.txbench.jdbc;

import java.util.List;

/**
 * A table a workload owns: its name, its CREATE statement ({@code %ID%} stands for the dialect's
 * identity column) and the statements to run once its data is loaded (indexes).
 */
public record TableDef(String name, String create, List<String> afterLoad) {

  public String createFor(SqlDialect dialect) {
    return create.replace("%ID%", dialect.identityColumn());
  }
}
