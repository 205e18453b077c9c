package org.kanon.local;

import org.kanon.privacy.ClassDetail;
import org.kanon.privacy.PrivacyModel;
import org.kanon.privacy.Requirement;

/**
 * The privacy model's verdict on one class of a local recoding, read from its {@link SensitiveTally}: a classic
 * model from the four figures of {@link org.kanon.privacy.ClassStatistics}, a {@link Requirement} bound to the
 * grouped table ({@link GroupedDomain}) from the class's histogram. Top-Down asks it whether a class passes, how far
 * it is from passing, and what one row more or less would change.
 */
abstract class ClassJudge {

    static ClassJudge of(PrivacyModel model) {
        return new Classic(model);
    }

    static ClassJudge of(Requirement.Bound bound) {
        return new Criteria(bound);
    }

    abstract boolean accepts(SensitiveTally t);

    /** How far the class is from passing, figure by figure (all 0 when it passes); see {@link Shortfall#improves}. */
    abstract long[] shortfall(SensitiveTally t);

    /** The shortfall with {@code rows} more rows of value {@code code}; the tally is unchanged. */
    abstract long[] shortfallWith(SensitiveTally t, int code, long rows);

    /** Whether the class passes with {@code rows} fewer rows of value {@code code}; the tally is unchanged. */
    abstract boolean acceptsWithout(SensitiveTally t, int code, long rows);

    /** Refuses a model that the whole table, as one class, fails: no recoding can meet it. */
    abstract void checkFeasible(SensitiveTally whole, String table);

    /** The model in words, for messages. */
    abstract String model();

    private static final class Classic extends ClassJudge {
        private final PrivacyModel model;

        Classic(PrivacyModel model) {
            this.model = model;
        }

        @Override
        boolean accepts(SensitiveTally t) {
            return model.accepts(t.statistics());
        }

        @Override
        long[] shortfall(SensitiveTally t) {
            return model.shortfall(t.statistics());
        }

        @Override
        long[] shortfallWith(SensitiveTally t, int code, long rows) {
            return model.shortfall(t.statisticsWith(code, rows));
        }

        @Override
        boolean acceptsWithout(SensitiveTally t, int code, long rows) {
            return model.accepts(t.statisticsWithout(code, rows));
        }

        @Override
        void checkFeasible(SensitiveTally whole, String table) {
            model.checkFeasible(whole.statistics(), table);
        }

        @Override
        String model() {
            return model.toString();
        }
    }

    private static final class Criteria extends ClassJudge {
        private final Requirement.Bound bound;

        Criteria(Requirement.Bound bound) {
            this.bound = bound;
        }

        @Override
        boolean accepts(SensitiveTally t) {
            return bound.accepts(t.detail());
        }

        @Override
        long[] shortfall(SensitiveTally t) {
            return bound.shortfall(t.detail());
        }

        @Override
        long[] shortfallWith(SensitiveTally t, int code, long rows) {
            t.add(code, rows);
            try {
                return bound.shortfall(t.detail());
            } finally {
                t.remove(code, rows);
            }
        }

        @Override
        boolean acceptsWithout(SensitiveTally t, int code, long rows) {
            t.remove(code, rows);
            try {
                return bound.accepts(t.detail());
            } finally {
                t.add(code, rows);
            }
        }

        @Override
        void checkFeasible(SensitiveTally whole, String table) {
            bound.checkFeasible(whole.detail(), table);
        }

        @Override
        String model() {
            return bound.requirement().toString();
        }
    }
}
