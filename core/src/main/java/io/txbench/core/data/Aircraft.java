package io.txbench.core.data;

/** One aircraft of the fleet: its registration (the key), model and number of seats. */
public record Aircraft(String registration, String model, int capacity) {}
