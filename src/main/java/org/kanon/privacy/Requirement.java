package org.kanon.privacy;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jooq.Condition;
import org.jooq.Field;
import org.kanon.InvalidInputException;

/**
 * A privacy requirement as a set of criteria that every class must meet, beyond at least k rows: entropy or
 * recursive l-diversity, t-closeness, k-map, delta-presence, distinct or frequency l-diversity, each of one
 * sensitive column or against one population table, in any combination ({@link Criterion}). The executors supply
 * what the criteria read ({@link #sensitiveColumns}, {@link #population}, {@link #readsSensitiveHierarchy}) and
 * judge each class by the requirement bound to the table ({@link #bind}).
 *
 * <p>Classes with sample rows must have at least k of them; a class that only the population holds (0 rows of the
 * released table) is judged by the population criteria alone.
 */
public record Requirement(int k, List<Criterion> criteria) implements PrivacyModel {
    public Requirement {
        if (k < 1) {
            throw new InvalidInputException("--k: must be at least 1, got " + k);
        }
        criteria = List.copyOf(criteria);
        if (criteria.isEmpty()) {
            throw new IllegalArgumentException("a requirement needs a criterion beyond k; k alone is KAnonymity");
        }
        Set<String> populations = new LinkedHashSet<>();
        criteria.forEach(c -> c.population().ifPresent(populations::add));
        if (populations.size() > 1) {
            throw new InvalidInputException("--population: one population table per requirement, got " + String.join(", ", populations));
        }
    }

    /** The sensitive columns the criteria read, in the order first named. */
    public List<String> sensitiveColumns() {
        Set<String> columns = new LinkedHashSet<>();
        criteria.forEach(c -> c.sensitiveColumn().ifPresent(columns::add));
        return List.copyOf(columns);
    }

    /** The population table some criterion reads, if any. */
    public Optional<String> population() {
        return criteria.stream().flatMap(c -> c.population().stream()).findFirst();
    }

    /** Whether the criteria read the hierarchy bound to {@code column}. */
    public boolean readsSensitiveHierarchy(String column) {
        return criteria.stream().anyMatch(c -> c.readsSensitiveHierarchy() && c.sensitiveColumn().orElse("").equals(column));
    }

    @Override
    public Optional<Requirement> requirement() {
        return Optional.of(this);
    }

    @Override
    public void refuseCriteria(String where) {
        throw new InvalidInputException(where + " does not support " + this + " yet; use a full-domain search (--algorithm incognito)"
                + " with --executor memory");
    }

    /**
     * A local recoding groups the table's rows by their QI values and one sensitive value, and its classes are of the
     * table alone: it refuses a population criterion (k-map, delta-presence judge classes of the population
     * generalized by the hierarchies, which a recoding's own ranges and per-row levels are not) and criteria over
     * more than one sensitive column.
     */
    @Override
    public void refuseForLocalRecoding(String where) {
        population().ifPresent(p -> {
            throw new InvalidInputException(where + " cannot judge " + this + ": a population criterion (k-map, delta-presence)"
                    + " needs a full-domain release (--algorithm incognito), whose classes the population shares");
        });
        if (sensitiveColumns().size() > 1) {
            throw new InvalidInputException(where + " judges criteria of one sensitive column, got " + String.join(", ", sensitiveColumns())
                    + "; use a full-domain search (--algorithm incognito)");
        }
    }

    /** The one sensitive column a local recoding groups rows by (see {@link #refuseForLocalRecoding}), no sensitive class. */
    @Override
    public Optional<SensitiveAttribute> groupedSensitive() {
        List<String> columns = sensitiveColumns();
        return columns.size() == 1 ? Optional.of(new SensitiveAttribute(columns.get(0), List.of())) : Optional.empty();
    }

    /** The requirement bound to the table: the test of one class. */
    public Bound bind(Domain domain) {
        List<Criterion.ClassTest> tests = new ArrayList<>();
        for (Criterion c : criteria) {
            tests.add(c.bind(domain));
        }
        return new Bound(tests);
    }

    /** The requirement's verdict on one class, bound to the table. */
    public final class Bound {
        private final List<Criterion.ClassTest> tests;

