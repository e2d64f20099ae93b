package io.txbench.cli;

/** The targets on the class path, for the help text, each with its other names. */
final class TargetNames extends TargetDefaults {
  TargetNames() {
    super(
        b ->
            b.aliases().isEmpty()
                ? b.target()
                : b.target() + " (or " + String.join(", ", b.aliases()) + ")");
  }
}
