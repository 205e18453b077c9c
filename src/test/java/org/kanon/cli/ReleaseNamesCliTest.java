package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.DisplayName;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.db.KanonSchemas;
import org.kanon.release.ReleaseRecord;
import org.kanon.release.ReleaseRegister;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;
import org.kanon.testing.TestDatabases;

/**
 * Issue 19, items 9 and 10: the relations a release writes. Their names are measured as the database stores them
 * (PostgreSQL: 63 bytes of UTF-8, which it would otherwise truncate silently; Derby: 128 characters), for every kind
 * of release and every relation it writes; and a release never writes, drops or replaces a relation of another
 * release, whatever its kind.
 */
class ReleaseNamesCliTest {
    /** 40 characters, 80 bytes in UTF-8. */
    private static final String WIDE = "é".repeat(40);

    private static CliRun setUp(ConnectionSettings settings) {
        return new CliRun(settings).withPaperTable("incognito-patients", "patients", PaperTables.PATIENTS_PREFIX)
                .withPaperTable("permutation-table1", "t1", null);
    }

    private static String[] oneTable(String name, String... extra) {
        List<String> args = new ArrayList<>(List.of("release", "--table", "patients", "--qi", "sex,zipcode", "--levels", "1,0",
                "--k", "2", "--name", name));
        args.addAll(List.of(extra));
        return args.toArray(String[]::new);
    }

    private static String[] local(String name) {
        return new String[] {"anonymize", "--table", "patients", "--qi", "sex,zipcode", "--k", "2", "--algorithm", "kaca1", "--name", name};
    }

    private static String[] permutation(String algorithm, String name, String... extra) {
        List<String> args = new ArrayList<>(List.of("anonymize", "--table", "t1", "--qi", "age,sex", "--sensitive", "disease",
                "--l", "4", "--algorithm", algorithm, "--name", name));
        args.addAll(List.of(extra));
        return args.toArray(String[]::new);
    }

    private static void ok(CliRun cli, String... args) {
        CliRun.Result r = cli.run(args);
        assertEquals(ExitCodes.OK, r.exitCode(), r.toString());
    }

    /** Every relation in KANON_RELEASE and the catalog's private partition records, by folded name. */
    private static TreeSet<String> relations(ConnectionSettings settings) {
        try (Database db = Database.open(settings)) {
            TreeSet<String> names = new TreeSet<>();
            for (String schema : List.of(KanonSchemas.RELEASES, KanonSchemas.CATALOG)) {
                String folded = db.identifiers().namespace(schema);
                db.dsl().connection(c -> {
                    try (var rs = c.getMetaData().getTables(null, folded, "%", null)) {
                        while (rs.next()) {
                            if (folded.equals(rs.getString("TABLE_SCHEM"))) {
                                names.add(rs.getString("TABLE_NAME").toLowerCase(java.util.Locale.ROOT));
                            }
                        }
                    }
                });
            }
            names.removeIf(n -> !n.startsWith("colx") && !n.startsWith("coly") && !n.startsWith("é") && !n.startsWith("p_")
                    && !n.startsWith("a_"));
            return names;
        }
    }

    private static List<String> registered(ConnectionSettings settings) {
        try (Database db = Database.open(settings)) {
            return new ReleaseRegister(db).list().stream().map(ReleaseRecord::name).sorted().toList();
        }
    }

