package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.db.ConnectionSettings;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.TestDatabases;

/** Issue 8's scripting conventions: --version, the settings file and its precedence, bad settings files. */
class ScriptingCliTest {
    @TempDir
    Path dir;

    private static final String FILE_URL = "jdbc:derby:memory:from_file;create=true";
    private static final String ENV_URL = "jdbc:derby:memory:from_env;create=true";
    private static final String FLAG_URL = "jdbc:derby:memory:from_flag;create=true";

    /** The settings the root command resolves for these arguments, environment and working directory. */
    private static ConnectionSettings resolved(Map<String, String> env, Path workingDirectory, String... args) {
        Kanon kanon = new Kanon().withEnvironment(env).withWorkingDirectory(workingDirectory);
        Kanon.commandLine(kanon).parseArgs(args);
        return kanon.connectionSettings();
    }

    @Test
    @DisplayName("kanon --version prints 'kanon <the Maven project version>' and exits 0")
    void versionIsTheProjectVersion() throws Exception {
        Matcher m = Pattern.compile("<artifactId>kanon</artifactId>\\s*<version>([^<]+)</version>").matcher(Files.readString(Path.of("pom.xml")));
        assertTrue(m.find(), "the project version in pom.xml");
        CliRun.Result r = CliRun.execute(new Kanon().withEnvironment(Map.of()), "--version");
        assertEquals(ExitCodes.OK, r.exitCode(), r.toString());
        assertEquals("kanon " + m.group(1), r.out().strip());
        assertEquals("", r.err());
    }

    @Test
    @DisplayName("quiet by default: slf4j-simple shows warnings and errors only; a bare 'kanon hierarchy' is bad usage on stderr, stdout empty")
    void quietByDefault() throws Exception {
        Properties logging = new Properties();
        try (InputStream in = Kanon.class.getResourceAsStream("/simplelogger.properties")) {
            logging.load(in);
        }
        assertTrue(Set.of("warn", "error", "off").contains(logging.getProperty("org.slf4j.simpleLogger.defaultLogLevel")), logging.toString());
        CliRun.Result bare = CliRun.execute(new Kanon().withEnvironment(Map.of()).withWorkingDirectory(CliRun.noConfigDirectory()), "hierarchy");
        assertEquals(ExitCodes.USAGE, bare.exitCode(), bare.toString());
        assertEquals("", bare.out());
        assertTrue(bare.err().contains("Usage: kanon hierarchy"), bare.err());
    }

    @Test
    @DisplayName("connection: --db/--user over KANON_DB_URL/KANON_DB_USER over ./kanon.properties over the default")
    void precedenceFlagEnvironmentFileDefault() throws Exception {
        assertEquals(ConnectionSettings.DEFAULT_URL, resolved(Map.of(), dir, "release", "list").url(), "no file: the default");
        assertNull(resolved(Map.of(), dir, "release", "list").user());

        Files.writeString(dir.resolve("kanon.properties"), "# test settings\ndb.url = " + FILE_URL + "\ndb.user: file_user\n\nformat=json\n");
        ConnectionSettings file = resolved(Map.of(), dir, "release", "list");
        assertEquals(FILE_URL, file.url());
        assertEquals("file_user", file.user());

        Map<String, String> env = Map.of("KANON_DB_URL", ENV_URL, "KANON_DB_USER", "env_user");
        ConnectionSettings fromEnv = resolved(env, dir, "release", "list");
        assertEquals(ENV_URL, fromEnv.url());
        assertEquals("env_user", fromEnv.user());

        ConnectionSettings flags = resolved(env, dir, "release", "list", "--db", FLAG_URL, "--user", "flag_user");
        assertEquals(FLAG_URL, flags.url());
        assertEquals("flag_user", flags.user());
        // the user may come from one place and the URL from another
        ConnectionSettings mixed = resolved(Map.of("KANON_DB_USER", "env_user"), dir, "--db", FLAG_URL, "release", "list");
        assertEquals(FLAG_URL, mixed.url());
        assertEquals("env_user", mixed.user());
    }

