package io.txbench.jdbc;

import io.txbench.core.spi.DeclaredOption;
import io.txbench.core.spi.TargetOptions;
import io.txbench.jdbc.client.SqlDialect;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.List;

/**
 * A SQL provider as another one, but for its dialect's {@link SqlDialect#deleteReturns}, which says
 * no: the OLTP delete+insert then takes the way it takes on MySQL (a locking read, then a delete of
 * the row as read) on whatever server the tests have.
 */
final class OltpFallback extends JdbcBinding {
  private final JdbcBinding real;

  private OltpFallback(JdbcBinding real) {
    this.real = real;
  }

  static JdbcBinding of(JdbcBinding real) {
    return new OltpFallback(real);
  }

  @Override
  public String target() {
    return real.target();
  }

  @Override
  public List<DeclaredOption<?>> options() {
    return real.options();
  }

  @Override
  public List<String> urlSchemes() {
    return real.urlSchemes();
  }

  @Override
  protected SqlDialect dialect() {
    return withoutDeleteReturning(real.dialect());
  }

  @Override
  protected SqlDialect dialect(TargetOptions options) {
    return withoutDeleteReturning(real.dialect(options));
  }

  /**
   * {@code dialect} in every way but {@code deleteReturns}, and so is the one it picks for a
   * server.
   */
  private static SqlDialect withoutDeleteReturning(SqlDialect dialect) {
    return (SqlDialect)
        Proxy.newProxyInstance(
            SqlDialect.class.getClassLoader(),
            new Class<?>[] {SqlDialect.class},
            (proxy, method, args) -> {
              if (method.getName().equals("deleteReturns")) {
                return false;
              }
              Object result;
              try {
                result = method.invoke(dialect, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
              if (method.getName().equals("forServer")) {
                return result == dialect ? proxy : withoutDeleteReturning((SqlDialect) result);
              }
              return result;
            });
  }
}
