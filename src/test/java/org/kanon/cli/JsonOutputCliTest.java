package org.kanon.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.io.TempDir;
import org.kanon.db.ConnectionSettings;
import org.kanon.testing.DatabaseTest;
import org.kanon.testing.PaperTables;

/** --format json on every command that prints a result: stdout is one JSON value holding the real figures. */
class JsonOutputCliTest {
    @TempDir
    Path tmp;

    private static Map<String, Object> object(CliRun cli, int exitCode, String... args) {
        CliRun.Result r = cli.run(args);
        assertEquals(exitCode, r.exitCode(), r.toString());
        assertEquals("", r.err(), "nothing on stderr either");
        return CliRun.jsonObject(r);
    }

    private static Map<String, Object> ok(CliRun cli, String... args) {
        return object(cli, ExitCodes.OK, args);
    }

    private static Map<?, ?> map(Object o) {
        return (Map<?, ?>) o;
    }

    private static String lower(Object o) {
        return String.valueOf(o).toLowerCase(java.util.Locale.ROOT);
    }

    @DatabaseTest
    @DisplayName("Patients (Incognito Fig. 1): import, hierarchy import/build/list, check, release, list, show, export, drop as JSON")
    void everyCommandPrintsOneJsonValue(ConnectionSettings settings) throws Exception {
        CliRun cli = new CliRun(settings);
        Map<String, Object> imported = ok(cli, "import", PaperTables.PATIENTS_CSV.toString(), "--table", "patients", "--format", "json");
        assertEquals(6L, imported.get("rows"));
        assertTrue(lower(imported.get("table")).endsWith("patients"), imported.toString());
        assertEquals(",", imported.get("separator"));
        assertEquals(List.of("birthdate", "sex", "zipcode", "disease"),
                ((List<?>) imported.get("columns")).stream().map(c -> lower(map(c).get("name"))).toList());

        Map<String, Object> bound = ok(cli, "hierarchy", "import", "--table", "patients", "--dir", PaperTables.PAPERS.toString(),
                "--prefix", PaperTables.PATIENTS_PREFIX, "--format", "json");
        List<?> dims = (List<?>) bound.get("bound");
        assertEquals(3, dims.size(), bound.toString());
        Map<?, ?> zip = dims.stream().map(JsonOutputCliTest::map).filter(d -> lower(d.get("column")).equals("zipcode")).findFirst().orElseThrow();
        assertEquals(2L, zip.get("height"));
        assertEquals(4L, zip.get("values"), "the leaves of the Figure 2 hierarchy file");
        assertEquals(List.of(), bound.get("skipped"));

        Map<String, Object> built = ok(cli, "hierarchy", "build", "--table", "patients", "--column", "disease", "--spec", "suppress", "--format", "json");
        Map<?, ?> disease = map(((List<?>) built.get("bound")).get(0));
        assertEquals(1L, disease.get("height"));
        assertEquals(6L, disease.get("values"));

        CliRun.Result list = cli.run("hierarchy", "list", "--table", "patients", "--format", "json");
        assertEquals(4, CliRun.jsonArray(list).size(), list.toString());

        Map<String, Object> no = object(cli, ExitCodes.NOT_MET, "check", "--table", "patients", "--qi", "sex,zipcode", "--k", "2", "--format", "json");
        assertEquals(false, no.get("satisfied"));
        assertEquals(4L, no.get("classes"), "(M,53715) (F,53715) (M,53703) (F,53706)");
        assertEquals(1L, no.get("smallestClass"));
        assertEquals(2L, no.get("rowsBelowK"));
        Map<String, Object> yes = ok(cli, "check", "--table", "patients", "--qi", "sex,zipcode", "--k", "2", "--levels", "1,0", "--format", "json");
        assertEquals(true, yes.get("satisfied"));
        assertEquals("1,0", yes.get("levels"));
        assertEquals(3L, yes.get("classes"));
        assertEquals("2-anonymity", yes.get("model"));

        Map<String, Object> refused = object(cli, ExitCodes.NOT_MET, "release", "--table", "patients", "--qi", "sex,zipcode", "--levels", "0,0",
                "--k", "2", "--name", "p0", "--format", "json");
        assertEquals(false, refused.get("released"));
        assertEquals(2L, refused.get("rowsBelowK"));
        Map<String, Object> released = ok(cli, "release", "--table", "patients", "--qi", "sex,zipcode", "--levels", "1,0", "--k", "2",
                "--name", "p2", "--format", "json");
        assertEquals(true, released.get("released"));
        Map<?, ?> release = map(released.get("release"));
        assertEquals("p2", release.get("name"));
        assertEquals(6L, release.get("rowsOut"));
        assertEquals(3L, release.get("classes"));

        CliRun.Result releases = cli.run("release", "list", "--format", "json");
        assertEquals(List.of("p2"), CliRun.jsonArray(releases).stream().map(r -> r.get("name")).toList());
        Map<String, Object> show = ok(cli, "release", "show", "p2", "--format", "json");
        assertEquals(2L, show.get("k"));
        assertEquals("1,0", show.get("levels"));
        assertTrue(lower(show.get("recheckSql")).contains("having count(*) < 2"), show.toString());

        Path csv = tmp.resolve("p2.csv");
        Map<String, Object> exported = ok(cli, "export", "p2", "--csv", csv.toString(), "--format", "json");
        assertEquals(6L, exported.get("rows"));
        assertEquals(csv.toString(), exported.get("file"));
        assertEquals(7, Files.readAllLines(csv).size());

        Map<String, Object> dropped = ok(cli, "release", "drop", "p2", "--format", "json");
        assertEquals("p2", dropped.get("dropped"));
        assertEquals(0, CliRun.jsonArray(cli.run("release", "list", "--format", "json")).size());
        CliRun.assertRefused(cli.run("release", "list", "--format", "yaml"), "--format", "text or json", "yaml");
    }

