package io.txbench.core.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AirlineDataTest {

  private static List<Schedule> schedules(long seed) {
    List<Schedule> all = new ArrayList<>();
    new AirlineData(seed, 1).forEachSchedule(all::add);
    return all;
  }

  @Test
  void theSameSeedGivesTheSameData() {
    assertEquals(schedules(42), schedules(42));
    assertEquals(new AirlineData(42, 1).aircraft(), new AirlineData(42, 1).aircraft());
    assertNotEquals(schedules(42), schedules(43));
  }

  @Test
  void schedulesAreRealisticInShape() {
    List<Schedule> all = schedules(1);
    assertEquals(15_000, all.size());
    assertEquals(200, new AirlineData(1, 1).aircraft().size());
    for (Schedule s : all) {
      assertTrue(s.origin().matches("[A-Z]{3}") && s.destination().matches("[A-Z]{3}"));
      assertNotEquals(s.origin(), s.destination());
      assertTrue(s.durationMinutes() >= 40 && s.durationMinutes() <= 720);
      assertEquals((s.departureMinute() + s.durationMinutes()) % 1440, s.arrivalMinute());
      assertTrue(s.daysOfWeek() > 0 && s.daysOfWeek() < 128);
    }
    assertEquals(all.size(), all.get(all.size() - 1).scheduleId());
  }

  @Test
  void theFareGrowsWithTheFlight() {
    assertTrue(AirlineData.fare(600).compareTo(AirlineData.fare(60)) > 0);
    assertEquals(2, AirlineData.fare(60).scale());
  }
}
