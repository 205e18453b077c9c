package org.kanon.evaluation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.impl.DSL;
import org.kanon.db.Database;
import org.kanon.db.dialect.DatabaseProfile;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TextValues;

/**
 * The original table a workload is drawn from and answered on exactly: its QI columns in the release's order with
 * their domains, the sensitive column with its values (as text, as the releases hold them), and its classes over
 * those columns with their counts, read in one scan: {@code SELECT qis, s, COUNT(*) FROM original GROUP BY ..}. Text
 * is grouped as written (the profile's {@link DatabaseProfile#exactText}: Derby's blank padding and MariaDB's
 * case-blind collations would merge values a reader tells apart), so the domains, the exact answers and the
 * estimates from a release all compare values one way.
 */
public final class OriginalTable {
    /** Rows sharing their QI values (normalized by {@link Values}) and sensitive value. */
    private record RowClass(Object[] values, long count) {
    }

    private final SourceTable table;
    private final List<Column> qis;
    private final Column sensitive;
    private final List<AttributeDomain> domains;
    private final List<String> sensitiveValues;
    /** The classes by sensitive value (a query names one). */
    private final Map<String, List<RowClass>> classes;

    private OriginalTable(SourceTable table, List<Column> qis, Column sensitive, List<AttributeDomain> domains,
                          List<String> sensitiveValues, Map<String, List<RowClass>> classes) {
        this.table = table;
        this.qis = List.copyOf(qis);
        this.sensitive = sensitive;
        this.domains = List.copyOf(domains);
        this.sensitiveValues = List.copyOf(sensitiveValues);
        this.classes = Map.copyOf(classes);
    }

    /** Reads the classes of the QI columns and the sensitive column, and from them the domains and sensitive values. */
    public static OriginalTable load(Database db, SourceTable table, List<String> qiNames, String sensitiveName) {
        DatabaseProfile profile = db.profile();
        List<Column> qis = table.columns(qiNames);
        Column sensitive = table.column(sensitiveName);
        List<Field<?>> select = new ArrayList<>();
        List<Field<?>> groupBy = new ArrayList<>();
        for (Column c : qis) {
            Field<Object> f = DSL.field(DSL.name(c.name()));
            select.add(f);
            groupBy.add(f);
            if (!c.isNumeric()) {
                groupBy.add(profile.exactText(f));
            }
        }
        Field<String> s = TextValues.of(DSL.field(DSL.name(sensitive.name())), sensitive, db.dialect());
        select.add(s);
        groupBy.add(s);
        groupBy.add(profile.exactText(s));
        select.add(DSL.count());

        List<Map<Object, Object>> rawByValue = new ArrayList<>();
        qis.forEach(c -> rawByValue.add(new LinkedHashMap<>()));
        Map<String, List<RowClass>> classes = new HashMap<>();
        for (Record r : db.dsl().select(select).from(table.table()).groupBy(groupBy).fetch()) {
            Object[] values = new Object[qis.size()];
            for (int i = 0; i < values.length; i++) {
                Object raw = r.get(i);
                values[i] = Values.of(raw, qis.get(i).isNumeric());
                if (values[i] != null) {
                    rawByValue.get(i).putIfAbsent(values[i], raw);
                }
            }
            String v = r.get(qis.size(), String.class);
            if (v != null) {
                classes.computeIfAbsent(v, x -> new ArrayList<>()).add(new RowClass(values, r.get(qis.size() + 1, Long.class)));
            }
        }
        List<AttributeDomain> domains = new ArrayList<>();
        for (int i = 0; i < qis.size(); i++) {
            domains.add(new AttributeDomain(qis.get(i), List.copyOf(rawByValue.get(i).values())));
        }
        return new OriginalTable(table, qis, sensitive, domains, new ArrayList<>(new TreeSet<>(classes.keySet())), classes);
    }

    public SourceTable table() {
        return table;
    }

    public List<Column> qis() {
        return qis;
    }

    public Column sensitive() {
        return sensitive;
    }

    public List<AttributeDomain> domains() {
        return domains;
    }

    /** The sensitive column's values, as text, in text order. */
    public List<String> sensitiveValues() {
        return sensitiveValues;
    }

    /** The exact answer: the rows whose sensitive value is the query's and whose QI values lie in its ranges. */
    public long count(CountQuery query) {
        long count = 0;
        for (RowClass c : classes.getOrDefault(query.sensitiveValue(), List.of())) {
            if (inRanges(query, c.values())) {
                count += c.count();
            }
        }
        return count;
    }

    private static boolean inRanges(CountQuery query, Object[] values) {
        for (Interval b : query.ranges()) {
            if (!b.contains(values[b.attribute()])) {
                return false;
            }
        }
        return true;
    }
}
