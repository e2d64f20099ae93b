package io.txbench.postgres;

import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.ToxiproxyClient;
import eu.rekawek.toxiproxy.model.ToxicDirection;
import io.txbench.core.engine.Backoff;
import io.txbench.core.engine.ClosedLoop;
import io.txbench.core.engine.ForDuration;
import io.txbench.core.engine.RunOptions;
import io.txbench.core.run.WorkloadRun;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.TargetFixtures;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.WorkloadFixtures;
import io.txbench.core.workloads.Insert;
import io.txbench.jdbc.TestSql;
import io.txbench.jdbc.client.IsolationLevel;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.testcontainers.containers.Network;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.postgresql.PostgreSQLContainer;
import org.testcontainers.toxiproxy.ToxiproxyContainer;

/**
 * PostgreSQL in Docker behind Toxiproxy, whose connections are reset in the middle of an insert
 * run: what the server holds is what the run committed, give or take the iterations in doubt.
 * Skipped where there is no Docker engine; {@code SqlFaultsContract} cuts connections with an
 * in-process proxy on every machine.
 */
@Testcontainers(disabledWithoutDocker = true)
class ToxiproxyFaultsIT {
  private static final Network NETWORK = Network.newNetwork();
  private static final int PROXIED = 8666;

  @Container
  private static final PostgreSQLContainer POSTGRES =
      new PostgreSQLContainer("postgres:17").withNetwork(NETWORK).withNetworkAliases("postgres");

  @Container
  private static final ToxiproxyContainer TOXIPROXY =
      new ToxiproxyContainer("ghcr.io/shopify/toxiproxy:2.12.0").withNetwork(NETWORK);

  private static String credentials() {
    return "?user=" + POSTGRES.getUsername() + "&password=" + POSTGRES.getPassword();
  }

  @Test
  void connectionsResetMidRunLeaveOnlyTheInDoubtUncertain() throws Exception {
    ToxiproxyClient client = new ToxiproxyClient(TOXIPROXY.getHost(), TOXIPROXY.getControlPort());
    Proxy proxy = client.createProxy("postgres", "0.0.0.0:" + PROXIED, "postgres:5432");
    String proxied =
        "jdbc:postgresql://"
            + TOXIPROXY.getHost()
            + ":"
            + TOXIPROXY.getMappedPort(PROXIED)
            + "/"
            + POSTGRES.getDatabaseName()
            + credentials();
    TargetOptions target =
        TargetFixtures.at(
            proxied,
            4,
            Duration.ofSeconds(10),
            OptionValues.of(IsolationLevel.OPTION, IsolationLevel.REPEATABLE_READ));
    RunOptions run =
        new RunOptions(
            4,
            new ForDuration(Duration.ofSeconds(8)),
            Duration.ofSeconds(1),
            10,
            0,
            1,
            new Backoff(Duration.ofMillis(10), Duration.ofMillis(500)),
            new ClosedLoop());
    WorkloadRun.Outcome o =
        WorkloadRun.run(
                new PostgresBinding(),
                target,
                WorkloadFixtures.options(Insert.NAME, 1_000, 42, false, 0),
                run,
                true,
                () -> {
                  Thread.sleep(2_500);
                  proxy.toxics().resetPeer("reset", ToxicDirection.DOWNSTREAM, 0);
                  Thread.sleep(1_000);
                  proxy.toxics().get("reset").remove();
                })
            .survived("PostgreSQL behind Toxiproxy, connections reset");
    long inserted =
        TestSql.query(
                "jdbc:postgresql://"
                    + POSTGRES.getHost()
                    + ":"
                    + POSTGRES.getMappedPort(5432)
                    + "/"
                    + POSTGRES.getDatabaseName()
                    + credentials(),
                "SELECT COUNT(*) FROM item")
            - 1_000;
    assertTrue(
        inserted >= o.result().outcomes().iterations()
            && inserted <= o.result().outcomes().iterations() + o.result().outcomes().inDoubt(),
        o.describe());
  }
}
