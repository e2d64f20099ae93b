package io.txbench.core.spi.server;

/**
 * The commit cross-check of a measured run: the growth of the server's committed-transaction {@code
 * counter} from a quiet moment before the run to one after it, less the commits txbench made itself
 * meanwhile besides its workers' ({@code server}); txbench's own count of iterations that committed
 * ({@code counted}, the declined ones left out: they roll back); those whose commit the server may
 * or may not have kept ({@code inDoubt}, with those of earlier runs still pending, and txbench's
 * own statements whose outcome it never learnt); whether the server's count lies in the range that
 * leaves ({@code agrees}); in words what was subtracted and what else may have counted ({@code
 * note}); and what else committed on the server meanwhile that txbench saw but cannot subtract,
 * such as {@code 9 autovacuum or autoanalyze run(s)} ({@code otherWork}, empty when none): a
 * server's count above txbench's by such work is no miscount of txbench's.
 */
public record ServerCommits(
    String counter,
    long server,
    long counted,
    long inDoubt,
    boolean agrees,
    String note,
    String otherWork) {}
