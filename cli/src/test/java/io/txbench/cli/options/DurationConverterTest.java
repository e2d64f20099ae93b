package io.txbench.cli.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

class DurationConverterTest {

  @Test
  void readsIsoAndShortForms() {
    assertEquals(Duration.ofMinutes(2), new DurationConverter().convert("PT120S"));
    assertEquals(Duration.ofMinutes(2), new DurationConverter().convert("pt2m"));
    assertEquals(Duration.ofMinutes(2), new DurationConverter().convert("120s"));
    assertEquals(Duration.ofMinutes(2), new DurationConverter().convert("2m"));
    assertEquals(Duration.ofMinutes(2), new DurationConverter().convert("120"));
    assertEquals(Duration.ofMillis(500), new DurationConverter().convert("500ms"));
    assertEquals(Duration.ofMillis(1500), new DurationConverter().convert("1.5s"));
    assertEquals(Duration.ofHours(1), new DurationConverter().convert("1h"));
  }

  @Test
  void rejectsWhatIsNotADuration() {
    for (String bad : new String[] {"abc", "10 parsecs", "PTxS", "-5s", "-PT5S", ""}) {
      assertThrows(TypeConversionException.class, () -> new DurationConverter().convert(bad), bad);
    }
  }
}
