package io.txbench.core;

/** Each worker starts its next iteration when its last one ends. */
public record ClosedLoop() implements Pacing {}
