package org.kanon.verify;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.kanon.db.Database;
import org.kanon.privacy.ClassDetail;
import org.kanon.privacy.Domain;
import org.kanon.privacy.Requirement;
import org.kanon.schema.Column;
import org.kanon.schema.ColumnTypes;
import org.kanon.schema.SourceTable;
import org.kanon.schema.TableResolver;
import org.kanon.schema.TextValues;
import org.kanon.schema.hierarchy.Dimension;
import org.kanon.schema.hierarchy.DimensionTableReader;
import org.kanon.schema.hierarchy.Hierarchy;
import org.kanon.schema.hierarchy.HierarchyCatalog;

/**
 * The classes of a full-domain release under its {@link Requirement}, read in Java from the released relation: each
 * class's rows per value of each sensitive column, and, for a population criterion, the population's rows generalized
 * here by the dimension tables at the registered levels (not by the SQL the re-check runs), so a class of the
 * population that the release lacks is there too; with the requirement bound to the release's own distributions.
 * {@code kanon verify} judges them, {@code kanon risk} reports each criterion's extreme figure over them.
 */
public final class RequirementClasses {
    private final Database db;

    public RequirementClasses(Database db) {
        this.db = db;
    }

    /** The classes (QI values as text) with their figures, and the requirement bound to the release. */
    public record Read(Map<List<String>, ClassDetail> classes, Requirement.Bound bound) {
    }

    /** Every class failing the requirement, the first {@code limit} of them. */
    List<Violation> verify(String relationSchema, String relationName, SourceTable source, List<Column> qis, int[] levels,
                           Requirement requirement, int limit) {
        Read read = read(relationSchema, relationName, source, qis, levels, requirement);
        List<Violation> found = new ArrayList<>();
        int failing = 0;
        for (Map.Entry<List<String>, ClassDetail> e : read.classes().entrySet()) {
            String failure = read.bound().failure(e.getValue());
            if (failure != null && failing++ < limit) {
                found.add(new Violation("class", e.getKey() + " " + failure));
            }
        }
        if (failing > limit) {
            found.add(Violation.more("class", failing - limit, "class(es) fail " + requirement));
        }
        return found;
    }

