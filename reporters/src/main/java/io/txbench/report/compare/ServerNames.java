package io.txbench.report.compare;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Servers' names as compare's text table shows them: the product and its major version ({@code
 * PostgreSQL 17}, {@code MariaDB 10.11}, {@code MySQL 8.0}, {@code MongoDB 7.0}), or {@code MongoDB
 * emulator}, where the full name ({@code PostgreSQL 15.10 (Debian 15.10-0+deb12u1)}) would be cut
 * to an unreadable middle. Runs whose servers differ only past the major version get the full
 * version number, so that they stay apart.
 */
final class ServerNames {
  private static final Pattern PRODUCT_VERSION =
      Pattern.compile("^(\\S+) v?(\\d+)(?:\\.(\\d+))?((?:\\.\\d+)*)");

  private ServerNames() {}

  /** The shortest names that tell {@code servers} apart as their full names do. */
  static List<String> shortened(List<String> servers) {
    List<String> major = servers.stream().map(s -> named(s, false)).toList();
    if (distinct(major) == distinct(servers)) {
      return major;
    }
    List<String> versions = servers.stream().map(s -> named(s, true)).toList();
    return distinct(versions) == distinct(servers) ? versions : servers;
  }

  private static long distinct(List<String> names) {
    return names.stream().distinct().count();
  }

  /** The product and its major version, or with {@code full} its whole version number. */
  static String named(String server, boolean full) {
    if (server.toLowerCase(Locale.ROOT).contains("emulator")) {
      return full ? server : "MongoDB emulator";
    }
    Matcher m = PRODUCT_VERSION.matcher(server);
    if (!m.find()) {
      return server;
    }
    String product = m.group(1);
    // A release line is two numbers where a version is three (MariaDB 10.11.6, MySQL 8.0.36,
    // PostgreSQL 9.6.24), one where it is two from 10 on (PostgreSQL 17.2 since 10); a short
    // version below 10 (1.0, 7.0) is too short to tell which and keeps both.
    boolean oneNumber = m.group(3) == null || (m.group(4).isEmpty() && m.group(2).length() >= 2);
    String version = m.group(2) + (oneNumber ? "" : "." + m.group(3));
    return product
        + " "
        + (full ? m.group(2) + (m.group(3) == null ? "" : "." + m.group(3)) + m.group(4) : version);
  }
}