        private Bound(List<Criterion.ClassTest> tests) {
            this.tests = tests;
        }

        public Requirement requirement() {
            return Requirement.this;
        }

        public boolean accepts(ClassDetail c) {
            if (c.size() > 0 && c.size() < k) {
                return false;
            }
            for (Criterion.ClassTest t : tests) {
                if (!t.accepts(c)) {
                    return false;
                }
            }
            return true;
        }

        /** What the class fails first; null when it passes. */
        public String failure(ClassDetail c) {
            if (c.size() > 0 && c.size() < k) {
                return "holds " + c.size() + " row(s), below k = " + k;
            }
            for (Criterion.ClassTest t : tests) {
                if (!t.accepts(c)) {
                    return t.failure(c);
                }
            }
            return null;
        }

        /**
         * How far a class is from passing: rows missing to k, then each criterion's {@link Criterion.ClassTest#deficit}
         * in billionths; all 0 when it passes. A local recoding's heuristics compare two of them figure by figure.
         */
        public long[] shortfall(ClassDetail c) {
            long[] s = new long[tests.size() + 1];
            s[0] = c.size() > 0 ? Math.max(0, k - c.size()) : 0;
            for (int i = 0; i < tests.size(); i++) {
                s[i + 1] = (long) Math.ceil(tests.get(i).deficit(c) * 1e9);
            }
            return s;
        }

        /** Each criterion's figure of the class, in the order of {@link #criteria()}. */
        public double[] measures(ClassDetail c) {
            double[] m = new double[tests.size()];
            for (int i = 0; i < m.length; i++) {
                m[i] = tests.get(i).measure(c);
            }
            return m;
        }

        /** Refuses up front a requirement that the whole table, as one class (the coarsest release), fails. */
        public void checkFeasible(ClassDetail whole, String table) {
            new KAnonymity(k).checkAgainst(whole.size(), table);
            for (int i = 0; i < tests.size(); i++) {
                if (!tests.get(i).accepts(whole)) {
                    throw new InvalidInputException(criteria.get(i) + ": the whole of " + table + " as one class "
                            + tests.get(i).failure(whole) + ", so no release of it can meet the requirement");
                }
            }
        }
    }

    @Override
    public Optional<SensitiveAttribute> sensitive() {
        return Optional.empty();
    }

    @Override
    public boolean accepts(ClassStatistics c) {
        throw unsupported();
    }

    @Override
    public void checkFeasible(ClassStatistics wholeTable, String table) {
        throw unsupported();
    }

    @Override
    public boolean monotoneWithSuppression() {
        return criteria.stream().allMatch(Criterion::monotoneWithSuppression);
    }

    /** {@code requirement;k=<k>}, then each criterion's code after a {@code |}. */
    @Override
    public String code() {
        StringBuilder code = new StringBuilder(ModelCode.REQUIREMENT + ";k=" + k);
        for (Criterion c : criteria) {
            code.append(ModelCode.CRITERIA).append(c.code());
        }
        return code.toString();
    }

    @Override
    public Condition acceptsSql(Field<Long> size, Field<? extends Number> sensitiveRows, Field<? extends Number> largestValueRows,
                                Field<? extends Number> distinctValues) {
        throw unsupported();
    }

    @Override
    public Condition failsBeyondK(Field<BigDecimal> valueRows, Field<BigDecimal> classSize, Field<String> valueText) {
        throw unsupported();
    }

    @Override
    public long[] shortfall(ClassStatistics c) {
        throw unsupported();
    }

    @Override
    public String failure(ClassStatistics c) {
        throw unsupported();
    }

    /** A path that reads only the four classic figures cannot judge a requirement; the callers refuse it first. */
    private InvalidInputException unsupported() {
        return new InvalidInputException(this + " is not supported here yet; use a full-domain search with --executor memory");
    }

    @Override
    public String toString() {
        List<String> parts = new ArrayList<>();
        if (k > 1) {
            parts.add(k + "-anonymity");
        }
        criteria.forEach(c -> parts.add(c.toString()));
        return String.join(" + ", parts);
    }
}
