package org.kanon.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.kanon.db.Database;
import org.kanon.local.GroupLoader;
import org.kanon.local.GroupedTable;
import org.kanon.local.LocalClass;
import org.kanon.local.LocalRecoding;
import org.kanon.local.LocalRecodingResult;
import org.kanon.local.RecodedTable;
import org.kanon.privacy.PrivacyModel;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;

/**
 * A local recoding written down by hand, as the papers print their example views: classes at given levels holding
 * rows named by their raw QI values. It is a {@link LocalRecodingResult}, so the local release writer publishes it
 * like any algorithm's result.
 */
public record HandRecoding(SourceTable source, List<Column> qis, PrivacyModel model, LocalRecoding recoding)
        implements LocalRecodingResult {

    @Override
    public RecodedTable recoded() {
        return recoding;
    }

    /** {@code count} rows whose QI values read {@code raw} (in QI order). */
    public record Rows(long count, String... raw) {
    }

    public static Rows rows(long count, String... raw) {
        return new Rows(count, raw);
    }

    public static Builder on(Database db, SourceTable source, List<String> qiNames, PrivacyModel model) {
        List<Column> qis = source.columns(qiNames);
        return new Builder(source, qis, model, new GroupLoader(db).load(source, qis, model.sensitive()));
    }

    public static final class Builder {
        private final SourceTable source;
        private final List<Column> qis;
        private final PrivacyModel model;
        private final GroupedTable table;
        private final List<LocalClass> classes = new ArrayList<>();

        private Builder(SourceTable source, List<Column> qis, PrivacyModel model, GroupedTable table) {
            this.source = source;
            this.qis = qis;
            this.model = model;
            this.table = table;
        }

        public GroupedTable table() {
            return table;
        }

        /** One class at these levels (one per QI) holding these rows. */
        public Builder add(int[] levels, Rows... rows) {
            int[] groups = new int[rows.length];
            long[] counts = new long[rows.length];
            for (int i = 0; i < rows.length; i++) {
                groups[i] = group(rows[i].raw());
                counts[i] = rows[i].count();
            }
            classes.add(LocalClass.of(levels, groups, counts));
            return this;
        }

        public HandRecoding build() {
            return new HandRecoding(source, qis, model, LocalRecoding.of(table, classes));
        }

        /** The one group whose raw QI values read {@code raw}; the tests have no sensitive attribute to split it. */
        private int group(String[] raw) {
            Optional<Integer> found = Optional.empty();
            for (int g = 0; g < table.groupCount(); g++) {
                List<String> values = table.group(g).raw().stream().map(String::valueOf).toList();
                if (values.equals(List.of(raw))) {
                    if (found.isPresent()) {
                        throw new IllegalArgumentException("several groups read " + List.of(raw));
                    }
                    found = Optional.of(g);
                }
            }
            return found.orElseThrow(() -> new IllegalArgumentException("no group reads " + List.of(raw)));
        }
    }
}
