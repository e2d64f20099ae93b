package io.txbench.mongo.client;

import com.mongodb.ClientSessionOptions;
import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoCredential;
import com.mongodb.MongoException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.ReadConcern;
import com.mongodb.ReadConcernLevel;
import com.mongodb.ReadPreference;
import com.mongodb.TransactionOptions;
import com.mongodb.WriteConcern;
import com.mongodb.client.ClientSession;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import com.mongodb.internal.build.MongoDriverVersion;
import io.txbench.core.spi.Causes;
import io.txbench.core.spi.Failure;
import io.txbench.core.spi.Target;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.TargetUnavailableException;
import io.txbench.core.spi.server.ServerEndpoint;
import io.txbench.core.spi.server.ServerTelemetry;
import io.txbench.core.spi.values.Durations;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bson.Document;
import org.jspecify.annotations.Nullable;

/** A MongoDB deployment behind one {@link MongoClient} and its connection pool. */
public final class MongoTarget implements Target {
  /** {@code mongodb://user@host}: a user named without a password. */
  private static final Pattern USER_WITHOUT_PASSWORD =
      Pattern.compile("^(mongodb(?:\\+srv)?://[^:@/]+)@");

  private static final int COMMAND_NOT_FOUND = 59;
  private final MongoClient client;
  private final MongoDatabase database;
  private final String serverVersion;
  private final boolean transactions;
  private final ClientSessionOptions sessionOptions;
  private final Map<String, String> serverSettings;
  private final MongoClientSettings settings;
  private final Optional<ServerEndpoint> endpoint;

  private MongoTarget(
      MongoClient client,
      MongoDatabase database,
      String serverVersion,
      boolean transactions,
      TargetOptions target,
      Map<String, String> serverSettings,
      MongoClientSettings settings) {
    MongoOptions options = MongoOptions.of(target.declared());
    this.client = client;
    this.settings = settings;
    this.endpoint = target.endpoint();
    this.serverSettings = serverSettings;
    this.database = database;
    this.serverVersion = serverVersion;
    this.transactions = transactions;
    TransactionOptions transactionOptions =
        TransactionOptions.builder()
            .readPreference(ReadPreference.valueOf(options.readPreference()))
            .readConcern(new ReadConcern(ReadConcernLevel.fromString(options.readConcern())))
            .writeConcern(writeConcern(options.writeConcern()))
            .build();
    this.sessionOptions =
        ClientSessionOptions.builder()
            .causallyConsistent(options.causallyConsistent())
            .defaultTransactionOptions(transactionOptions)
            .build();
  }

  static WriteConcern writeConcern(String name) {
    String n = name.trim();
    if (n.chars().allMatch(Character::isDigit)) {
      return new WriteConcern(Integer.parseInt(n));
    }
    WriteConcern w = WriteConcern.valueOf(n.toUpperCase(Locale.ROOT));
    if (w == null) {
      throw new IllegalArgumentException("unknown write concern " + name);
    }
    return w;
  }

  public static MongoTarget open(TargetOptions options, java.time.Duration patience)
      throws TargetUnavailableException {
    boolean hasUrl = options.url() != null && !options.url().isBlank();
    ConnectionString url = connectionString(options);
    MongoClientSettings built = clientSettings(options, patience, url);
    String databaseName = url.getDatabase() != null ? url.getDatabase() : options.database();
    MongoClient client = MongoClients.create(built);
    try {
      MongoDatabase database = client.getDatabase(databaseName);
      MongoDatabase admin = client.getDatabase("admin");
      Document hello = hello(admin);
      String version = admin.runCommand(new Document("buildInfo", 1)).get("version", "unknown");
      boolean transactions = hello.containsKey("setName") || "isdbgrid".equals(hello.get("msg"));
      return new MongoTarget(
          client,
          database,
          "MongoDB " + version,
          transactions,
          options,
          MongoSettings.read(admin, hello, version),
          built);
    } catch (MongoException | IllegalArgumentException e) {
      client.close();
      throw unavailable(options, url, hasUrl, e);
    }
  }

  /** The client's settings: its pool, its timeouts, the connection string and who connects. */
  private static MongoClientSettings clientSettings(
      TargetOptions options, java.time.Duration patience, ConnectionString url) {
    MongoClientSettings.Builder settings =
        MongoClientSettings.builder()
            .applicationName("txbench")
            .applyToConnectionPoolSettings(
                p ->
                    // Two more than the workers': prepare, verify's baselines and the lease's
                    // heartbeat find one while every worker is busy, or still running a query
                    // given up at the end of the warm-up or the run (the SQL targets keep two
                    // control connections apart for the same reason).
                    p.maxSize(options.maxConnections() + 2)
                        .minSize(Math.min(options.minConnections(), options.maxConnections()))
                        .maxWaitTime(
                            options.connectionWaitTimeout().toMillis(), TimeUnit.MILLISECONDS)
                        .maxConnectionIdleTime(
                            options.connectionIdleTimeout().toMillis(), TimeUnit.MILLISECONDS))
            .applyToSocketSettings(
                s ->
                    s.connectTimeout(
                            options.connectionWaitTimeout().toMillis(), TimeUnit.MILLISECONDS)
                        .readTimeout(patience.toMillis(), TimeUnit.MILLISECONDS))
            .applyToClusterSettings(
                c ->
                    c.serverSelectionTimeout(
                        options.connectionWaitTimeout().toMillis(), TimeUnit.MILLISECONDS))
            .applyConnectionString(url);
    MongoCredential credential = credential(url.getCredential(), options);
    if (credential != null) {
      settings.credential(credential);
    }
    return settings.build();
  }

