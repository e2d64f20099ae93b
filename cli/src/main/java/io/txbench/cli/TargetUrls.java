package io.txbench.cli;

import io.txbench.core.spi.TargetBinding;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** Which of the {@code --target-url} values belongs to a target: the one its provider accepts. */
final class TargetUrls {
  private TargetUrls() {}

  static @Nullable String pick(@Nullable List<String> urls, TargetBinding provider, int targets) {
    if (urls == null || urls.isEmpty()) {
      return null;
    }
    if (urls.size() == 1 && targets == 1) {
      return urls.get(0);
    }
    return urls.stream().filter(provider::acceptsUrl).findFirst().orElse(null);
  }
}