    public Read read(String relationSchema, String relationName, SourceTable source, List<Column> qis, int[] levels,
                     Requirement requirement) {
        DSLContext ctx = db.dsl();
        Table<?> released = DSL.table(DSL.name(relationSchema, relationName));
        List<Column> sensitive = new ArrayList<>();
        for (String named : requirement.sensitiveColumns()) {
            sensitive.add(source.column(named));
        }
        List<Field<?>> select = new ArrayList<>();
        for (Column q : qis) {
            // a local recoding's QI cells are text already; a full-domain release keeps a level-0 column's type
            select.add(levels == null ? DSL.field(DSL.name(q.name())).coerce(String.class) : TextValues.of(DSL.field(DSL.name(q.name())), q, ctx.dialect()));
        }
        for (Column s : sensitive) {
            select.add(DSL.field(DSL.name(s.name())));
        }
        List<Field<?>> groups = new ArrayList<>(select);
        select.add(DSL.count());
        List<Map<Object, Integer>> codes = new ArrayList<>();
        List<List<Object>> values = new ArrayList<>();
        for (int a = 0; a < sensitive.size(); a++) {
            codes.add(new HashMap<>());
            values.add(new ArrayList<>());
        }
        record Cell(List<String> key, int[] values, long count) {
        }
        List<Cell> cells = new ArrayList<>();
        for (Record r : ctx.select(select).from(released).groupBy(groups).fetch()) {
            List<String> key = new ArrayList<>();
            for (int i = 0; i < qis.size(); i++) {
                key.add(r.get(i, String.class));
            }
            int[] v = new int[sensitive.size()];
            for (int a = 0; a < v.length; a++) {
                Object value = ColumnTypes.normalize(r.get(qis.size() + a));
                List<Object> known = values.get(a);
                v[a] = codes.get(a).computeIfAbsent(value, x -> {
                    known.add(x);
                    return known.size() - 1;
                });
            }
            cells.add(new Cell(key, v, ((Number) r.get(select.size() - 1)).longValue()));
        }
        List<Domain.SensitiveValues> domain = new ArrayList<>();
        for (int a = 0; a < sensitive.size(); a++) {
            long[] counts = new long[values.get(a).size()];
            for (Cell c : cells) {
                counts[c.values()[a]] += c.count();
            }
            String named = requirement.sensitiveColumns().get(a);
            Column column = sensitive.get(a);
            Optional<Hierarchy> h = requirement.readsSensitiveHierarchy(named)
                    ? new HierarchyCatalog(db).hierarchy(source, column)
                    : Optional.empty();
            domain.add(new Domain.SensitiveValues(named, values.get(a), counts, h));
        }
        Requirement.Bound bound = requirement.bind(new Domain(domain));
        Map<List<String>, long[][]> histograms = new LinkedHashMap<>();
        Map<List<String>, long[]> sizes = new HashMap<>(); // rows, population rows
        for (Cell c : cells) {
            long[][] h = histograms.computeIfAbsent(c.key(), x -> {
                long[][] fresh = new long[sensitive.size()][];
                for (int a = 0; a < fresh.length; a++) {
                    fresh[a] = new long[values.get(a).size()];
                }
                return fresh;
            });
            for (int a = 0; a < sensitive.size(); a++) {
                h[a][c.values()[a]] += c.count();
            }
            sizes.computeIfAbsent(c.key(), x -> new long[2])[0] += c.count();
        }
        boolean population = requirement.population().isPresent();
        if (population) {
            populate(ctx, source, qis, levels, requirement.population().get(), sizes, histograms, sensitive.size(), values);
        }
        Map<List<String>, ClassDetail> classes = new LinkedHashMap<>();
        for (Map.Entry<List<String>, long[][]> e : histograms.entrySet()) {
            long[] sz = sizes.get(e.getKey());
            classes.put(e.getKey(), new ClassDetail(sz[0], population ? sz[1] : -1, e.getValue()));
        }
        return new Read(classes, bound);
    }

    /** The population's rows per class, generalized by each QI's dimension table at its registered level. */
    private void populate(DSLContext ctx, SourceTable source, List<Column> qis, int[] levels, String table, Map<List<String>, long[]> sizes,
                          Map<List<String>, long[][]> histograms, int attributes, List<List<Object>> values) {
        SourceTable people = new TableResolver(db).resolve(table);
        HierarchyCatalog catalog = new HierarchyCatalog(db);
        List<Map<String, String>> labels = new ArrayList<>();
        List<Field<?>> select = new ArrayList<>();
        for (int i = 0; i < qis.size(); i++) {
            Column own = people.column(qis.get(i).name());
            select.add(TextValues.of(DSL.field(DSL.name(own.name())), own, ctx.dialect()));
            Map<String, String> atLevel = new HashMap<>();
            if (levels[i] > 0) {
                Dimension d = catalog.find(source, qis.get(i)).orElseThrow();
                for (List<String> row : new DimensionTableReader(db).read(d, qis.get(i).name()).rows()) {
                    atLevel.put(row.get(0), row.get(levels[i]));
                }
            }
            labels.add(atLevel);
        }
        List<Field<?>> groups = new ArrayList<>(select);
        select.add(DSL.count());
        for (Record r : ctx.select(select).from(people.table()).groupBy(groups).fetch()) {
            List<String> key = new ArrayList<>();
            for (int i = 0; i < qis.size(); i++) {
                String raw = r.get(i, String.class);
                key.add(levels[i] == 0 ? raw : labels.get(i).get(raw));
            }
            sizes.computeIfAbsent(key, x -> new long[2])[1] += ((Number) r.get(qis.size())).longValue();
            histograms.computeIfAbsent(key, x -> {
                long[][] fresh = new long[attributes][];
                for (int a = 0; a < attributes; a++) {
                    fresh[a] = new long[values.get(a).size()];
                }
                return fresh;
            });
        }
    }
}
