package io.txbench.jdbc.schema;

import java.sql.Types;
import java.util.Locale;

/**
 * A column's type as txbench tells its own tables by: the kind of value it holds, the same whether
 * the CREATE statement declares it or a server reports it (PostgreSQL's {@code text} and MySQL's
 * {@code VARCHAR} are both {@link #TEXT}; {@code int4} and {@code INT} both {@link #INT}).
 */
enum ColumnType {
  INT,
  BIGINT,
  TEXT,
  DECIMAL,
  DOUBLE,
  DATE,
  TIMESTAMP,
  /** Any other: never one of txbench's. */
  OTHER;

  /** The type a server reports through JDBC ({@link java.sql.DatabaseMetaData#getColumns}). */
  static ColumnType ofJdbc(int sqlType) {
    return switch (sqlType) {
      case Types.INTEGER -> INT;
      case Types.BIGINT -> BIGINT;
      case Types.CHAR,
          Types.VARCHAR,
          Types.LONGVARCHAR,
          Types.NCHAR,
          Types.NVARCHAR,
          Types.LONGNVARCHAR,
          Types.CLOB,
          Types.NCLOB ->
          TEXT;
      case Types.DECIMAL, Types.NUMERIC -> DECIMAL;
      case Types.DOUBLE, Types.FLOAT, Types.REAL -> DOUBLE;
      case Types.DATE -> DATE;
      case Types.TIMESTAMP, Types.TIMESTAMP_WITH_TIMEZONE -> TIMESTAMP;
      default -> OTHER;
    };
  }

  /**
   * The type a txbench CREATE statement declares by its first word ({@code VARCHAR}, {@code
   * DOUBLE}); {@code %ID%}, the dialect's identity column, is a BIGINT in every dialect.
   */
  static ColumnType ofDeclared(String word) {
    return switch (word.toUpperCase(Locale.ROOT)) {
      case "INT", "INTEGER" -> INT;
      case "BIGINT", "%ID%" -> BIGINT;
      case "CHAR", "VARCHAR", "TEXT" -> TEXT;
      case "DECIMAL", "NUMERIC" -> DECIMAL;
      case "DOUBLE", "FLOAT", "REAL" -> DOUBLE;
      case "DATE" -> DATE;
      case "TIMESTAMP" -> TIMESTAMP;
      default -> OTHER;
    };
  }
}
