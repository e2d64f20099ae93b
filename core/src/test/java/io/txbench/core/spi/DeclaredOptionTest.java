package io.txbench.core.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class DeclaredOptionTest {
  private enum Level {
    LOW,
    HIGH
  }

  private static final DeclaredOption<Level> LEVEL =
      DeclaredOption.choice("--level", "LEVEL", "how high.", Level.LOW);
  private static final DeclaredOption<String> WORD =
      DeclaredOption.oneOf("--word", "WORD", "a word.", "alpha", List.of("alpha", "betaGamma"));
  private static final DeclaredOption<Boolean> FLAG = DeclaredOption.flag("--flag", "a flag.");

  @Test
  void aChoiceTakesItsConstantsInAnyCaseAndNamesThemWhenRefusing() {
    assertEquals(Level.HIGH, LEVEL.parse("high"));
    assertEquals(Level.LOW, LEVEL.defaultValue());
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> LEVEL.parse("medium"));
    assertEquals("unknown value 'medium'; one of: low, high", e.getMessage());
  }

  @Test
  void aWordIsReturnedAsTheDeclarationSpellsIt() {
    assertEquals("betaGamma", WORD.parse("BETAGAMMA"));
    assertThrows(IllegalArgumentException.class, () -> WORD.parse("delta"));
  }

  @Test
  void aFlagIsTrueOrFalseAndOffByDefault() {
    assertEquals(false, FLAG.defaultValue());
    assertEquals(true, FLAG.parse("TRUE"));
    assertThrows(IllegalArgumentException.class, () -> FLAG.parse("maybe"));
  }

  @Test
  void valuesHoldWhatWasGivenAndDefaultsForTheRest() {
    OptionValues values = OptionValues.of(LEVEL, Level.HIGH);
    assertEquals(Level.HIGH, values.get(LEVEL));
    assertEquals("alpha", values.get(WORD));
    assertEquals(Level.LOW, OptionValues.defaults().get(LEVEL));
    assertEquals(values, OptionValues.defaults().with(LEVEL, Level.HIGH));
  }

  @Test
  void anOptionsNameStartsWithTwoDashes() {
    assertThrows(IllegalArgumentException.class, () -> DeclaredOption.flag("flag", "no dashes."));
  }

  /** An option has no role unless declared with one, which changes nothing else of it. */
  @Test
  void aRoleIsDeclaredWithTheOptionAndChangesNothingElse() {
    DeclaredOption<Long> plain = DeclaredOption.between("--level", "N", "a level.", 1, 0, 9);
    assertNull(plain.role());
    DeclaredOption<Long> guarantee = plain.withRole(OptionRole.CONSISTENCY);
    assertEquals(OptionRole.CONSISTENCY, guarantee.role());
    assertEquals(plain.name(), guarantee.name());
    assertEquals(plain.defaultValue(), guarantee.defaultValue());
    assertEquals(plain.parser(), guarantee.parser());
    assertEquals(OptionRole.ISOLATION, OptionRole.ofLabel("isolation").orElseThrow());
    assertEquals(java.util.Optional.empty(), OptionRole.ofLabel("a later version's"));
  }
}
