package io.txbench.core.spi;

import java.util.List;

/**
 * What {@code --drop} did: the tables (or collections) of txbench's it dropped, and those its
 * record lists that are not txbench's (another name, or not its shape), which it left alone.
 */
public record Dropped(List<String> dropped, List<String> leftAlone) {

  public Dropped {
    dropped = List.copyOf(dropped);
    leftAlone = List.copyOf(leftAlone);
  }
}
