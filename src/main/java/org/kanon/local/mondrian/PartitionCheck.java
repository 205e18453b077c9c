package org.kanon.local.mondrian;

import java.util.Optional;
import org.kanon.local.GroupedTable;
import org.kanon.privacy.ClassDetail;
import org.kanon.privacy.ClassStatistics;
import org.kanon.privacy.PrivacyModel;
import org.kanon.privacy.Requirement;

/**
 * Asks the privacy model about a set of groups as one class: the figures of {@link ClassStatistics} summed over the
 * groups' rows and sensitive values. Under k-anonymity only the size is counted; otherwise the counts per sensitive
 * value go into one scratch array that is cleared after each question, so a check costs O(groups).
 */
final class PartitionCheck {
    private final GroupedTable table;
    private final PrivacyModel model;
    private final boolean[] inSensitiveClass;
    private final long[] scratch;
    private final Optional<Requirement.Bound> requirement;

    PartitionCheck(GroupedTable table, PrivacyModel model, Optional<Requirement.Bound> requirement) {
        this.table = table;
        this.model = model;
        this.requirement = requirement;
        this.inSensitiveClass = new boolean[table.sensitiveValueCount()];
        model.sensitive().ifPresent(s -> {
            for (int code = 0; code < inSensitiveClass.length; code++) {
                String v = table.sensitiveText(code);
                inSensitiveClass[code] = v != null && s.inSensitiveClass(v);
            }
        });
        this.scratch = new long[table.sensitiveValueCount()];
    }

    PrivacyModel model() {
        return model;
    }

    boolean accepts(int[] groups) {
        if (requirement.isPresent()) {
            return requirement.get().accepts(detail(groups));
        }
        return model.accepts(statistics(groups));
    }

    /** Refuses a model that the whole table, as one partition, fails. */
    void checkFeasible(int[] all, String tableName) {
        if (requirement.isPresent()) {
            requirement.get().checkFeasible(detail(all), tableName);
        } else {
            model.checkFeasible(statistics(all), tableName);
        }
    }

    /** The groups as one class for a requirement; read before the next question, which reuses the histogram. */
    private ClassDetail detail(int[] groups) {
        java.util.Arrays.fill(scratch, 0);
        long size = 0;
        for (int g : groups) {
            long count = table.group(g).count();
            scratch[table.sensitiveCode(g)] += count;
            size += count;
        }
        return new ClassDetail(size, -1, new long[][] {scratch});
    }

    ClassStatistics statistics(int[] groups) {
        long size = 0;
        for (int g : groups) {
            size += table.group(g).count();
        }
        if (model.sensitive().isEmpty()) {
            return ClassStatistics.ofSize(size);
        }
        long sensitiveRows = 0;
        long largest = 0;
        long distinct = 0;
        for (int g : groups) {
            int code = table.sensitiveCode(g);
            long count = table.group(g).count();
            if (scratch[code] == 0) {
                distinct++;
            }
            scratch[code] += count;
            largest = Math.max(largest, scratch[code]);
            if (inSensitiveClass[code]) {
                sensitiveRows += count;
            }
        }
        for (int g : groups) {
            scratch[table.sensitiveCode(g)] = 0;
        }
        return new ClassStatistics(size, sensitiveRows, largest, distinct);
    }
}
