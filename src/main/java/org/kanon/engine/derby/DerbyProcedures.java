package org.kanon.engine.derby;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Query;
import org.kanon.db.dialect.DerbyProfile;
import org.jooq.conf.RenderQuotedNames;
import org.jooq.conf.Settings;
import org.jooq.impl.DSL;
import org.kanon.InvalidInputException;
import org.kanon.db.ConnectionSettings;
import org.kanon.db.Database;
import org.kanon.db.Varchars;
import org.kanon.engine.OptionLists;
import org.kanon.engine.SpecAnonymizer;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.verify.ReleaseVerification;
import org.kanon.verify.Violation;
import org.kanon.release.ReleaseRegister;
import org.kanon.workflow.SpecRunner;
import org.kanon.workflow.SpecStore;

/**
 * The engine as Java procedures of an embedded Derby database (declared by migrations/derby/V5, renamed by V10): {@code CALL
 * KANON.RUN_SPEC('name')}, {@code CALL KANON.CHECK_K('table', 'a,b,c', k)}, {@code CALL KANON.VERIFY_RELEASE('name')},
 * {@code CALL KANON.DROP_RELEASE('name')}.
 * The engine works through its own pool attached to the caller's database (its releases commit on their own, as
 * with {@code kanon run}); each procedure answers with a result set made on the caller's connection.
 */
public final class DerbyProcedures {
    private static final String CALLER = "jdbc:default:connection";
    private static final Settings QUOTED = new Settings().withRenderQuotedNames(RenderQuotedNames.EXPLICIT_DEFAULT_QUOTED);

    private DerbyProcedures() {
    }

    /** Runs a spec; one row: RUN_ID, STATUS (RELEASED, NOT_MET, FAILED), RELEASE_NAME, ERROR. */
    public static void runSpec(String specName, ResultSet[] result) throws SQLException {
        requireArgument("RUN_SPEC(spec_name)", "spec_name", specName);
        Connection caller = DriverManager.getConnection(CALLER);
        SpecRunner.Outcome o;
        try (Database db = attach(caller)) {
            o = new SpecRunner(db, new SpecAnonymizer()).run(new SpecStore(db).require(specName), false, null, "CALL KANON.RUN_SPEC");
        } catch (InvalidInputException e) {
            throw new SQLException("kanon: " + e.getMessage(), "38KAN");
        }
        result[0] = rows(caller, List.of("RUN_ID", "STATUS", "RELEASE_NAME", "ERROR"), List.of(12, 10, 128, 4000),
                List.of(List.of(Long.toString(o.runId()), o.status(), String.valueOf(o.releaseName()), String.valueOf(o.error()))));
    }

    /**
     * k-anonymity of a table as it is; one row: ANONYMOUS (YES/NO), CLASSES, SMALLEST_CLASS, ROWS_IN_SMALL_CLASSES.
     * {@code k} is an Integer, not an int: Derby refuses a NULL for a primitive parameter before entering the method
     * and leaves the caller's session unusable for every later statement (XJ001 / 38001), a Derby defect.
     */
    public static void checkK(String table, String quasiIdentifiers, Integer k, ResultSet[] result) throws SQLException {
        String call = "CHECK_K(table, quasi_identifiers, k)";
        requireArgument(call, "table", table);
        requireArgument(call, "quasi_identifiers", quasiIdentifiers);
        requireArgument(call, "k", k);
        Connection caller = DriverManager.getConnection(CALLER);
        Query query;
        try (Database db = attach(caller)) {
            SourceTable source = new TableResolver(db).resolve(table);
            List<Field<?>> qis = new ArrayList<>();
            for (String name : OptionLists.names("quasi_identifiers", quasiIdentifiers)) {
                Column c = source.column(name);
                qis.add(DSL.field(DSL.name(c.name())));
            }
            if (k < 1) {
                throw new InvalidInputException("k must be at least 1, got " + k);
            }
            DSLContext ctx = DSL.using(DerbyProfile.INSTANCE.dialect(), QUOTED);
            Field<Integer> n = DSL.field(DSL.name("N"), Integer.class);
            var classes = DSL.select(DSL.count().as("N")).from(source.table()).groupBy(qis).asTable("G");
            Field<Long> small = DSL.sum(DSL.when(n.lt(k), n).otherwise(0)).cast(Long.class);
            query = ctx.select(DSL.when(DSL.min(n).ge(k).or(DSL.count().eq(0)), "YES").otherwise("NO").as("ANONYMOUS"),
                    DSL.count().as("CLASSES"), DSL.min(n).as("SMALLEST_CLASS"), DSL.coalesce(small, 0L).as("ROWS_IN_SMALL_CLASSES"))
                    .from(classes);
        } catch (InvalidInputException e) {
            throw new SQLException("kanon: " + e.getMessage(), "38KAN");
        }
        result[0] = prepare(caller, query).executeQuery();
    }

