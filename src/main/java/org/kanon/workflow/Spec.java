package org.kanon.workflow;

import java.util.List;
import java.util.Objects;

/**
 * A release specification as the catalog's SPECS table holds it: what to publish (a table, or a SELECT over several
 * tables), under which model, by which algorithm, and under which name. Optional parts are {@code null}.
 *
 * @param options further {@code kanon anonymize} options as text, e.g. {@code --executor memory} (only options of the spec's algorithm)
 * @param hierarchies which bound hierarchy each column takes (needed for a query source)
 */
public record Spec(String name, String sourceTable, String sourceQuery, String quasiIdentifiers, String identifying,
                   int k, String alpha, Integer l, String diversity, String sensitiveAttribute, String sensitiveValue,
                   String suppression, String algorithm, String selectCriterion, String options, String targetKind,
                   String releaseName, String description, List<HierarchyBinding> hierarchies) {

    /** Column {@code column} of the spec's source takes the hierarchy bound to {@code table.tableColumn}. */
    public record HierarchyBinding(String column, String table, String tableColumn) {
        public HierarchyBinding {
            Objects.requireNonNull(column, "column");
            Objects.requireNonNull(table, "table");
            Objects.requireNonNull(tableColumn, "tableColumn");
        }

        /** {@code column=table.tableColumn}, the form of spec files and {@code kanon spec create --hierarchy}. */
        @Override
        public String toString() {
            return column + "=" + table + "." + tableColumn;
        }
    }

    /** The select criterion of a spec that names none (the anonymize command's default). */
    public static final String DEFAULT_SELECT = "height";

    public Spec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(quasiIdentifiers, "quasiIdentifiers");
        Objects.requireNonNull(releaseName, "releaseName");
        suppression = suppression == null ? "0" : suppression;
        algorithm = algorithm == null ? "incognito" : algorithm;
        selectCriterion = selectCriterion == null ? DEFAULT_SELECT : selectCriterion;
        targetKind = targetKind == null ? "VIEW" : targetKind;
        hierarchies = hierarchies == null ? List.of() : List.copyOf(hierarchies);
    }

    public boolean fromQuery() {
        return sourceQuery != null;
    }

    public boolean materialized() {
        return "TABLE".equalsIgnoreCase(targetKind);
    }
}