  /** Why the client could not reach the server, in words: nothing answered, or what did. */
  private static TargetUnavailableException unavailable(
      TargetOptions options, ConnectionString url, boolean hasUrl, RuntimeException e) {
    String where = hasUrl ? options.describe() : options.host() + ":" + options.port();
    if (e instanceof MongoTimeoutException) {
      // The driver's own words name its server selector, not what went wrong.
      Integer fromUrl = url.getServerSelectionTimeout();
      return new TargetUnavailableException(
          "cannot connect to MongoDB: nothing answered on "
              + where
              + " within "
              + (fromUrl == null
                  ? Durations.text(options.connectionWaitTimeout())
                  : Durations.text(java.time.Duration.ofMillis(fromUrl))
                      + " (serverSelectionTimeoutMS in the URL)")
              + (String.valueOf(e.getMessage()).contains("Connection refused")
                  ? " (connection refused)"
                  : fromUrl == null ? " (--connection-wait-timeout allows longer)" : ""),
          e);
    }
    return new TargetUnavailableException(
        "cannot connect to MongoDB at "
            + where
            + ": "
            + options.password().maskIn(firstLine(e.getMessage())),
        e);
  }

  /**
   * The connection string: the URL given, with the password from the options (the option, a file or
   * the environment) put in when it names a user without one; or one for host and port.
   *
   * @throws IllegalArgumentException when it is not a connection string, in words
   */
  public static ConnectionString connectionString(TargetOptions options) {
    if (options.url() == null || options.url().isBlank()) {
      return new ConnectionString("mongodb://" + options.host() + ":" + options.port() + "/");
    }
    String url = options.url();
    if (!options.password().isEmpty()) {
      Matcher userOnly = USER_WITHOUT_PASSWORD.matcher(url);
      if (userOnly.find()) {
        url =
            userOnly.replaceFirst(
                Matcher.quoteReplacement(
                    userOnly.group(1)
                        + ":"
                        + URLEncoder.encode(options.password().reveal(), StandardCharsets.UTF_8)
                            .replace("+", "%20")
                        + "@"));
      }
    }
    return new ConnectionString(url);
  }

  /**
   * Who connects: the connection string's user, given the password from the options when the string
   * has none (with an explicit mechanism, the driver accepts one without); or the options' user; or
   * nobody.
   */
  public static @Nullable MongoCredential credential(
      @Nullable MongoCredential fromUrl, TargetOptions options) {
    char[] password =
        options.password().isEmpty() ? null : options.password().reveal().toCharArray();
    if (fromUrl != null) {
      if (fromUrl.getPassword() != null || password == null) {
        return fromUrl;
      }
      MongoCredential withPassword =
          MongoCredential.createCredential(fromUrl.getUserName(), fromUrl.getSource(), password);
      return fromUrl.getMechanism() == null
          ? withPassword
          : withPassword.withMechanism(fromUrl.getAuthenticationMechanism());
    }
    if (options.user() != null && !options.user().isEmpty()) {
      return MongoCredential.createCredential(
          options.user(), "admin", password == null ? new char[0] : password);
    }
    return null;
  }

  /** The server's {@code hello}, or the older {@code isMaster} where hello is unknown. */
  private static Document hello(MongoDatabase admin) {
    try {
      return admin.runCommand(new Document("hello", 1));
    } catch (com.mongodb.MongoCommandException e) {
      if (e.getErrorCode() != COMMAND_NOT_FOUND) {
        throw e;
      }
      return admin.runCommand(new Document("isMaster", 1));
    }
  }

  private static String firstLine(@Nullable String message) {
    String m = String.valueOf(message);
    for (String tail : new String[] {". Client view of cluster state", " The full response is"}) {
      int cut = m.indexOf(tail);
      m = cut > 0 ? m.substring(0, cut) : m;
    }
    return Causes.oneLine(m);
  }

  /** A session of the client, causally consistent and its transactions' options as the run asks. */
  ClientSession startSession() {
    return client.startSession(sessionOptions);
  }

  public MongoDatabase database() {
    return database;
  }

  /** Whether the deployment is a replica set or a sharded cluster, which have transactions. */
  public boolean supportsTransactions() {
    return transactions;
  }

  @Override
  public String serverVersion() {
    return serverVersion;
  }

  @Override
  public String driver() {
    return "MongoDB Java Driver " + MongoDriverVersion.VERSION;
  }

  @Override
  public Map<String, String> serverSettings() {
    return serverSettings;
  }

  /** serverStatus's counters on a client of their own, with the target's settings. */
  @Override
  public Optional<ServerTelemetry<?>> telemetry() {
    return Optional.of(MongoTelemetry.open(settings, endpoint));
  }

  @Override
  public Failure classify(Throwable error) {
    return MongoErrors.classify(error);
  }

  @Override
  public boolean refusedByServer(Throwable error) {
    return Causes.chain(error).stream()
        .anyMatch(t -> t instanceof com.mongodb.MongoServerException);
  }

  @Override
  public void close() {
    client.close();
  }
}
