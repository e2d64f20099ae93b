package io.txbench.jdbc.schema;

import io.txbench.jdbc.client.SqlDialect;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A table a workload owns: its name, its CREATE statement, whose columns and their types are how
 * txbench recognises a table as its own with the record ({@link #shape}; {@code %ID%} stands for
 * the dialect's identity column, named {@code identity}; {@code %KEY%} after a column txbench fills
 * itself, named {@code identity} too, for its primary key where the dialect makes it at creation)
 * and the statements to run once its data is loaded (indexes).
 */
public record TableDef(
    String name, String create, @Nullable String identity, List<String> afterLoad) {
  private static final java.util.regex.Pattern INDEX_NAME =
      java.util.regex.Pattern.compile("CREATE (?:UNIQUE )?INDEX (\\w+) ON ");

  /** A table without a server-generated key. */
  public TableDef(String name, String create, List<String> afterLoad) {
    this(name, create, null, afterLoad);
  }

  /** Its columns, with their types, as its CREATE statement declares them. */
  TableShape shape() {
    return TableShape.declared(create);
  }

  public String createFor(SqlDialect dialect) {
    String id = identity;
    String key = id != null && dialect.primaryKeyAfterLoad(name, id) == null ? " PRIMARY KEY" : "";
    return create.replace("%ID%", dialect.identityColumn()).replace("%KEY%", key);
  }

  /** The names of the indexes its after-load statements create ({@code CREATE INDEX name ON}). */
  public List<String> indexNames() {
    return afterLoad.stream()
        .map(INDEX_NAME::matcher)
        .filter(java.util.regex.Matcher::lookingAt)
        .map(m -> m.group(1))
        .toList();
  }

  /** What to run after loading: the deferred primary key first, then the indexes. */
  public List<String> afterLoadFor(SqlDialect dialect) {
    String id = identity;
    String key = id == null ? null : dialect.primaryKeyAfterLoad(name, id);
    if (key == null) {
      return afterLoad;
    }
    List<String> all = new java.util.ArrayList<>();
    all.add(key);
    all.addAll(afterLoad);
    return List.copyOf(all);
  }
}
