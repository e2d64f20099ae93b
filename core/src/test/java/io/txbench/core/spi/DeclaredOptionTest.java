package io.txbench.core.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
    assertEquals("unknown value 'medium'; one of: LOW, HIGH", e.getMessage());
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
}
