package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.DeclaredOption;
import io.txbench.core.Providers;
import io.txbench.core.WorkloadProvider;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DeclaredOptionsTest {

  @Test
  void twoTargetsDeclaringOneNameDifferentlyIsAnErrorOfTheirs() {
    List<WorkloadProvider> providers = new ArrayList<>(new Providers().all());
    providers.add(
        new ToyProvider() {
          @Override
          public String target() {
            return "toy2";
          }

          @Override
          public List<DeclaredOption<?>> options() {
            return List.of(DeclaredOption.flag("--toy-flavour", "not the toy's."));
          }
        });
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> DeclaredOptions.ofTargets(providers));
    assertTrue(
        e.getMessage().contains("--toy-flavour is declared twice, differently"), e.getMessage());
  }
}
