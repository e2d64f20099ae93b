package io.txbench.core.engine;

/** Each worker starts its next iteration when its last one ends. */
public record ClosedLoop() implements Pacing {}