    @DatabaseTest
    @DisplayName("Release names are measured as the database keeps them (PostgreSQL 63 bytes, MariaDB 64 and Derby 128 characters), every relation of every kind")
    void namesAreMeasuredAsTheDatabaseKeepsThem(TestDatabases.Kind kind, ConnectionSettings settings) {
        CliRun cli = setUp(settings);
        String partitionTooWide = "p_".repeat(27);   // 54 characters: <name>_partition is 64
        if (kind == TestDatabases.Kind.POSTGRES) {
            // 40 characters pass a character count; PostgreSQL would keep 63 of their 80 bytes, and a later
            // --replace or drop of the full name would miss the truncated relation
            CliRun.assertRefused(cli.run(oneTable(WIDE)), "--name: kanon_release." + WIDE + " is 80 bytes long; PostgreSQL keeps at most 63 bytes");
            CliRun.assertRefused(cli.run(oneTable(WIDE, "--materialize")), "--name", "80 bytes");
            CliRun.assertRefused(cli.run(local(WIDE)), "--name", "80 bytes");
            // a non-plain name keeps its spelling, and so the suffixes theirs; its QI table (58 bytes) would fit
            CliRun.assertRefused(cli.run(permutation("permutation", "é".repeat(27))), "--name", "kanon." + "é".repeat(27) + "_PARTITION",
                    "64 bytes");
            CliRun.assertRefused(cli.run(permutation("anatomy", partitionTooWide)), "--name", partitionTooWide + "_partition",
                    "64 bytes");
            assertEquals(List.of(), registered(settings));
            assertEquals(new TreeSet<>(), relations(settings), "nothing written");
        } else if (kind == TestDatabases.Kind.MARIADB) {
            // MariaDB keeps 64 characters of a name (whatever their bytes): 40 two-byte characters fit, 100 do not
            String long100 = "a_".repeat(50);
            ok(cli, oneTable(WIDE));
            CliRun.assertRefused(cli.run(oneTable(long100, "--materialize")), "--name", long100 + " is 100 characters long; MariaDB keeps at most 64 characters");
            ok(cli, permutation("anatomy", partitionTooWide)); // <name>_partition is exactly 64
            assertEquals(List.of(partitionTooWide, WIDE), registered(settings));
            for (String name : List.of(WIDE, partitionTooWide)) {
                ok(cli, "release", "drop", name);
            }
            assertEquals(new TreeSet<>(), relations(settings), "every relation dropped with its release");
        } else {
            // Derby keeps 128 characters: names a 63-character check used to refuse are fine, and drop finds them
            String long100 = "a_".repeat(50);
            ok(cli, oneTable(WIDE));
            ok(cli, oneTable(long100, "--materialize"));
            ok(cli, permutation("anatomy", partitionTooWide));
            assertEquals(List.of(long100, partitionTooWide, WIDE), registered(settings));
            for (String name : List.of(WIDE, long100, partitionTooWide)) {
                ok(cli, "release", "drop", name);
            }
            assertEquals(new TreeSet<>(), relations(settings), "every relation dropped with its release");
        }
        String tooLong = "a".repeat(129);
        CliRun.assertRefused(cli.run(oneTable(tooLong)), "--name", "129 ");
        // the QI table is the first of its relations too long (PostgreSQL: 129 bytes; Derby: 129 characters)
        CliRun.Result twoTable = cli.run(permutation("permutation", "a".repeat(125)));
        CliRun.assertRefused(twoTable, "--name");
        assertTrue(twoTable.err().toLowerCase(java.util.Locale.ROOT).contains("a".repeat(125) + "_pqt is 129 "), twoTable.toString());
        assertEquals(List.of(), registered(settings));
    }

    @DatabaseTest
    @DisplayName("A release never writes, replaces or drops another release's relations, whatever their kinds")
    void aReleaseNeverTakesAnotherReleasesRelations(ConnectionSettings settings) {
        CliRun cli = setUp(settings);
        // a one-table release named like the QI table of a two-table release
        ok(cli, oneTable("colx_pqt"));
        for (String[] args : List.of(permutation("permutation", "colx"), permutation("permutation", "colx", "--replace"))) {
            CliRun.assertRefused(cli.run(args), "--name", "colx_pqt", "a relation of release 'colx_pqt'");
        }
        assertEquals(List.of("colx_pqt"), registered(settings));
        assertEquals(new TreeSet<>(List.of("colx_pqt")), relations(settings));

        // the other way round: a two-table release first, then one-table and local releases named like its tables
        ok(cli, permutation("permutation", "coly"));
        for (String name : List.of("coly_pqt", "coly_pst", "coly_partition")) {
            for (String[] args : List.of(oneTable(name), oneTable(name, "--replace", "--materialize"), local(name))) {
                CliRun.Result r = cli.run(args);
                if (name.equals("coly_partition")) {
                    // not in KANON_RELEASE: a one-table release of that name is no clash, and is dropped again below
                    assertEquals(ExitCodes.OK, r.exitCode(), r.toString());
                    ok(cli, "release", "drop", name);
                } else {
                    CliRun.assertRefused(r, "--name", name, "a relation of release 'coly'");
                }
            }
        }
        assertEquals(List.of("colx_pqt", "coly"), registered(settings));
        assertEquals(new TreeSet<>(List.of("colx_pqt", "coly_partition", "coly_pqt", "coly_pst")), relations(settings));

        // replacing a release by one of another kind is fine: its own relations make room
        ok(cli, permutation("anatomy", "coly", "--replace"));
        assertEquals(new TreeSet<>(List.of("colx_pqt", "coly_partition", "coly_qit", "coly_st")), relations(settings));

        // and each drop removes its own release's relations only
        ok(cli, "release", "drop", "colx_pqt");
        assertEquals(new TreeSet<>(List.of("coly_partition", "coly_qit", "coly_st")), relations(settings));
        ok(cli, "release", "drop", "coly");
        assertEquals(new TreeSet<>(), relations(settings));
        assertEquals(List.of(), registered(settings));
    }
}
