package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.api.run.DataLevels;
import io.txbench.core.spi.Bindings;
import io.txbench.core.spi.DeclaredOption;
import io.txbench.core.spi.TargetBinding;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

class DeclaredOptionsTest {

  @Test
  void twoTargetsDeclaringOneNameDifferentlyIsAnErrorOfTheirs() {
    List<TargetBinding> providers = new ArrayList<>(new Bindings().all());
    providers.add(
        new ToyBinding() {
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
        String.valueOf(e.getMessage()).contains("--toy-flavour is declared twice, differently"),
        e.getMessage());
  }

  @Test
  void aRepeatableOptionTakesItsValuesRepeatedOrCommaSeparatedAndItsDefaultOtherwise() {
    DeclaredOption<List<String>> query =
        DeclaredOption.someOf("--query", "NAME", "queries.", "a,b,c", List.of("a", "b", "c"));
    DeclaredOptions declared =
        new DeclaredOptions(List.of(new DeclaredOptions.Owner("toy", List.of(query))));
    assertEquals(List.of("c", "a"), parse(declared, query, "--query", "c", "--query", "A"));
    assertEquals(List.of("b", "c"), parse(declared, query, "--query", "b,c"));
    assertEquals(List.of("a", "b", "c"), parse(declared, query));
    ParameterException e =
        assertThrows(
            ParameterException.class, () -> parse(declared, query, "--query", "a", "--query", "a"));
    assertEquals("--query: a is given twice", e.getMessage());
  }

  private static List<String> parse(
      DeclaredOptions declared, DeclaredOption<List<String>> option, String... args) {
    CommandSpec spec = CommandSpec.create();
    declared.addTo(spec);
    new CommandLine(spec).parseArgs(args);
    return DeclaredOptions.values(spec, List.of(option), DataLevels.none()).get(option);
  }
}