    @DatabaseTest
    @DisplayName("anonymize --format json for the local recodings, the approximation and Anatomy: figures and the release in one object")
    void anonymizeEveryFamilyAsJson(ConnectionSettings settings) {
        CliRun cli = new CliRun(settings).withPaperTable("incognito-patients", "patients", PaperTables.PATIENTS_PREFIX);
        for (String algorithm : List.of("topdown", "kaca1", "mondrian", "forest")) {
            Map<String, Object> o = ok(cli, "anonymize", "--table", "patients", "--qi", "sex,zipcode", "--k", "2", "--algorithm", algorithm,
                    "--name", "p_" + algorithm, "--format", "json");
            assertEquals(algorithm.equals("topdown") ? "top-down" : algorithm, o.get("algorithm"), o.toString());
            assertEquals("2-anonymity", o.get("model"));
            Map<?, ?> stats = map(o.get("stats"));
            assertEquals(6L, stats.get("rows"), algorithm + ": " + o);
            assertTrue((Long) stats.get("smallestClass") >= 2, algorithm + ": " + o);
            assertEquals(true, o.get("released"));
            assertEquals("p_" + algorithm, map(o.get("release")).get("name"));
            assertEquals(6L, map(o.get("release")).get("rowsOut"));
        }
        Map<String, Object> searched = ok(cli, "anonymize", "--table", "patients", "--qi", "sex,zipcode", "--k", "2", "--algorithm", "mondrian",
                "--format", "json");
        assertEquals(false, searched.get("released"));
        assertEquals(null, searched.get("release"));

        Map<String, Object> anatomy = ok(cli, "anonymize", "--table", "patients", "--qi", "sex,zipcode", "--sensitive", "disease", "--l", "2",
                "--algorithm", "anatomy", "--no-preprocess", "--seed", "1", "--name", "p_an", "--format", "json");
        assertEquals(3L, map(anatomy.get("stats")).get("groups"), "Algorithm 1 alone: floor(6 / 2) groups");
        assertEquals(3L, map(anatomy.get("release")).get("classes"));
        assertNotNull(map(anatomy.get("release")).get("sensitiveRelation"));

    }
}