    /** Verifies a release like {@code kanon verify}; first row VERDICT, then one row per violation (CHECK_NAME, DETAIL). */
    public static void verifyRelease(String releaseName, ResultSet[] result) throws SQLException {
        requireArgument("VERIFY_RELEASE(release_name)", "release_name", releaseName);
        Connection caller = DriverManager.getConnection(CALLER);
        List<List<String>> rows = new ArrayList<>();
        try (Database db = attach(caller)) {
            List<Violation> found = new ReleaseVerification(db).verify(new ReleaseRegister(db).require(releaseName), 20);
            rows.add(List.of("verdict", found.isEmpty() ? "verified" : "NOT verified: " + found.stream().mapToLong(Violation::count).sum() + " violation(s)"));
            for (Violation v : found) {
                rows.add(List.of(v.check(), v.detail()));
            }
        } catch (InvalidInputException e) {
            throw new SQLException("kanon: " + e.getMessage(), "38KAN");
        }
        result[0] = rows(caller, List.of("CHECK_NAME", "DETAIL"), List.of(20, 4000), rows);
    }

    /** Drops a release like {@code kanon release drop}; one row: RELEASE_NAME, RELATION. */
    public static void dropRelease(String releaseName, ResultSet[] result) throws SQLException {
        requireArgument("DROP_RELEASE(release_name)", "release_name", releaseName);
        Connection caller = DriverManager.getConnection(CALLER);
        org.kanon.release.ReleaseRecord dropped;
        try (Database db = attach(caller)) {
            dropped = new ReleaseRegister(db).drop(releaseName);
        } catch (InvalidInputException e) {
            throw new SQLException("kanon: " + e.getMessage(), "38KAN");
        }
        result[0] = rows(caller, List.of("RELEASE_NAME", "RELATION"), List.of(128, 257), List.of(List.of(dropped.name(), dropped.relation())));
    }

    /** A NULL argument is refused before any work, with the SQL error every bad argument gets. */
    private static void requireArgument(String call, String parameter, Object value) throws SQLException {
        if (value == null) {
            throw new SQLException("kanon: " + call + ": " + parameter + " is NULL", "38KAN");
        }
    }

    private static Database attach(Connection caller) throws SQLException {
        String url = caller.getMetaData().getURL();
        String user = caller.getMetaData().getUserName();
        return Database.attach(new ConnectionSettings(url, user, null));
    }

    /** A result set of text columns (of these widths) on the caller's connection: a VALUES list. */
    private static ResultSet rows(Connection caller, List<String> columns, List<Integer> widths, List<List<String>> rows) throws SQLException {
        DSLContext ctx = DSL.using(DerbyProfile.INSTANCE.dialect(), QUOTED);
        List<org.jooq.Row> values = new ArrayList<>();
        for (List<String> row : rows) {
            List<Field<?>> cells = new ArrayList<>();
            for (int i = 0; i < row.size(); i++) {
                cells.add(DSL.val(Varchars.fit(row.get(i), widths.get(i)), String.class).cast(org.jooq.impl.SQLDataType.VARCHAR(widths.get(i))));
            }
            values.add(DSL.row(cells));
        }
        String[] names = columns.toArray(String[]::new);
        return prepare(caller, ctx.selectFrom(DSL.values(values.toArray(org.jooq.RowN[]::new)).as("V", names))).executeQuery();
    }

    private static PreparedStatement prepare(Connection caller, Query query) throws SQLException {
        PreparedStatement ps = caller.prepareStatement(query.getSQL());
        List<Object> binds = query.getBindValues();
        for (int i = 0; i < binds.size(); i++) {
            ps.setObject(i + 1, binds.get(i));
        }
        return ps;
    }
}