    @Test
    @DisplayName("which file: --config FILE over KANON_CONFIG over ./kanon.properties; --config works after the subcommand too")
    void whichSettingsFile() throws Exception {
        Files.writeString(dir.resolve("kanon.properties"), "db.url=jdbc:derby:memory:local\n");
        Files.writeString(dir.resolve("env.properties"), "db.url=jdbc:derby:memory:env\n");
        Files.writeString(dir.resolve("flag.properties"), "db.url=jdbc:derby:memory:flag\n");
        Map<String, String> env = Map.of("KANON_CONFIG", "env.properties");
        assertEquals("jdbc:derby:memory:local;create=true", resolved(Map.of(), dir, "release", "list").url());
        assertEquals("jdbc:derby:memory:env;create=true", resolved(env, dir, "release", "list").url());
        assertEquals("jdbc:derby:memory:flag;create=true", resolved(env, dir, "--config", "flag.properties", "release", "list").url());
        assertEquals("jdbc:derby:memory:flag;create=true", resolved(env, dir, "release", "list", "--config", dir.resolve("flag.properties").toString()).url());
    }

    @DatabaseTest(only = TestDatabases.Kind.DERBY)
    @DisplayName("a settings file alone connects and sets the output format (format=json: release list prints [])")
    void settingsFileEndToEnd(ConnectionSettings db) throws Exception {
        Files.writeString(dir.resolve("kanon.properties"), "db.url=" + db.url() + "\nformat=json\n");
        Kanon kanon = new Kanon().withEnvironment(Map.of()).withWorkingDirectory(dir);
        assertEquals(0, CliRun.jsonArray(CliRun.execute(kanon, "release", "list")).size());
        CliRun.Result text = CliRun.execute(new Kanon().withEnvironment(Map.of()).withWorkingDirectory(dir), "release", "list", "--format", "text");
        assertTrue(text.out().startsWith("name\trelation"), "--format overrides the file: " + text);
    }

    private CliRun.Result runWithFile(String content, String... args) throws Exception {
        Files.writeString(dir.resolve("kanon.properties"), content);
        return CliRun.execute(new Kanon().withEnvironment(Map.of()).withWorkingDirectory(dir), args);
    }

    @Test
    @DisplayName("bad settings: missing --config file, unknown key, db.password, a line without =, a bad format — one line naming file and line, exit 2")
    void badSettingsFile() throws Exception {
        CliRun.assertRefused(CliRun.execute(new Kanon().withEnvironment(Map.of()).withWorkingDirectory(dir), "--config", "nope.properties", "release", "list"),
                "--config", "nope.properties", "file not found");
        CliRun.assertRefused(CliRun.execute(new Kanon().withEnvironment(Map.of("KANON_CONFIG", "gone.properties")).withWorkingDirectory(dir),
                "release", "list"), "KANON_CONFIG", "gone.properties", "file not found");
        CliRun.assertRefused(CliRun.execute(new Kanon().withEnvironment(Map.of()).withWorkingDirectory(dir), "--config", dir.toString(), "release", "list"),
                dir.toString(), "not a file");
        String file = dir.resolve("kanon.properties").toString();
        CliRun.assertRefused(runWithFile("db.url=jdbc:derby:memory:x\n# comment\ndb.usr=me\n", "release", "list"),
                file + ":3:", "unknown key 'db.usr'", "db.user");
        CliRun.Result password = runWithFile("db.user=me\ndb.password=s3cret\n", "release", "list");
        CliRun.assertRefused(password, file + ":2:", "db.password", "KANON_DB_PASSWORD");
        assertTrue(!password.err().contains("s3cret"), "the password is not echoed: " + password.err());
        CliRun.assertRefused(runWithFile("just some words\n", "release", "list"), file + ":1:", "expected key=value");
        CliRun.assertRefused(runWithFile("format=xml\n", "release", "list"), file + ":1:", "format", "text or json", "xml");
        CliRun.assertRefused(runWithFile("db.url=a\ndb.url=b\n", "release", "list"), file + ":2:", "twice", "line 1");
        CliRun.assertRefused(runWithFile("db.url=not-jdbc\n", "release", "list"), "not a JDBC URL");
        // --version and --help do not read the settings
        assertEquals(ExitCodes.OK, runWithFile("nonsense\n", "--version").exitCode());
    }

    @Test
    @DisplayName("a settings file that cannot be read: one line naming it, exit 2")
    void unreadableSettingsFile() throws Exception {
        Path file = dir.resolve("secret.properties");
        Files.writeString(file, "db.user=me\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("---------"));
        assumeFalse(Files.isReadable(file), "running as a user who reads every file (root)");
        CliRun.assertRefused(CliRun.execute(new Kanon().withEnvironment(Map.of()).withWorkingDirectory(dir), "--config", file.toString(), "release", "list"),
                file.toString(), "cannot read");
    }
}
