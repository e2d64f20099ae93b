package io.txbench.report.files;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;
import java.math.BigDecimal;

/**
 * A number of summary.json written as a decimal rather than a double: what a short run on a cheap
 * machine cost is a thousandth or less, which a double writes {@code 6.94444E-4}, valid JSON that
 * reads as a typo; as a decimal it is {@code 0.000694444} (an exponent only below a millionth). The
 * tree a summary is written through keeps it a decimal, where a number's text would be read back
 * into a double.
 */
final class PlainDecimal extends StdSerializer<Double> {
  private static final long serialVersionUID = 1L;

  PlainDecimal() {
    super(Double.class);
  }

  @Override
  public void serialize(Double value, JsonGenerator json, SerializerProvider provider)
      throws IOException {
    json.writeNumber(BigDecimal.valueOf(value));
  }
}
