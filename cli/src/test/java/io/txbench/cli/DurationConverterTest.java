package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

class DurationConverterTest {

  @Test
  void readsIsoAndShortForms() {
    assertEquals(Duration.ofMinutes(2), DurationConverter.parse("PT120S"));
    assertEquals(Duration.ofMinutes(2), DurationConverter.parse("pt2m"));
    assertEquals(Duration.ofMinutes(2), DurationConverter.parse("120s"));
    assertEquals(Duration.ofMinutes(2), DurationConverter.parse("2m"));
    assertEquals(Duration.ofMinutes(2), DurationConverter.parse("120"));
    assertEquals(Duration.ofMillis(500), DurationConverter.parse("500ms"));
    assertEquals(Duration.ofMillis(1500), DurationConverter.parse("1.5s"));
    assertEquals(Duration.ofHours(1), DurationConverter.parse("1h"));
  }

  @Test
  void rejectsWhatIsNotADuration() {
    for (String bad : new String[] {"abc", "10 parsecs", "PTxS", "-5s", "-PT5S", ""}) {
      assertThrows(TypeConversionException.class, () -> DurationConverter.parse(bad), bad);
    }
  }
}
