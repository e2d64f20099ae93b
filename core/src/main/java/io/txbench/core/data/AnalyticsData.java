package io.txbench.core.data;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Arrays;
import java.util.List;

/**
 * The order schema of the analytics queries, generated from a seed at a scale: {@code customer},
 * {@code sales} (salespeople) and {@code product}, each {@code (id, name)}, and {@link Order}s. At
 * scale 1: 1,000,000 orders, 1,000 customers, 100 salespeople, 500 products; the dimensions never
 * fall below 10, 5 and 10. The same seed and scale give the same rows on every target, row by row
 * (an order is a function of its id), so that loaders may write them in any order or in parallel.
 *
 * <p>Names repeat as real names do: customers are named from {@value #SURNAME_COUNT} surnames,
 * salespeople from {@value #FIRST_NAME_COUNT} first names, products from {@value
 * #PRODUCT_NAME_COUNT} product names, each drawn with a skew (a few names are common), and orders
 * favour some customers and products, so that groups are uneven. Names are plain ASCII, distinct in
 * any case, so that every collation groups them alike.
 *
 * <p>Every number is exact in binary floating point: prices are whole quarters, the five numeric
 * columns whole 64ths from -128 to 128. A sum over them is then the same on every target in any
 * order, as long as it stays below 2^47: answers compare exactly, not within a tolerance.
 */
public final class AnalyticsData {
  /** The orders at scale 1. */
  public static final long ORDERS_AT_SCALE_1 = 1_000_000;

  static final int SURNAME_COUNT = 40;
  static final int FIRST_NAME_COUNT = 12;
  static final int PRODUCT_NAME_COUNT = 25;

  private static final List<String> SURNAMES =
      words(
          "Smith Garcia Mueller Rossi Silva Kowalski Novak Jensen Dubois Fernandez Murphy"
              + " Nakamura Kim Ivanova Okafor Haddad Larsen Moreau Bianchi Costa Schmidt Wong"
              + " Patel Cohen Berg Horvath Lindqvist Yilmaz Petrov Santos Nguyen Tanaka Weber"
              + " Romero Kaplan Duarte Fischer Morales Virtanen Quinn");

  private static final List<String> FIRST_NAMES =
      List.of(
          "Maria", "John", "Aiko", "Carlos", "Fatima", "Lars", "Priya", "Olga", "Kwame", "Lucia",
          "Tom", "Ines");

  private static final List<String> PRODUCT_NAMES =
      words(
          "Chair Desk Lamp Shelf Sofa Table Stool Bench Cabinet Mirror Rug Clock Vase Bed"
              + " Wardrobe Dresser Ottoman Armchair Bookcase Sideboard Cushion Curtain Planter"
              + " Hook Tray");

  /** The odds of the names of each pool: the first names likeliest (weight 1/rank). */
  private static final double[] SURNAME_ODDS = cumulative(SURNAME_COUNT, 1);

  private static final double[] FIRST_NAME_ODDS = cumulative(FIRST_NAME_COUNT, 1);
  private static final double[] PRODUCT_NAME_ODDS = cumulative(PRODUCT_NAME_COUNT, 1);

  private final long seed;
  private final BigDecimal scale;
  private final long orders;
  private final int customers;
  private final int salespeople;
  private final int products;
  private final double[] customerOdds;
  private final double[] salesOdds;
  private final double[] productOdds;

  /** The data of {@code seed} at {@code scale} (a positive decimal: 0.01 for a quick run). */
  public AnalyticsData(long seed, BigDecimal scale) {
    if (scale.signum() <= 0) {
      throw new IllegalArgumentException("the scale must be positive, not " + scale);
    }
    this.seed = seed;
    this.scale = scale;
    this.orders = Math.max(1, scaled(ORDERS_AT_SCALE_1));
    this.customers = (int) Math.max(10, scaled(1_000));
    this.salespeople = (int) Math.max(5, scaled(100));
    this.products = (int) Math.max(10, scaled(500));
    this.customerOdds = cumulative(customers, 0.8);
    this.salesOdds = cumulative(salespeople, 0.5);
    this.productOdds = cumulative(products, 0.8);
  }

  private long scaled(long atScale1) {
    return scale
        .multiply(BigDecimal.valueOf(atScale1))
        .setScale(0, RoundingMode.HALF_UP)
        .longValue();
  }

  public long seed() {
    return seed;
  }

  public BigDecimal scale() {
    return scale;
  }

