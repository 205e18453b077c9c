package org.kanon.local;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.kanon.InvalidInputException;
import org.kanon.db.Database;
import org.kanon.frequency.SourceIntegrity;
import org.kanon.frequency.StarSchema;
import org.kanon.privacy.SensitiveAttribute;
import org.kanon.progress.Progress;
import org.kanon.progress.Step;
import org.kanon.schema.Column;
import org.kanon.schema.ColumnTypes;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TextValues;
import org.kanon.schema.hierarchy.Dimension;
import org.kanon.schema.hierarchy.HierarchyCatalog;

/**
 * Reads what Top-Down needs from the database: one {@code GROUP BY} over the source (raw QI values, the sensitive
 * value as text, {@code COUNT(*)}), so raw rows never leave the database, and every bound hierarchy's dimension
 * table (value -> labels L0..Lh). A QI without a hierarchy has height 0: its only label is its value.
 */
public final class GroupLoader {
    static final String SENSITIVE_ALIAS = "kanon s";
    private static final String COUNT_ALIAS = "kanon n";

    private final Database db;
    private final Progress progress;

    public GroupLoader(Database db) {
        this(db, Progress.NONE);
    }

    /** The GROUP BY, one statement, is a step of {@code progress} that shows only how long it runs. */
    public GroupLoader(Database db, Progress progress) {
        this.db = db;
        this.progress = Progress.orNone(progress);
    }

    public GroupedTable load(SourceTable source, List<Column> qis, Optional<SensitiveAttribute> sensitive) {
        try (Step grouping = progress.start("grouping the source", Progress.UNKNOWN)) {
            return group(source, qis, sensitive);
        }
    }

    private GroupedTable group(SourceTable source, List<Column> qis, Optional<SensitiveAttribute> sensitive) {
        Optional<Column> sColumn = sensitive.map(s -> source.column(s.column()));
        if (sColumn.isPresent() && qis.contains(sColumn.get())) {
            throw new InvalidInputException("--sensitive: " + sColumn.get().name() + " is also a quasi-identifier");
        }
        // grouped as the database compares, the groups would hold 'male' under the leaf Male (MariaDB's default
        // collations); the release's writer, matching rows as written, then found no group for such a row
        new SourceIntegrity(db.dsl()).requireExactLeaves(
                StarSchema.of(source, qis.stream().map(Column::name).toList(), new HierarchyCatalog(db)));
        List<Field<?>> inner = new ArrayList<>();
        List<Field<?>> outer = new ArrayList<>();
        for (int i = 0; i < qis.size(); i++) {
            inner.add(DSL.field(DSL.name("f", qis.get(i).name())).as(DSL.name(qAlias(i))));
            outer.add(DSL.field(DSL.name("x", qAlias(i))));
        }
        inner.add(sColumn.isPresent()
                ? TextValues.of(DSL.field(DSL.name("f", sColumn.get().name())), sColumn.get(), db.dialect()).as(DSL.name(SENSITIVE_ALIAS))
                : DSL.inline((String) null).as(DSL.name(SENSITIVE_ALIAS)));
        Field<?> s = DSL.field(DSL.name("x", SENSITIVE_ALIAS));
        List<Field<?>> groupBy = new ArrayList<>(outer);
        if (sColumn.isPresent()) {
            groupBy.add(s);
        }
        Table<?> x = db.dsl().select(inner).from(source.table("f")).asTable(DSL.name("x"));
        List<Field<?>> select = new ArrayList<>(groupBy);
        select.add(DSL.count().as(DSL.name(COUNT_ALIAS)));
        List<GroupedTable.Group> groups = new ArrayList<>();
        List<Map<Object, List<String>>> observed = new ArrayList<>();
        for (int i = 0; i < qis.size(); i++) {
            observed.add(new HashMap<>());
        }
        for (Record r : db.dsl().select(select).from(x).groupBy(groupBy).fetch()) {
            List<Object> raw = new ArrayList<>();
            for (int i = 0; i < qis.size(); i++) {
                Object v = r.get(i);
                Object key = ColumnTypes.normalize(v);
                raw.add(key);
                observed.get(i).putIfAbsent(key, Arrays.asList(v == null ? null : String.valueOf(v)));
            }
            String sv = sColumn.isPresent() ? r.get(qis.size(), String.class) : null;
            groups.add(new GroupedTable.Group(raw, sv, r.get(select.size() - 1, Long.class)));
        }
        HierarchyCatalog catalog = new HierarchyCatalog(db);
        List<GroupedTable.Qi> qiList = new ArrayList<>();
        for (int i = 0; i < qis.size(); i++) {
            Column c = qis.get(i);
            Optional<Dimension> d = catalog.find(source, c);
            qiList.add(d.isPresent()
                    ? new GroupedTable.Qi(c.name(), d.get().height(), labels(d.get()))
                    : new GroupedTable.Qi(c.name(), 0, observed.get(i)));
        }
        return GroupedTable.of(qiList, groups, sensitive);
    }

    /** The dimension table as value -> [L0, .., Lh], keyed like the grouped values. */
    private Map<Object, List<String>> labels(Dimension d) {
        List<Field<?>> fields = new ArrayList<>();
        fields.add(d.key("d"));
        for (int l = 0; l <= d.height(); l++) {
            fields.add(d.level("d", l));
        }
        Map<Object, List<String>> result = new HashMap<>();
        for (Record r : db.dsl().select(fields).from(d.table("d")).fetch()) {
            List<String> path = new ArrayList<>();
            for (int l = 0; l <= d.height(); l++) {
                path.add(r.get(l + 1, String.class));
            }
            result.put(ColumnTypes.normalize(r.get(0)), path);
        }
        return result;
    }

    static String qAlias(int i) {
        return "kanon q" + (i + 1);
    }
}
