/**
 * The script language of {@code --workload script}: pgbench's, so that a pgbench user's files run
 * unchanged, read once ({@link io.txbench.core.script.ScriptParser}) and run by one interpreter
 * ({@link io.txbench.core.script.ScriptRun}) on every target.
 *
 * <p>What is the language's: {@code --} comments; the meta-commands {@code \set} with pgbench's
 * expressions ({@link io.txbench.core.script.ExprParser}: its operators, CASE, null logic, integer
 * overflow and division by zero as errors, and its functions, the random ones drawn with its
 * distributions), {@code \sleep}, {@code \if}/{@code \elif}/{@code \else}/{@code \endif}, {@code
 * \gset} and {@code \aset}, {@code \;} between the commands of a compound query (sent one by one);
 * the variables of each worker ({@link io.txbench.core.script.Variables}: {@code :client_id},
 * {@code :scale}, {@code :default_seed}, {@code :random_seed}, the {@code --define}s), kept from
 * one iteration to the next as pgbench keeps a client's; and the checks made before anything
 * connects (a variable nothing sets, an unbalanced conditional, a meta-command txbench does not
 * run), each naming the file and line.
 *
 * <p>What is the target's, the seam where a target plugs in:
 *
 * <ol>
 *   <li>{@link io.txbench.core.script.CommandSyntax}: where one of its commands ends in the file
 *       and how a {@code :variable} in it becomes a parameter. {@link
 *       io.txbench.core.script.SqlSyntax} ends a SQL command at {@code ;} and writes {@code ?}; the
 *       MongoDB target reads a command as one JSON document (ending where its braces close) and
 *       leaves a marker for each variable that its binding replaces with the value; the http target
 *       reads a request as its request file writes one (ending at a line {@code ###} or a
 *       meta-command's line), a slot for each variable. A mistake found inside a command that spans
 *       lines says how many lines in ({@link io.txbench.core.script.ScriptException#linesIn}), so
 *       that its message names the line.
 *   <li>Sending: the target's iteration asks {@link io.txbench.core.script.ScriptRun#next} for the
 *       next {@link io.txbench.core.script.Step} (the command, its parameters' values, the pause of
 *       the {@code \sleep}s before it), sends it on its own client, and hands the answer back as a
 *       {@link io.txbench.core.script.Reply} (rows, and the first row's fields by name when the
 *       command is followed by {@code \gset}). The interpreter never blocks, so an event-loop
 *       client can drive it between its round trips.
 *   <li>Transactions: which commands open and close one is the target's reading of its commands
 *       (SQL's {@code BEGIN}/{@code COMMIT}/{@code ROLLBACK} lines; a document target would add
 *       meta-commands of its own, such as {@code \begin}/{@code \commit}, here beside {@code \if}),
 *       and the commit point it reports to the engine is its own, as for the built-in kinds.
 * </ol>
 */
package io.txbench.core.script;
