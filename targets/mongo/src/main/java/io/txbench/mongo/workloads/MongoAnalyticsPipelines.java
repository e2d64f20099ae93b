package io.txbench.mongo.workloads;

import io.txbench.core.workloads.AnalyticsQuery;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;

/**
 * The six analytics queries as aggregation pipelines on {@code ord}, side by side: each one
 * statement, readable as the shell would write it. The names come in by {@code $lookup} on the
 * three dimension collections; the grouping sets, the rollup and the cube are one {@code $facet}
 * with a branch per grouping whose rows are then concatenated, a rolled-up name missing; the pivot
 * groups by product and salesperson, then by product with a {@code $push} of each salesperson's
 * quantity, and the client spreads those into columns ({@link MongoAnalyticsAnswers}). Each result
 * document has the query's columns as fields ({@link AnalyticsQuery#columns()}).
 *
 * <p>Every stage and operator here runs on MongoDB 7 and 8 and on the emulator (mongo-java-server
 * 1.47, which has {@code $facet} but not {@code $unionWith}).
 */
final class MongoAnalyticsPipelines {
  private MongoAnalyticsPipelines() {}

  /** The pipeline of {@code query}; the join reads the orders of {@code joinCustomer}. */
  static List<Document> of(AnalyticsQuery query, int joinCustomer) {
    return switch (query) {
      case JOIN -> join(joinCustomer);
      case GROUP_BY -> groupBy();
      case GROUPING_SETS ->
          groupings(
              List.of("customer", "salesperson", "product"),
              List.of(List.of("customer", "product"), List.of("salesperson"), List.of()));
      case ROLLUP ->
          groupings(
              List.of("customer", "salesperson", "product"),
              List.of(
                  List.of("customer", "salesperson", "product"),
                  List.of("customer", "salesperson"),
                  List.of("customer"),
                  List.of()));
      case CUBE ->
          groupings(
              List.of("salesperson", "product"),
              List.of(
                  List.of("salesperson", "product"),
                  List.of("salesperson"),
                  List.of("product"),
                  List.of()));
      case PIVOT -> pivot();
    };
  }

  /**
   * The 100 latest orders of one customer with the three names: {@code $match}, {@code $sort} by
   * {@code _id} descending and {@code $limit} first, so that only those 100 are joined.
   */
  static List<Document> join(int customer) {
    List<Document> p = new ArrayList<>();
    p.add(stage("$match", new Document("customer_id", customer)));
    p.add(stage("$sort", new Document("_id", -1)));
    p.add(stage("$limit", AnalyticsQuery.JOIN_LIMIT));
    p.addAll(names());
    p.add(
        stage(
            "$project",
            new Document("_id", 0)
                .append("order_id", "$_id")
                .append("customer", "$customer.name")
                .append("salesperson", "$salesperson.name")
                .append("product", "$product.name")
                .append("price", 1)
                .append("quantity", 1)));
    return p;
  }

  /** Every order grouped by the three names, with the count and the sums of every number. */
  static List<Document> groupBy() {
    List<Document> p = new ArrayList<>(names());
    Document group =
        new Document(
                "_id",
                new Document("customer", "$customer.name")
                    .append("salesperson", "$salesperson.name")
                    .append("product", "$product.name"))
            .append("orders", sum(1))
            .append("quantity", sum("$quantity"))
            .append("revenue", sum(revenue()));
    Document project =
        new Document("_id", 0)
            .append("customer", "$_id.customer")
            .append("salesperson", "$_id.salesperson")
            .append("product", "$_id.product")
            .append("orders", 1)
            .append("quantity", 1)
            .append("revenue", 1);
    for (String greek : List.of("beta", "gamma", "theta", "vega", "vanna")) {
      group.append(greek, sum("$" + greek));
      project.append(greek, 1);
    }
    p.add(stage("$group", group));
    p.add(stage("$project", project));
    return p;
  }

