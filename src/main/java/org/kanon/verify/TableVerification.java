package org.kanon.verify;

import java.util.ArrayList;
import java.util.List;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.impl.DSL;
import org.kanon.db.Database;
import org.kanon.schema.Column;
import org.kanon.schema.SourceTable;

/**
 * k-anonymity of any table, registered or not (one released by another tool): every class of the QI columns holds
 * at least k rows; rows whose QI cells are all {@code *} are suppressed rows, not a class (the miscount other tools'
 * checkers made).
 */
public final class TableVerification {
    private TableVerification() {
    }

    public static List<Violation> verify(Database db, SourceTable table, List<Column> qis, int k, int limit) {
        List<Field<?>> fields = new ArrayList<>();
        for (Column c : qis) {
            fields.add(DSL.field(DSL.name(c.name())));
        }
        List<Field<?>> select = new ArrayList<>(fields);
        select.add(DSL.count().as(DSL.name("n")));
        List<Violation> found = new ArrayList<>();
        long small = 0;
        for (Record row : db.dsl().select(select).from(table.table()).groupBy(fields).having(DSL.count().lt(k)).fetch()) {
            boolean allStars = true;
            for (int i = 0; i < qis.size(); i++) {
                allStars &= "*".equals(String.valueOf(row.get(i)));
            }
            if (allStars) {
                continue;
            }
            if (small++ < limit) {
                found.add(new Violation("class", row.intoList().subList(0, qis.size()) + " holds " + row.get("n") + " row(s), below k = " + k));
            }
        }
        if (small > limit) {
            found.add(Violation.more("class", small - limit, "class(es) below k"));
        }
        return found;
    }
}
