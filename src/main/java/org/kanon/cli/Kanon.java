package org.kanon.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.kanon.InvalidInputException;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/** The {@code kanon} command line: global connection options and the subcommands a DBA scripts against. */
@Command(name = "kanon", mixinStandardHelpOptions = true, versionProvider = KanonVersion.class,
        description = "Anonymize tables where they live: privacy checks and releases in Derby, PostgreSQL, MariaDB, DuckDB and Trino.",
        footer = {"", "Password: environment variable KANON_DB_PASSWORD (never a command-line argument).",
                "Exit codes: 0 success, 1 privacy requirement not met, 2 bad input or usage,",
                "3 internal error (one line; KANON_DEBUG=1 adds the stack trace)."},
        subcommands = {ImportCommand.class, HierarchyCommand.class, CheckCommand.class, AnonymizeCommand.class, ReleaseCommand.class, MetricsCommand.class, RiskCommand.class, ReportCommand.class, VerifyCommand.class,
                EvaluateQueriesCommand.class, ExportCommand.class, DemoCommand.class, SpecCommand.class, RunCommand.class, WorkerCommand.class,
                SqlCommand.class, CommandLine.HelpCommand.class})
public final class Kanon implements Callable<Integer> {

    @Option(names = "--db", scope = ScopeType.INHERIT, paramLabel = "JDBC_URL",
            description = "Database URL (default: env KANON_DB_URL, else db.url of the settings file, else embedded Derby in ./kanon-db).")
    String dbUrl;

    @Option(names = "--user", scope = ScopeType.INHERIT, paramLabel = "NAME",
            description = "Database user (default: env KANON_DB_USER, else db.user of the settings file).")
    String user;

    @Option(names = "--catalog-db", scope = ScopeType.INHERIT, paramLabel = "JDBC_URL",
            description = "Where kanon keeps its catalog when --db cannot (Trino): a URL of any database kanon supports but Trino (default: env "
                    + "KANON_CATALOG_DB_URL, else catalog.url of the settings file, else embedded Derby in ./kanon-catalog); "
                    + "its password from env KANON_CATALOG_DB_PASSWORD.")
    String catalogUrl;

    @Option(names = "--config", scope = ScopeType.INHERIT, paramLabel = "FILE",
            description = "Settings file (default: env KANON_CONFIG, else ./kanon.properties when present); keys db.url, db.user, catalog.url, format.")
    String configFile;

    private Map<String, String> environment = System.getenv();
    /** When set, commands work in this open database instead of opening one (spec runs, Derby procedures). */
    private Database shared;
    private Path workingDirectory = Path.of("");
    /** The databases this command line opened: closed again after an error that may have cut their own close short. */
    private final List<Database> opened = new ArrayList<>();
    private KanonConfig config;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        HeapReserve.hold();
        Kanon kanon = new Kanon();
        // a background thread's failure (a heartbeat, a pool's housekeeping) is one line too, never a trace with values
        PrintWriter stderr = new PrintWriter(System.err, true);
        Thread.setDefaultUncaughtExceptionHandler((thread, e) -> {
            if (e instanceof OutOfMemoryError) {
                HeapReserve.release();
            }
            UnexpectedError.report(e, "in thread " + thread.getName() + ": ", stderr, kanon.debug());
        });
        System.exit(commandLine(kanon).execute(args));
    }

    /** The configured command line: our exit codes and one-line user errors. */
    public static CommandLine commandLine(Kanon kanon) {
        CommandLine cl = new CommandLine(kanon);
        // picocli passes Errors (OutOfMemoryError, StackOverflowError, a missing class) through, and an uncaught one
        // exits 1, which means "not met" here: the strategy turns them into exit 3 with one line
        CommandLine.IExecutionStrategy run = new CommandLine.RunLast();
        cl.setExecutionStrategy(parsed -> {
            try {
                return run.execute(parsed);
            } catch (OutOfMemoryError e) {
                // room first, then the databases closed (an embedded Derby shut down, not left for the next command to
                // recover), then the one line
                HeapReserve.release();
                kanon.closeOpened();
                return UnexpectedError.report(e, parsed.commandSpec().commandLine().getErr(), kanon.debug());
            } catch (Error e) {
                return UnexpectedError.report(e, parsed.commandSpec().commandLine().getErr(), kanon.debug());
            }
        });
        cl.setExecutionExceptionHandler(Kanon::handleExecutionException);
        cl.setParameterExceptionHandler(Kanon::handleParameterException);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        // an argument starting with @ is a value (a sensitive value, a spec's options), never a file to read in
        cl.setExpandAtFiles(false);
        cl.setHelpFactory(HelpWrapping::new);
        return cl;
    }

    /** A variable of the environment (the real one, or the one a test gave {@link #withEnvironment}). */
    String environment(String name) {
        return environment.get(name);
    }

    /** For tests: connection defaults as if these were the environment. */
    public Kanon withEnvironment(Map<String, String> env) {
        this.environment = env;
        return this;
    }

    /** Commands of this command line work in {@code db} and leave it open. */
    public Kanon within(Database db) {
        this.shared = db;
        return this;
    }

    /** For tests: where ./kanon.properties and a relative --config are looked for. */
    public Kanon withWorkingDirectory(Path dir) {
        this.workingDirectory = dir;
        return this;
    }

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return ExitCodes.OK;
    }

    ConnectionSettings connectionSettings() {
        return ConnectionSettings.resolve(dbUrl, user, catalogUrl, environment, config().values());
    }

    /** The settings file, read once, on first use (so --version and --help never read it). */
    KanonConfig config() {
        if (config == null) {
            config = KanonConfig.locate(configFile, environment, workingDirectory);
        }
        return config;
    }

    Database openDatabase() {
        if (shared != null) {
            return shared.borrow();
        }
        Database db = Database.open(connectionSettings());
        opened.add(db);
        return db;
    }

    /** Closes what this command line opened and is still open; a database that cannot be closed is left as it is. */
    private void closeOpened() {
        for (Database db : opened) {
            try {
                db.close();
            } catch (RuntimeException | Error e) {
                // the command's own error is the one to report; this one only means the database stays as it was
            }
        }
        opened.clear();
    }

    private static int handleExecutionException(Exception e, CommandLine cl, CommandLine.ParseResult parsed) {
        PrintWriter err = cl.getErr();
        if (e instanceof InvalidInputException) {
            err.println("kanon: " + e.getMessage());
            err.flush();
            return ExitCodes.USAGE;
        }
        return UnexpectedError.report(e, err, ((Kanon) cl.getCommandSpec().root().userObject()).debug());
    }

    /** Whether the user asked for stack traces ({@value UnexpectedError#DEBUG_VARIABLE} set, and not to 0). */
    boolean debug() {
        String value = environment.get(UnexpectedError.DEBUG_VARIABLE);
        return value != null && !value.isBlank() && !value.strip().equals("0") && !value.strip().equalsIgnoreCase("false");
    }

    private static int handleParameterException(CommandLine.ParameterException e, String[] args) {
        CommandLine cl = e.getCommandLine();
        PrintWriter err = cl.getErr();
        err.println("kanon: " + e.getMessage() + Suggestions.of(e) + " (see: " + cl.getCommandSpec().qualifiedName() + " --help)");
        err.flush();
        return ExitCodes.USAGE;
    }
}