  /** The number of orders: ids 1 to this. */
  public long orders() {
    return orders;
  }

  /** The number of customers: ids 1 to this. */
  public int customers() {
    return customers;
  }

  /** The number of salespeople: ids 1 to this. */
  public int salespeople() {
    return salespeople;
  }

  /** The number of products: ids 1 to this. */
  public int products() {
    return products;
  }

  /** The name of customer {@code id}: a surname, shared with other customers. */
  public String customerName(int id) {
    return SURNAMES.get(pick(SURNAME_ODDS, unit(hash(1, id))));
  }

  /** The name of salesperson {@code id}: a first name, shared with other salespeople. */
  public String salesName(int id) {
    return FIRST_NAMES.get(pick(FIRST_NAME_ODDS, unit(hash(2, id))));
  }

  /** The name of product {@code id}, shared with other products (variants of a kind). */
  public String productName(int id) {
    return PRODUCT_NAMES.get(pick(PRODUCT_NAME_ODDS, unit(hash(3, id))));
  }

  /**
   * Every name a salesperson may have, in a fixed order: the pivot's columns, whether or not this
   * data's salespeople bear them all.
   */
  public static List<String> salesNames() {
    return FIRST_NAMES;
  }

  /** The list price of product {@code id} in whole quarters: 1.00 to 499.75. */
  private long priceInQuarters(int id) {
    return 4L + Math.floorMod(hash(4, id), 1_996);
  }

  /** Order {@code id} (1 to {@link #orders()}). */
  public Order order(long id) {
    long state = ItemData.mix(seed * 0x9E3779B97F4A7C15L + id * 0xBF58476D1CE4E5B9L + 5);
    state = step(state);
    int customer = 1 + pick(customerOdds, unit(state));
    state = step(state);
    int sales = 1 + pick(salesOdds, unit(state));
    state = step(state);
    int product = 1 + pick(productOdds, unit(state));
    state = step(state);
    int quantity = 1 + (int) Math.floorMod(state, 20L);
    double[] greeks = new double[5];
    for (int i = 0; i < greeks.length; i++) {
      state = step(state);
      greeks[i] = (Math.floorMod(state, 16_384L) - 8_192) / 64.0;
    }
    return new Order(
        id,
        customer,
        sales,
        product,
        BigDecimal.valueOf(priceInQuarters(product) * 25, 2),
        quantity,
        greeks[0],
        greeks[1],
        greeks[2],
        greeks[3],
        greeks[4]);
  }

  /**
   * The customer whose orders the join query reads: one in the middle of the skew, with a few
   * hundred orders at scale 1 (so that an index on {@code customer_id} matters).
   */
  public int joinCustomer() {
    return customers / 2;
  }

  /**
   * One order: who bought ({@code customerId}), who sold ({@code salesId}), what ({@code
   * productId}), at what {@code price} (two decimals, whole quarters), how many, and five numbers.
   */
  public record Order(
      long id,
      int customerId,
      int salesId,
      int productId,
      BigDecimal price,
      int quantity,
      double beta,
      double gamma,
      double theta,
      double vega,
      double vanna) {}

  private long hash(int what, long id) {
    return ItemData.mix(seed * 0x94D049BB133111EBL + what * 0x9E3779B97F4A7C15L + id);
  }

  /** The cumulative weights of 1..n with weight i^-exponent, normalised to 1. */
  private static double[] cumulative(int n, double exponent) {
    double[] odds = new double[n];
    double sum = 0;
    for (int i = 0; i < n; i++) {
      sum += Math.pow(i + 1, -exponent);
      odds[i] = sum;
    }
    for (int i = 0; i < n; i++) {
      odds[i] /= sum;
    }
    return odds;
  }

  /** The words of {@code text}, separated by single spaces. */
  private static List<String> words(String text) {
    return List.of(text.split(" "));
  }

  /**
   * The first index whose cumulative weight exceeds {@code u}: the weights rise strictly, so past
   * one equal to {@code u}, else where {@code u} would go; the last weight is 1, above any {@code
   * u}.
   */
  private static int pick(double[] odds, double u) {
    int found = Arrays.binarySearch(odds, u);
    return found >= 0 ? found + 1 : -found - 1;
  }

  private static long step(long state) {
    return ItemData.mix(state + 0x9E3779B97F4A7C15L);
  }

  private static double unit(long bits) {
    return (bits >>> 11) * 0x1.0p-53;
  }
}