  /**
   * The groups of each of {@code groupings} (names among {@code columns}) in one answer, as SQL's
   * GROUPING SETS: the orders grouped once by every name of {@code columns} (the finest grouping, a
   * few thousand groups at most), then a {@code $facet} branch per grouping that sums those groups,
   * the branches concatenated into one array, unwound and lifted to the root; a name a grouping
   * rolls up is missing from its rows. Grouping once first keeps the {@code $facet}, which holds
   * its whole input, small.
   */
  static List<Document> groupings(List<String> columns, List<List<String>> groupings) {
    List<Document> p = new ArrayList<>();
    Document finest = new Document();
    for (String column : columns) {
      p.addAll(name(column));
      finest.append(column, "$" + column + ".name");
    }
    p.add(
        stage(
            "$group",
            new Document("_id", finest)
                .append("orders", sum(1))
                .append("quantity", sum("$quantity"))
                .append("revenue", sum(revenue()))));
    Document facet = new Document();
    List<String> branches = new ArrayList<>();
    for (List<String> grouping : groupings) {
      String branch = grouping.isEmpty() ? "total" : String.join("_", grouping);
      Document key = new Document();
      grouping.forEach(name -> key.append(name, "$_id." + name));
      facet.append(
          branch,
          List.of(
              stage(
                  "$group",
                  new Document("_id", grouping.isEmpty() ? null : key)
                      .append("orders", sum("$orders"))
                      .append("quantity", sum("$quantity"))
                      .append("revenue", sum("$revenue")))));
      branches.add("$" + branch);
    }
    p.add(stage("$facet", facet));
    p.add(stage("$project", new Document("rows", new Document("$concatArrays", branches))));
    p.add(stage("$unwind", "$rows"));
    p.add(stage("$replaceRoot", new Document("newRoot", "$rows")));
    Document project = new Document("_id", 0);
    columns.forEach(name -> project.append(name, "$_id." + name));
    p.add(
        stage("$project", project.append("orders", 1).append("quantity", 1).append("revenue", 1)));
    return p;
  }

  /**
   * The quantity of each product name by salesperson name: grouped by the pair, then by product
   * with the salespeople's quantities pushed into {@code sales} ({@code {salesperson, quantity}}).
   */
  static List<Document> pivot() {
    List<Document> p = new ArrayList<>();
    p.addAll(name("salesperson"));
    p.addAll(name("product"));
    p.add(
        stage(
            "$group",
            new Document(
                    "_id",
                    new Document("product", "$product.name")
                        .append("salesperson", "$salesperson.name"))
                .append("quantity", sum("$quantity"))));
    p.add(
        stage(
            "$group",
            new Document("_id", "$_id.product")
                .append(
                    "sales",
                    new Document(
                        "$push",
                        new Document("salesperson", "$_id.salesperson")
                            .append("quantity", "$quantity")))));
    p.add(stage("$project", new Document("_id", 0).append("product", "$_id").append("sales", 1)));
    return p;
  }

  /**
   * The customer's, the salesperson's and the product's documents, as {@code customer}, {@code
   * salesperson} and {@code product}.
   */
  private static List<Document> names() {
    List<Document> p = new ArrayList<>();
    p.addAll(name("customer"));
    p.addAll(name("salesperson"));
    p.addAll(name("product"));
    return p;
  }

  /**
   * The document (its {@code name}) of the answer's column {@code column} ({@code customer}, {@code
   * salesperson} or {@code product}) joined to the order, as a field of that name: the order's key
   * looked up in its collection and unwound.
   */
  private static List<Document> name(String column) {
    String from = column.equals("salesperson") ? "sales" : column;
    return List.of(
        stage(
            "$lookup",
            new Document("from", from)
                .append("localField", from + "_id")
                .append("foreignField", "_id")
                .append("as", column)),
        stage("$unwind", "$" + column));
  }

  /** price x quantity of one order. */
  private static Document revenue() {
    return new Document("$multiply", List.of("$price", "$quantity"));
  }

  private static Document sum(Object of) {
    return new Document("$sum", of);
  }

  private static Document stage(String name, Object spec) {
    return new Document(name, spec);
  }
}
